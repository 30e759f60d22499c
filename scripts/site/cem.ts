/**
 * The custom-elements manifest of `<resort-conditions>` (`widget/custom-elements.json`), made by
 * `@custom-elements-manifest/analyzer`, with three small plugins of its own. It reads
 * widget/resort-conditions.ts and widget/define.ts (where `customElements.define` gives the class its tag) and
 * keeps only the element's module. `scripts/generate-cem.ts` writes it; test/widget/manifest.test.ts checks it.
 */
import { readFile } from 'node:fs/promises';
import * as analyzer from '@custom-elements-manifest/analyzer';
import type { AnalyzePhaseParams, Context, PackageLinkPhaseParams, Plugin } from '@custom-elements-manifest/analyzer';
// @ts-expect-error -- untyped: the analyzer's own reader of a class's JSDoc (`@fires`, `@slot`, `@csspart`…)
import { classJsDocPlugin } from '@custom-elements-manifest/analyzer/src/features/analyse-phase/class-jsdoc.js';

type TS = AnalyzePhaseParams['ts'];
type Node = AnalyzePhaseParams['node'];
type SourceFile = ReturnType<TS['createSourceFile']>;
export type Manifest = PackageLinkPhaseParams['customElementsManifest'];

/** The entry point exports `create` and the TypeScript it was built with, but its index.d.ts omits both. */
const { create, ts } = analyzer as unknown as {
  create(options: { modules: SourceFile[]; plugins?: Plugin[]; context?: Context }): Manifest;
  ts: TS;
};

/** The element's module, the only one the manifest keeps. */
export const ELEMENT_MODULE = 'widget/resort-conditions.ts';
/** Analyzed too, so that its `customElements.define('resort-conditions', …)` links the tag to the class. */
const DEFINE_MODULE = 'widget/define.ts';
const ROOT = new URL('../../', import.meta.url);

/**
 * The element's JSDoc opens its file, above the imports, where TypeScript attaches it to the first import
 * rather than to the class: a class without JSDoc of its own gets the file's opening comment, read by the
 * analyzer's own class-JSDoc plugin.
 */
function fileCommentAsClassDoc(): Plugin {
  const classJsDoc = (classJsDocPlugin as () => Plugin)();
  return {
    name: 'resort-conditions: file comment as class JSDoc',
    analyzePhase(params) {
      const { node } = params;
      if (!ts.isClassDeclaration(node) || hasJsDoc(node)) return;
      const first = node.getSourceFile().statements[0];
      if (!first || first === node || !hasJsDoc(first)) return;
      classJsDoc.analyzePhase!({ ...params, node: Object.create(node, { jsDoc: { value: first.jsDoc } }) as Node });
    },
  };
}

function hasJsDoc(node: Node): node is Node & { jsDoc: unknown[] } {
  const { jsDoc } = node as { jsDoc?: unknown[] };
  return Array.isArray(jsDoc) && jsDoc.length > 0;
}

/**
 * A property documented with `@reflects` mirrors its value in its attribute. The analyzer reads the tag
 * as text only; this sets the manifest's `reflects` from it.
 */
function reflectsTag(): Plugin {
  return {
    name: 'resort-conditions: @reflects',
    analyzePhase({ node, moduleDoc }) {
      if (!ts.isClassDeclaration(node) || !node.name) return;
      const klass = moduleDoc.declarations?.find((d) => d.kind === 'class' && d.name === node.name!.text) as
        | { members?: { name: string; reflects?: boolean }[] }
        | undefined;
      for (const member of node.members) {
        if (!member.name || !ts.getJSDocTags(member).some((tag) => tag.tagName.text === 'reflects')) continue;
        const doc = klass?.members?.find((m) => m.name === member.name!.getText());
        if (doc) doc.reflects = true;
      }
    },
  };
}

/**
 * Keeps the element's module, and in it only what it exports (the analyzer keeps `const locale`, a local
 * variable of a method, because an object literal elsewhere uses the shorthand `{ locale }`).
 */
function elementModuleOnly(): Plugin {
  return {
    name: 'resort-conditions: element module only',
    packageLinkPhase({ customElementsManifest }) {
      customElementsManifest.modules = customElementsManifest.modules.filter((m) => m.path === ELEMENT_MODULE);
      for (const module of customElementsManifest.modules) {
        const exported = new Set(module.exports?.map((e) => e.declaration.name));
        module.declarations = module.declarations?.filter((d) => exported.has(d.name));
      }
    },
  };
}

/** The manifest, as `widget/custom-elements.json` holds it. */
export async function customElementsManifest(): Promise<Manifest> {
  const modules = await Promise.all(
    [ELEMENT_MODULE, DEFINE_MODULE].map(async (path) =>
      ts.createSourceFile(path, await readFile(new URL(path, ROOT), 'utf8'), ts.ScriptTarget.ES2015, true),
    ),
  );
  const plugins = [fileCommentAsClassDoc(), reflectsTag(), elementModuleOnly()];
  return create({ modules, plugins, context: { dev: false } });
}

/** The file's text: pretty-printed, with a final newline. */
export async function customElementsJson(): Promise<string> {
  return `${JSON.stringify(await customElementsManifest(), null, 2)}\n`;
}
