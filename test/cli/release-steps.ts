/**
 * The files the build's publishing steps (scripts/cli/publishers.ts) make for a tree, without a run: each
 * release step that needs no staged release (the hosting, the feeds, the element, the demo page, the
 * embeds' release parts), its parts made in the list's order and their files collected.
 */
import { publishingSteps, type StepOptions } from '../../scripts/cli/publishers.ts';
import type { Scope } from '../../scripts/snapshot/model.ts';
import type { FilesPart, PublishContext } from '../../scripts/snapshot/release/publisher.ts';
import type { ExtraFile, KeptFiles, StagedFiles } from '../../scripts/snapshot/store/staging.ts';

/** The steps that make their files from the tree alone (the history and the image copies need a release). */
const FROM_THE_TREE = new Set(['hosting', 'feeds', 'element', 'demo', 'embeds']);

export interface Tree {
  scope: Scope;
  files: Iterable<string> & Partial<Pick<StagedFiles, 'read' | 'builtAt' | 'dir'>>;
  kept?: KeptFiles;
}

/** The options of `publishingSteps` for a test: the sample, every step's defaults. */
export const stepOptions = (
  over: Omit<Partial<StepOptions>, 'config'> & { config?: Partial<StepOptions['config']> } = {},
): StepOptions => ({
  sample: true,
  widget: true,
  ...over,
  config: {
    locales: ['en-US'],
    profile: 'full',
    alerts: { newSnowCm: 20 },
    embeds: { season: false },
    ...over.config,
  },
});

/** Every file the steps make for `tree`, in the order they are made. */
export async function releasedFiles(options: StepOptions, tree: Tree): Promise<ExtraFile[]> {
  const steps = publishingSteps(options);
  const out: ExtraFile[] = [];
  const context = {
    ...tree,
    write: async (files: Iterable<ExtraFile> | AsyncIterable<ExtraFile>) => {
      for await (const file of files) out.push(file);
    },
  } as unknown as PublishContext;
  try {
    for (const step of steps.publishers)
      if (step.stage === 'release' && FROM_THE_TREE.has(step.name))
        for await (const part of step.parts(context))
          out.push(...(await collect(await (part as FilesPart).files())));
  } finally {
    await steps.close();
  }
  return out;
}

async function collect(files: Iterable<ExtraFile> | AsyncIterable<ExtraFile>): Promise<ExtraFile[]> {
  const out: ExtraFile[] = [];
  for await (const file of files) out.push(file);
  return out;
}
