/**
 * The chunks' names made from their bytes (scripts/tooling/content-names.ts), over small bundles written
 * out here: what a chunk's name reads, what a change renames, and what it leaves as it was.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { nameByContent, type NamedChunk } from '../../scripts/tooling/content-names.ts';

/** A chunk's hash as vite.config.ts's names hold it: `rc.<name>.<hash>.js`. */
const HASH = /(?<=^rc\.[\w-]+\.)[\w-]{8}(?=\.js$)/;

/**
 * An entry that imports the shared chunk, which loads a language and the strip on demand; the strip
 * imports the shared chunk back; one more chunk that nothing names. The bundler's hashes as given.
 */
const bundle = (hashes = ['AAAAAAAA', 'BBBBBBBB', 'CCCCCCCC', 'DDDDDDDD'], language = 'Schnee') => {
  const [core, de, strip, other] = hashes.map((h, i) => `rc.${['core', 'de', 'strip', 'other'][i]}.${h}.js`);
  return [
    { fileName: 'entry.js', code: `import{t}from"./${core}";customElements.define("x-card",t);` },
    { fileName: core!, code: `export const t=1;const s=()=>import("./${strip}"),l=()=>import("./${de}");` },
    { fileName: de!, code: `export default{snow:"${language}"};` },
    { fileName: strip!, code: `import{t}from"./${core}";export const strip=t+1;` },
    { fileName: other!, code: 'export const o=1;' },
  ];
};

const byName = (chunks: NamedChunk[]) =>
  Object.fromEntries(chunks.map((c) => [c.fileName.replace(HASH, ''), c]));
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 8);

describe('nameByContent', () => {
  it('names a chunk that names no other by the hash of its own bytes', () => {
    const named = byName(nameByContent(bundle(), HASH));
    expect(named['rc.de..js']!.fileName).toBe(`rc.de.${sha256('export default{snow:"Schnee"};')}.js`);
    expect(named['rc.other..js']!.fileName).toBe(`rc.other.${sha256('export const o=1;')}.js`);
  });

  it("writes every chunk's new names into the chunks that import or load it, and keeps an entry's name", () => {
    const named = nameByContent(bundle(), HASH);
    const { 'entry.js': entry, 'rc.core..js': core, 'rc.strip..js': strip } = byName(named);
    expect(entry!.fileName).toBe('entry.js');
    expect(entry!.code).toBe(`import{t}from"./${core!.fileName}";customElements.define("x-card",t);`);
    expect(strip!.code).toBe(`import{t}from"./${core!.fileName}";export const strip=t+1;`);
    expect(core!.code).toContain(`import("./${strip!.fileName}")`);
    for (const chunk of named) expect(chunk.code).not.toMatch(/[A-D]{8}/);
  });

  it("answers the same names whatever the bundler's hashes were", () => {
    expect(nameByContent(bundle(['k0-_abcd', 'Zz09zz09', 'q_q-Q_Q-', 'xyXYxyXY']), HASH)).toEqual(
      nameByContent(bundle(), HASH),
    );
  });

  it('answers a bundle it named as it is: the names are those of the bytes as written', () => {
    const named = nameByContent(bundle(), HASH);
    expect(nameByContent(named, HASH)).toEqual(named);
  });

  it("renames the language, the chunk that loads it and the strip that imports that one back when the language's bytes change", () => {
    const before = byName(nameByContent(bundle(), HASH));
    const after = byName(nameByContent(bundle(undefined, 'Neuschnee'), HASH));
    const changed = Object.keys(before).filter((name) => before[name]!.code !== after[name]!.code);
    const renamed = Object.keys(before).filter((name) => before[name]!.fileName !== after[name]!.fileName);
    expect(changed.sort()).toEqual(['entry.js', 'rc.core..js', 'rc.de..js', 'rc.strip..js']);
    // the entry keeps its name: it is not content-named
    expect(renamed.sort()).toEqual(['rc.core..js', 'rc.de..js', 'rc.strip..js']);
    expect(after['rc.other..js']).toEqual(before['rc.other..js']);
  });

  it('renames the strip and the chunk that loads it, not the language, when the strip changes', () => {
    const edited = bundle().map((c) =>
      c.fileName.startsWith('rc.strip.') ? { ...c, code: c.code.replace('t+1', 't+2') } : c,
    );
    const before = byName(nameByContent(bundle(), HASH));
    const after = byName(nameByContent(edited, HASH));
    const renamed = Object.keys(before).filter((name) => before[name]!.fileName !== after[name]!.fileName);
    expect(renamed.sort()).toEqual(['rc.core..js', 'rc.strip..js']);
    expect(after['rc.de..js']).toEqual(before['rc.de..js']);
  });

  it("reads a name inside a longer one as the longer one's", () => {
    const chunks = [
      { fileName: 'entry.js', code: 'import("./rc.de.AAAAAAAA.js");import("./rc.e.AAAAAAAA.js");' },
      { fileName: 'rc.de.AAAAAAAA.js', code: 'export default"de";' },
      { fileName: 'rc.e.AAAAAAAA.js', code: 'export default"e";' },
    ];
    const [entry, de, e] = nameByContent(chunks, HASH);
    expect(entry!.code).toBe(`import("./${de!.fileName}");import("./${e!.fileName}");`);
    expect([de!.fileName, e!.fileName]).toEqual([
      `rc.de.${sha256('export default"de";')}.js`,
      `rc.e.${sha256('export default"e";')}.js`,
    ]);
  });

  it('refuses two chunks whose names differ only in their hashes', () => {
    const chunks = [
      { fileName: 'rc.de.AAAAAAAA.js', code: '1' },
      { fileName: 'rc.de.BBBBBBBB.js', code: '2' },
    ];
    expect(() => nameByContent(chunks, HASH)).toThrow(
      'rc.de.BBBBBBBB.js: two chunks would read as rc.de.________.js without their hashes',
    );
  });
});
