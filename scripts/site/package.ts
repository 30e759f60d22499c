/**
 * The publishable package (widget/README.md, "Using the package"; scripts/README.md, "Development and tests"): what `npm pack` ships, compiled into gitignored folders.
 *
 * - `widget/lib/`: the element as ES modules with `.d.ts` (lit stays a dependency), the contract modules it
 *   runs with under `widget/lib/contract/`, the record types it names as plain TypeScript (no zod), the
 *   custom-elements manifest pointing at the JavaScript, the pre-render module of the cards, and `bundle/`:
 *   the one-file bundle with lit inside that a build publishes (so the command line needs no bundler), and
 *   the iframe loader.
 * - `scripts/lib/`: the command line (`resort-conditions build | serve | deploy | plan`) as JavaScript.
 *
 * The TypeScript compiler does the work; specifiers are rewritten to the folders the files land in.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import ts from 'typescript';
import { FRAME_LOADER } from '../api/headers.ts';
import { frameLoaderSource } from './cards.ts';
import { minifyStyleSheet } from './minify-css.ts';
import { RUNTIME, runtimeBundle, type RuntimeName } from './runtime.ts';
import { bundleWidget } from './widget.ts';

/** The folders `npm pack` compiles into; gitignored, removed again after packing. */
export const PACKAGE_FOLDERS = ['widget/lib', 'scripts/lib'] as const;

const SCHEMAS = 'scripts/api/schemas/';

/** Source path (`widget/data.js`, as specifiers name it after compiling) → the path it ships at, or undefined. */
type Layout = (source: string) => string | undefined;

const elementLayout: Layout = (source) => {
  if (source.startsWith('widget/lib/')) return undefined;
  if (source.startsWith('widget/')) return `widget/lib/${source.slice('widget/'.length)}`;
  if (source.startsWith('scripts/api/')) return `widget/lib/contract/${source.slice('scripts/api/'.length)}`;
  return undefined;
};

const cliLayout: Layout = (source) => {
  if (source.startsWith('scripts/lib/') || source.startsWith('widget/lib/')) return undefined;
  if (source.startsWith('scripts/')) return `scripts/lib/${source.slice('scripts/'.length)}`;
  if (source.startsWith('widget/')) return `scripts/lib/widget/${source.slice('widget/'.length)}`;
  return undefined;
};

function compilerOptions(root: string, declaration: boolean): ts.CompilerOptions {
  const read = ts.readConfigFile(join(root, 'tsconfig.json'), (path) => ts.sys.readFile(path));
  const { options } = ts.parseJsonConfigFileContent(read.config, ts.sys, root);
  return {
    ...options,
    noEmit: false,
    allowImportingTsExtensions: false,
    rewriteRelativeImportExtensions: true,
    rootDir: root,
    outDir: join(root, '.package-emit'),
    declaration,
    declarationMap: false,
    sourceMap: false,
    noEmitOnError: true,
  };
}

function check(program: ts.Program): void {
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length === 0) return;
  const host: ts.FormatDiagnosticsHost = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => program.getCurrentDirectory(), getNewLine: () => '\n' };
  throw new Error(`the package does not compile:\n${ts.formatDiagnostics(diagnostics.slice(0, 20), host)}`);
}

/** Points every relative specifier of a compiled file at the place its target ships at. */
function relink(text: string, source: string, out: string, layout: Layout): string {
  return text.replace(/(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.\.?\/[^'"]+)\2/g, (_, lead: string, quote: string, specifier: string) => {
    // declarations keep the sources' `.ts` specifiers; shipped, they name the `.js` files (and so their `.d.ts`)
    const target = posix.normalize(posix.join(posix.dirname(source), specifier)).replace(/(?<!\.d)\.ts$/, '.js');
    const shipped = layout(target);
    if (!shipped) throw new Error(`${source} imports ${specifier} (${target}), which the package does not ship`);
    const link = posix.relative(posix.dirname(out), shipped);
    return `${lead}${quote}${link.startsWith('.') ? link : `./${link}`}${quote}`;
  });
}

/**
 * Points `new URL('../../data/', import.meta.url)` of the command line at the same file of the package
 * from where the compiled module ships (one folder deeper, in `scripts/lib/`).
 */
function relinkUrls(text: string, source: string, out: string): string {
  return text.replace(/new URL\((\s*(?:\/\*[^*]*\*\/\s*)?)(['"])(\.\.?(?:\/[^'"]*)?)\2(\s*,\s*import\.meta\.url\s*\))/g, (_, lead: string, quote: string, specifier: string, tail: string) => {
    const target = posix.normalize(posix.join(posix.dirname(source), specifier));
    const shipped = /^scripts\/.+\.(ts|js)$/.test(target) ? cliLayout(target.replace(/\.ts$/, '.js')) : undefined;
    let link = posix.relative(posix.dirname(out), shipped ?? target) || '.';
    if (specifier.endsWith('/') && !link.endsWith('/')) link += '/';
    return `new URL(${lead}${quote}${link.startsWith('.') ? link : `./${link}`}${quote}${tail}`;
  });
}

interface Emitted {
  files: Map<string, string>;
  program: ts.Program;
}

/** Compiles `roots` and maps every output file through `layout`; `skip` leaves sources out (their own output is replaced). */
function emit(root: string, roots: string[], layout: Layout, declaration: boolean, skip: (source: string) => boolean = () => false): Emitted {
  const options = compilerOptions(root, declaration);
  const program = ts.createProgram(roots.map((r) => join(root, r)), options);
  check(program);
  const files = new Map<string, string>();
  const result = program.emit(undefined, (fileName, text) => {
    const source = relative(options.outDir!, fileName).split('\\').join('/');
    if (skip(source)) return;
    const base = source.replace(/\.d\.ts$|\.js$/, '');
    const shipped = layout(`${base}.js`);
    if (!shipped) throw new Error(`${source} is in the package's program but has no place in it`);
    const out = source.endsWith('.d.ts') ? shipped.replace(/\.js$/, '.d.ts') : shipped;
    files.set(out, relink(text, source, out, layout));
  });
  if (result.emitSkipped) throw new Error('the TypeScript compiler emitted nothing');
  return { files, program };
}

/** A type as plain TypeScript: objects, arrays, unions and literals spelled out, no alias of any library. */
function printType(checker: ts.TypeChecker, type: ts.Type, indent: string, depth = 0): string {
  if (depth > 40) throw new Error(`the type ${checker.typeToString(type)} nests too deeply to print`);
  const next = (t: ts.Type, extra = '') => printType(checker, t, indent + extra, depth + 1);
  if (type.isUnion()) {
    const parts = type.types.map((t) => next(t));
    const boolean = parts.includes('true') && parts.includes('false');
    const rest = parts.filter((p) => !(boolean && (p === 'true' || p === 'false')));
    return [...new Set([...(boolean ? ['boolean'] : []), ...rest])].join(' | ');
  }
  if (type.isIntersection()) return type.types.map((t) => `(${next(t)})`).join(' & ');
  const simple = ts.TypeFlags.String | ts.TypeFlags.Number | ts.TypeFlags.Boolean | ts.TypeFlags.BooleanLiteral | ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral | ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Unknown | ts.TypeFlags.Any | ts.TypeFlags.Never | ts.TypeFlags.BigInt;
  if (type.flags & simple) return checker.typeToString(type);
  if (checker.isArrayType(type)) return `Array<${next(checker.getTypeArguments(type as ts.TypeReference)[0]!)}>`;
  if (checker.isTupleType(type)) return `[${checker.getTypeArguments(type as ts.TypeReference).map((t) => next(t)).join(', ')}]`;
  if (type.flags & ts.TypeFlags.Object && type.getCallSignatures().length === 0) {
    const inner = `${indent}  `;
    const lines: string[] = [];
    for (const info of checker.getIndexInfosOfType(type)) lines.push(`${inner}[key: ${checker.typeToString(info.keyType)}]: ${next(info.type, '  ')};`);
    for (const property of checker.getPropertiesOfType(type)) {
      const name = /^[A-Za-z_$][\w$]*$/.test(property.name) ? property.name : JSON.stringify(property.name);
      const optional = property.flags & ts.SymbolFlags.Optional ? '?' : '';
      lines.push(`${inner}${name}${optional}: ${next(checker.getTypeOfSymbol(property), '  ')};`);
    }
    return lines.length === 0 ? '{}' : `{\n${lines.join('\n')}\n${indent}}`;
  }
  throw new Error(`cannot print the type ${checker.typeToString(type)} as plain TypeScript`);
}

/** The exported type aliases of a schema module, spelled out: what the element's `.d.ts` names from it. */
function schemaDeclarations(program: ts.Program, file: ts.SourceFile, source: string): string {
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(file);
  const lines = [`// Generated from ${source.replace(/\.js$/, '.ts')} by \`npm pack\`: its record types as plain TypeScript, so the element's types need no zod.`, ''];
  for (const symbol of module ? checker.getExportsOfModule(module) : []) {
    if (!(symbol.flags & ts.SymbolFlags.TypeAlias)) continue;
    lines.push(`export type ${symbol.name} = ${printType(checker, checker.getDeclaredTypeOfSymbol(symbol), '')};`, '');
  }
  return lines.join('\n');
}

/** The element: JavaScript and declarations, the record types, the manifest, the one-file bundle. */
async function element(root: string): Promise<Map<string, string | Uint8Array>> {
  const { files, program } = emit(root, ['widget/resort-conditions.ts', 'widget/define.ts', ...(existsSync(join(root, 'widget/prerender.ts')) ? ['widget/prerender.ts'] : [])], elementLayout, true, (source) => source.startsWith(SCHEMAS));
  const out = new Map<string, string | Uint8Array>(files);
  // the style sheet as small as in the bundle: a consumer's bundler does not minify a template literal
  const styles = files.get('widget/lib/styles.js');
  if (styles === undefined || minifyStyleSheet(styles) === styles) throw new Error('widget/lib/styles.js: no /* css */ style sheet to minify');
  out.set('widget/lib/styles.js', minifyStyleSheet(styles));
  for (const [path, text] of files) {
    if (path.endsWith('.js') && /['"][^'"]*\/contract\/schemas\//.test(text)) throw new Error(`${path} imports a schema module at run time (zod): the element may import the schemas as types only`);
  }
  for (const file of program.getSourceFiles()) {
    const source = relative(root, file.fileName).split('\\').join('/');
    if (!source.startsWith(SCHEMAS) || file.isDeclarationFile) continue;
    const js = source.replace(/\.ts$/, '.js');
    out.set(elementLayout(js)!.replace(/\.js$/, '.d.ts'), schemaDeclarations(program, file, js));
  }
  // the types may name the package's own files and lit (`lit`, `lit/html.js`), its one dependency the element
  // uses; not zod, and not lit-html, which only a hoisted install puts where a consumer's tsc finds them
  for (const [path, text] of out) {
    if (!path.endsWith('.d.ts')) continue;
    for (const [, specifier] of (text as string).matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)['"]([^'"]+)['"]/g)) {
      if (specifier!.startsWith('.') || specifier === 'lit' || specifier === 'lit/html.js') continue;
      throw new Error(`${path} names "${specifier}": the element's types must name only its own files and lit, which a consumer installs with it`);
    }
  }
  const manifest = JSON.parse(await readFile(join(root, 'widget/custom-elements.json'), 'utf8')) as unknown;
  const repoint = (value: unknown): unknown => {
    if (typeof value === 'string' && /^widget\/[\w/-]+\.ts$/.test(value)) return elementLayout(value.replace(/\.ts$/, '.js')) ?? value;
    if (Array.isArray(value)) return value.map(repoint);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, repoint(v)]));
    return value;
  };
  out.set('widget/lib/custom-elements.json', `${JSON.stringify(repoint(manifest), null, 2)}\n`);
  for (const file of await bundleWidget()) out.set(`widget/lib/bundle/${file.path}`, file.bytes);
  // the iframe loader beside it, for pages that embed the cards from a CDN that serves the package
  out.set(`widget/lib/bundle/${FRAME_LOADER}`, await frameLoaderSource());
  return out;
}

/**
 * The command line, and the deploy command when this tree has one: each module of their import graph
 * transpiled on its own (the graph includes the S3 client's types; `npm test` type-checks all of it).
 */
function commandLine(root: string): Map<string, string> {
  const options = compilerOptions(root, false);
  const files = new Map<string, string>();
  const queue = ['scripts/cli/main.ts', 'scripts/cli/deploy.ts'].filter((r) => existsSync(join(root, r)));
  const seen = new Set<string>();
  for (let source = queue.pop(); source !== undefined; source = queue.pop()) {
    if (seen.has(source)) continue;
    seen.add(source);
    const text = readFileSync(join(root, source), 'utf8');
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
      if (fileName.startsWith('.')) queue.push(posix.normalize(posix.join(posix.dirname(source), fileName)));
    }
    const result = ts.transpileModule(text, { compilerOptions: options, fileName: join(root, source), reportDiagnostics: true });
    if (result.diagnostics?.length) throw new Error(`${source} does not compile: ${ts.flattenDiagnosticMessageText(result.diagnostics[0]!.messageText, '\n')}`);
    const js = source.replace(/\.ts$/, '.js');
    const out = cliLayout(js);
    if (!out) throw new Error(`${source} is imported by the command line but has no place in the package`);
    files.set(out, relinkUrls(relink(result.outputText, js, out, cliLayout), js, out));
  }
  return files;
}

/** Removes what `buildPackage` wrote. */
export async function cleanPackage(root: string): Promise<void> {
  for (const folder of PACKAGE_FOLDERS) await rm(join(root, folder), { recursive: true, force: true });
}

/** Compiles the package into its folders (they are emptied first); answers the files written. */
export async function buildPackage(root: string): Promise<string[]> {
  await cleanPackage(root);
  const files = new Map<string, string | Uint8Array>([...(await element(root)), ...commandLine(root)]);
  // the code a build publishes to run elsewhere, bundled beside the module that reads it (runtime.ts)
  for (const name of Object.keys(RUNTIME) as RuntimeName[]) files.set(`scripts/lib/site/runtime/${name}.js`, await runtimeBundle(name));
  for (const [path, content] of files) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
  return [...files.keys()].sort();
}
