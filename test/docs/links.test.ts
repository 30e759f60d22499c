/**
 * The docs' links: every relative link of a tracked markdown file names a file that exists and, with an
 * anchor, a heading of it. A section that moves breaks a test, not a reader's link (the code's citations of
 * the docs: test/architecture/citations.test.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../deploy/helpers.ts';

const tracked = execFileSync('git', ['ls-files'], { cwd: REPO, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && existsSync(join(REPO, f)));

/** GitHub's anchor of a heading: lower case, punctuation gone, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');

/** The headings of a markdown file, outside code blocks; its anchors by slug. */
function headings(file: string): { titles: Set<string>; anchors: Set<string> } {
  const titles = new Set<string>();
  let fenced = false;
  for (const line of readFileSync(join(REPO, file), 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6} (.+)$/.exec(line);
    if (heading) titles.add(heading[1]!.trim());
  }
  return { titles, anchors: new Set([...titles].map(slug)) };
}

const markdown = tracked.filter((f) => f.endsWith('.md'));

describe('the docs', () => {
  it.each(markdown)('%s: each relative link names a file that exists, and a heading of it', (file) => {
    const text = readFileSync(join(REPO, file), 'utf8').replace(/```[\s\S]*?```/g, '');
    const broken: string[] = [];
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:|^\/\//.test(target!)) continue;
      const [path, anchor] = target!.split('#');
      const to = path ? normalize(join(dirname(file), path)) : file;
      if (!existsSync(join(REPO, to))) broken.push(`${target}: no file ${to}`);
      else if (anchor && to.endsWith('.md') && !headings(to).anchors.has(anchor))
        broken.push(`${target}: no heading #${anchor} in ${to}`);
    }
    expect(broken).toEqual([]);
  });
});
