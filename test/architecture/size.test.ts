/**
 * Files and functions of a size a reader holds in mind (.github/CONTRIBUTING.md): no source file of
 * `scripts/` or `widget/` over 400 lines, no function over 100, counted from its first line to its last.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** The source files below `dir` (code and style sheets), relative to the repository. */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|mts|js|mjs|css)$/.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)))
    .sort();
}

const FILES = [...sources('scripts'), ...sources('widget')];

/** A file's lines, as `wc -l` counts them. */
const linesOf = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** Each function of a module with a body (declarations, methods, arrows, accessors), where it starts and its lines. */
function functionsOf(file: string): { name: string; lines: number }[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: { name: string; lines: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const line = (at: number) => source.getLineAndCharacterOfPosition(at).line;
      const name = node.name && ts.isIdentifier(node.name) ? node.name.text : 'function';
      out.push({
        name: `${file}:${line(node.getStart()) + 1} ${name}`,
        lines: line(node.getEnd()) - line(node.getStart()) + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

describe('the size of the sources', () => {
  it('reads the files of both folders and their functions', () => {
    expect(FILES.length).toBeGreaterThan(200);
    expect(FILES).toContain('widget/card/geometry.css');
    expect(functionsOf('scripts/cli/build.ts').map((f) => f.name)).toContainEqual(
      expect.stringMatching(/^scripts\/cli\/build\.ts:\d+ build$/),
    );
    const clock = functionsOf('scripts/snapshot/clock.ts');
    expect(clock.map((f) => f.name)).toContainEqual(
      expect.stringMatching(/^scripts\/snapshot\/clock\.ts:\d+ startDeadline$/),
    );
    // `startDeadline`: its signature, five lines of body and its brace
    expect(clock.find((f) => f.name.endsWith(' startDeadline'))!.lines).toBe(7);
  });

  it('has no source file over 400 lines', () => {
    const long = FILES.map((file) => ({ file, lines: linesOf(readFileSync(join(ROOT, file), 'utf8')) }));
    expect(long.filter((f) => f.lines > 400)).toEqual([]);
  });

  it('has no function over 100 lines', () => {
    const code = FILES.filter((file) => !file.endsWith('.css'));
    expect(code.flatMap(functionsOf).filter((f) => f.lines > 100)).toEqual([]);
  });
});
