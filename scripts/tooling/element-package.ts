/**
 * The element's own package, `@resort-conditions/element` (widget/README.md, "Using the package"): what a
 * site that bundles the card or the list installs, with `lit` its only dependency. `package.ts` builds its
 * modules into `lib/element/`; this module writes the rest of that folder: its package.json (name,
 * exports, types, manifest, the style sheet, from the root package.json's version, licence and lit range),
 * its README and LICENSE, and declarations that name no package but lit (the records' types, which the
 * sources infer from the zod schemas, written out in full).
 */
import { copyFile, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, relative } from 'node:path';

/** The element's package folder, packed by `npm pack lib/element` (scripts/package.ts, `--pack`). */
export const ELEMENT_FOLDER = 'lib/element';
export const ELEMENT_PACKAGE = '@resort-conditions/element';

/** The root package.json's fields the element's package takes. */
export interface RootManifest {
  version: string;
  license: string;
  repository: { type: string; url: string };
  homepage: string;
  bugs: { url: string };
  dependencies: Record<string, string>;
}

/** An entry point of the element: its module and its declaration under `types/`. */
const entry = (name: string, source: string) => ({
  types: `./types/${source.replace(/\.ts$/, '.d.ts')}`,
  default: `./${name}.js`,
});

/** The element's package.json. */
export function elementManifest(root: RootManifest): Record<string, unknown> {
  const lit = root.dependencies.lit;
  if (!lit) throw new Error('package.json: the element needs lit among the dependencies');
  const card = entry('resort-conditions', 'widget/card/resort-conditions.ts');
  return {
    name: ELEMENT_PACKAGE,
    version: root.version,
    description:
      'The <resort-conditions> card and <resort-conditions-list> table of a ski-resort snow conditions snapshot, as ES modules for a bundler; Lit is their only dependency.',
    license: root.license,
    repository: { ...root.repository, directory: 'widget' },
    homepage: root.homepage.replace(/#readme$/, '/blob/HEAD/widget/README.md#using-the-package'),
    bugs: root.bugs,
    type: 'module',
    main: card.default,
    types: card.types,
    exports: {
      '.': card,
      './define': entry('define', 'widget/card/define.ts'),
      './list': entry('list/resort-conditions-list', 'widget/list/resort-conditions-list.ts'),
      './list/define': entry('list/define', 'widget/list/define.ts'),
      './custom-elements.json': './custom-elements.json',
      './resort-conditions.css': './resort-conditions.css',
      './package.json': './package.json',
    },
    customElements: 'custom-elements.json',
    sideEffects: ['./define.js', './list/define.js', './resort-conditions.css'],
    dependencies: { lit },
  };
}

/**
 * widget/README.md for the package's page: its links to the repository's other files made absolute (they
 * are not in the package), the ones within the page kept.
 */
export function elementReadme(text: string, root: RootManifest): string {
  const repository = root.homepage.replace(/#readme$/, '');
  return text.replace(/\]\(([^)\s#][^)\s]*)\)/g, (link, target: string) => {
    if (/^[a-z]+:/.test(target)) return link;
    const [path, anchor] = target.split('#') as [string, string | undefined];
    const to = normalize(join('widget', path)).split('\\').join('/');
    const kind = /\.(png|svg|jpe?g)$/.test(to) ? 'raw' : 'blob';
    return `](${repository}/${kind}/HEAD/${to}${anchor ? `#${anchor}` : ''})`;
  });
}

/**
 * The records' types written out (`scripts/api/browser.ts` re-exports them from the zod schemas, whose
 * declarations would name zod): the compiler's own reading of each, in place of the re-export, and the
 * schemas' declarations removed.
 */
export async function ownRecordTypes(root: string, types: string): Promise<void> {
  const { default: ts } = await import('typescript');
  const source = join(root, 'scripts', 'api', 'browser.ts');
  const parsed = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  });
  const program = ts.createProgram([source], { ...parsed!.options, noEmit: true });
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(source)!;
  const written: string[] = [];
  for (const symbol of checker.getExportsOfModule(checker.getSymbolAtLocation(file)!)) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    if (!(target.flags & ts.SymbolFlags.TypeAlias)) continue;
    const text = checker.typeToString(
      checker.getDeclaredTypeOfSymbol(target),
      file,
      ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.InTypeAlias,
    );
    written.push(
      `/** As the contract's schema reads it (scripts/api/schemas/). */\nexport type ${symbol.name} = ${text};`,
    );
  }
  const printer = ts.createPrinter();
  const printed = printer.printFile(
    ts.createSourceFile('records.d.ts', written.join('\n'), ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS),
  );
  const declaration = join(types, 'scripts', 'api', 'browser.d.ts');
  const reexport = /^export type \{[^}]*\} from '\.\/schemas\/[\w-]+\.ts';\n/gm;
  const kept = (await readFile(declaration, 'utf8')).replace(reexport, '');
  await writeFile(declaration, `${kept}${printed}`);
  await rm(join(types, 'scripts', 'api', 'schemas'), { recursive: true, force: true });
  await checkDeclarations(types);
}

/** Every declaration names only files beside it and lit: an install of the element and lit type-checks. */
async function checkDeclarations(types: string): Promise<void> {
  const files = (await readdir(types, { recursive: true })).filter((f) => f.endsWith('.d.ts'));
  const have = new Set(files.map((f) => f.split('\\').join('/')));
  for (const file of files) {
    const text = await readFile(join(types, file), 'utf8');
    for (const [, specifier] of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)['"]([^'"]+)['"]/g)) {
      const ok = specifier!.startsWith('.')
        ? have.has(relative(types, join(types, dirname(file), specifier!.replace(/\.ts$/, '.d.ts'))))
        : /^lit(\/|$)/.test(specifier!);
      if (!ok) throw new Error(`${file}: names ${specifier}, which the element's package does not hold`);
    }
  }
}

/** The element package's package.json, README and LICENSE, in its folder. */
export async function elementPackageFiles(root: string, manifest: RootManifest): Promise<void> {
  const folder = join(root, ELEMENT_FOLDER);
  await writeFile(join(folder, 'package.json'), `${JSON.stringify(elementManifest(manifest), null, 2)}\n`);
  const readme = await readFile(join(root, 'widget', 'README.md'), 'utf8');
  await writeFile(join(folder, 'README.md'), elementReadme(readme, manifest));
  await copyFile(join(root, 'LICENSE'), join(folder, 'LICENSE'));
}
