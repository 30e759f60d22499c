/**
 * The names of the bundle's content-named chunks (`rc.<name>.<hash>.js`), made from their bytes as they are
 * written, after every plugin (scripts/docs/hosting.md, "Hosting"): a host serves them as immutable for a
 * year, so a chunk whose bytes change must change its name.
 *
 * The bundler's own `[hash]` is computed before the plugins that minify the chunks (vite.config.ts's
 * `minifyChunks`, bundle.ts's `shortLitInternals`) change them, so the bundler writes the names with their
 * hashes blanked (`rc.core.________.js`) and they are made here, last. A chunk names the chunks it imports
 * or loads, and they may name it back (the shared chunk loads the strip's, which imports the shared one): no
 * order of the chunks lets each one's name be the hash of its own bytes.
 * Each chunk's hash is therefore that of its bytes with every content-named chunk's hash blanked in them,
 * followed by the same of each chunk it reaches through the names it holds (at any depth, in the order of
 * their blanked names). A chunk's bytes are its blanked bytes with the names of the chunks it names filled
 * in, and each of those names is made of a part of what its own hash reads: whenever its bytes change, so
 * does what its hash reads. A chunk that names no other (each language's) is named by the hash of its
 * bytes alone. The hash is SHA-256's first hex digits, as many as the bundler's: a name spells no word (a
 * test of the bundle looks for `zod` in every file). Pure but for the plugin.
 */
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/** A chunk of the bundle: its file name and its code. */
export interface NamedChunk {
  fileName: string;
  code: string;
}

/** Where a content-named chunk's hash is in its file name, and the name with it blanked. */
interface Span {
  blank: string;
  start: number;
  length: number;
}

/** The content-named chunks' names (`named` matches their hashes), refused when two read alike blanked. */
function spansOf(chunks: readonly NamedChunk[], named: RegExp): Map<string, Span> {
  const spans = new Map<string, Span>();
  const blanks = new Set<string>();
  for (const { fileName } of chunks) {
    const hash = new RegExp(named.source).exec(fileName);
    if (!hash) continue;
    const [start, length] = [hash.index, hash[0].length];
    const blank = fileName.slice(0, start) + '_'.repeat(length) + fileName.slice(start + length);
    if (blanks.has(blank))
      throw new Error(`${fileName}: two chunks would read as ${blank} without their hashes`);
    blanks.add(blank);
    spans.set(fileName, { blank, start, length });
  }
  return spans;
}

/** Any of `names` in code, but not inside a longer name (`rc.e.<h>.js` in `rc.de.<h>.js`). */
function anyOf(names: Iterable<string>): RegExp {
  const escaped = [...names]
    .sort((a, b) => b.length - a.length)
    .map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(?<![\\w$.-])(?:${escaped.join('|')})(?![\\w$-])`, 'g');
}

/** The chunks `from` reaches through the names they hold (`refers`), at any depth, without itself. */
function reach(refers: ReadonlyMap<string, ReadonlySet<string>>, from: string): Set<string> {
  const reached = new Set<string>();
  const next = [from];
  for (let name = next.pop(); name !== undefined; name = next.pop())
    for (const to of refers.get(name)!) if (!reached.has(to)) next.push((reached.add(to), to));
  reached.delete(from);
  return reached;
}

/**
 * The chunks with each content-named one (a file name `named` matches, its hash the part it matches) named
 * by its content, and every chunk's code naming them so; the others keep their names.
 */
export function nameByContent(chunks: readonly NamedChunk[], named: RegExp): NamedChunk[] {
  const spans = spansOf(chunks, named);
  if (spans.size === 0) return [...chunks];
  const names = anyOf(spans.keys());
  const blankCode = new Map<string, string>();
  const refers = new Map<string, Set<string>>();
  for (const { fileName, code } of chunks) {
    const held = new Set<string>();
    blankCode.set(
      fileName,
      code.replace(names, (name) => (held.add(name), spans.get(name)!.blank)),
    );
    refers.set(fileName, held);
  }
  const renamed = new Map<string, string>();
  for (const [fileName, { blank, start, length }] of spans) {
    const hash = createHash('sha256').update(blankCode.get(fileName)!);
    const reached = [...reach(refers, fileName)].map((name) => [spans.get(name)!.blank, name] as const);
    for (const [other, name] of reached.sort(([a], [b]) => (a < b ? -1 : 1)))
      hash.update(`\0${other}\0`).update(blankCode.get(name)!);
    renamed.set(
      fileName,
      blank.slice(0, start) + hash.digest('hex').slice(0, length) + blank.slice(start + length),
    );
  }
  return chunks.map(({ fileName, code }) => ({
    fileName: renamed.get(fileName) ?? fileName,
    code: code.replace(names, (name) => renamed.get(name)!),
  }));
}

/**
 * The plugin that names the content-named chunks (`named`: their file names, the hash the part it matches)
 * by their content, after every other plugin has changed their code.
 */
export function contentNames(named: RegExp): Plugin {
  return {
    name: 'content-names',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        // a style sheet that named a chunk would keep naming it as the bundler did
        for (const asset of Object.values(bundle))
          for (const chunk of chunks)
            if (asset.type === 'asset' && String(asset.source).includes(chunk.fileName))
              throw new Error(`${asset.fileName} names ${chunk.fileName}, which only a chunk may name`);
        const renamed = nameByContent(chunks, named);
        chunks.forEach((chunk, i) => {
          chunk.code = renamed[i]!.code;
          chunk.fileName = renamed[i]!.fileName;
        });
      },
    },
  };
}
