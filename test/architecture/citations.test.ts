/**
 * Comments cite what the repository holds: a doc of its own and a section of it that exists, as
 * `(scripts/api/README.md, "Endpoints")`. Never a specification section, an issue number or a document
 * that is not in the tree, which a reader of the repository cannot open.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** Every TypeScript file below the source and test folders, relative to the repository. */
function sources(): string[] {
  return ['scripts', 'widget', 'test']
    .flatMap((dir) => readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true }))
    .filter(
      (e) =>
        e.isFile() &&
        e.name.endsWith('.ts') &&
        !/[/\\](lib|node_modules)([/\\]|$)/.test(relative(ROOT, e.parentPath)),
    )
    .map((e) => relative(ROOT, join(e.parentPath, e.name)))
    .sort();
}

/** A file's comments as one line each, so that a citation wrapped over two lines reads as one. */
function comments(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/\/\*[\s\S]*?\*\/|\/\/[^\n]*(?:\n[ \t]*\/\/[^\n]*)*/g)) {
    out.push(m[0].replace(/\n[ \t]*(?:\*(?!\/)|\/\/)?[ \t]?/g, ' '));
  }
  return out;
}

/** The section names of a Markdown file: its headings, and the bold lead-ins of paragraphs. */
function sections(markdown: string): Set<string> {
  const names = new Set<string>();
  for (const m of markdown.matchAll(/^#{1,6}\s+(.+?)\s*$/gm))
    names.add(m[1]!.replace(/`/g, '').toLowerCase());
  for (const m of markdown.matchAll(/^\*\*(.+?)\.?\*\*/gm)) names.add(m[1]!.toLowerCase());
  return names;
}

interface Citation {
  file: string;
  doc: string;
  section: string;
}

const FILES = sources();
const CITATIONS: Citation[] = FILES.flatMap((file) =>
  comments(readFileSync(join(ROOT, file), 'utf8')).flatMap((text) =>
    [...text.matchAll(/([\w./-]+\.md)(?:,\s*|\s+\(|\s+)"([^"]+)"/g)].map((m) => ({
      file,
      doc: m[1]!,
      section: m[2]!,
    })),
  ),
);

/** The cited doc, as a path from the repository's root or from the citing file's folder. */
function docPath(citation: Citation): string | undefined {
  const candidates = [join(ROOT, citation.doc), resolve(dirname(join(ROOT, citation.file)), citation.doc)];
  return candidates.find((path) => existsSync(path));
}

describe('comments', () => {
  it('find citations to check', () => {
    expect(CITATIONS.length).toBeGreaterThan(100);
  });

  it('cite docs the repository holds, by a section that exists in them', () => {
    const broken = CITATIONS.filter((c) => {
      const path = docPath(c);
      return path === undefined || !sections(readFileSync(path, 'utf8')).has(c.section.toLowerCase());
    }).map((c) => `${c.file}: ${c.doc}, "${c.section}"`);
    expect(broken).toEqual([]);
  });

  it('cite no specification section, issue or document outside the repository', () => {
    const outside = FILES.flatMap((file) =>
      comments(readFileSync(join(ROOT, file), 'utf8'))
        .filter((text) =>
          /§|\bspec(?:ification)?(?: section)? \d|\bissues? #?\d|DESIGN\.md|upstream-facts\.md/i.test(text),
        )
        .map((text) => `${file}: ${text.trim().slice(0, 100)}`),
    );
    expect(outside).toEqual([]);
  });
});
