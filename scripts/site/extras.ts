/**
 * The files a release publishes beside `api/`: host headers always; the rules that answer the service's
 * own URLs with the full profile; the element's bundle, the demo page and the embeds (cards, image
 * copies) when the element is built.
 */
import { headersFile } from '../api/headers.ts';
import type { ExtraFile, StagedFiles } from '../snapshot/release/release.ts';
import type { Scope } from '../snapshot/discover/scope.ts';
import { embedFiles } from './embeds.ts';
import { demoPage } from './demo.ts';
import { mirrorFiles } from './mirror.ts';

export interface SiteOptions {
  scope: Scope;
  /** Published API files, relative to `api/` (readable while staged: the embeds are made from them). */
  files: readonly string[] & Partial<Pick<StagedFiles, 'read' | 'builtAt'>>;
  locales: readonly string[];
  /** Whether the data is the embedded sample (the demo page says so). */
  sample: boolean;
  /** `widget`: no rules for the service's URLs (the mirror's files are not published). */
  profile?: 'full' | 'widget';
  /** Bundles the element; absent: no element, no demo page. */
  widget?: () => Promise<ExtraFile[]>;
}

/** The files, made one at a time as they are written: the cards of a large tree would not fit in memory at once. */
export async function* siteFiles(options: SiteOptions): AsyncGenerator<ExtraFile> {
  yield { path: '_headers', bytes: Buffer.from(headersFile(options.files)) };
  if (options.profile !== 'widget') yield* await mirrorFiles({ locales: options.locales, groups: options.scope.groups, files: options.files });
  if (options.widget) {
    yield* await options.widget();
    yield { path: 'index.html', bytes: Buffer.from(demoPage(options.scope.resorts, options.locales, options.sample)) };
    yield* embedFiles(options);
  }
}
