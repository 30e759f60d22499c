/**
 * Which of the static hosts' file limits (scripts/hosting/host-limits.ts) a published tree passes, as the
 * build's summary says it, with the settings that would fit.
 */
import { opendir } from 'node:fs/promises';
import { join } from 'node:path';
import { HOST_LIMITS } from '../hosting/host-limits.ts';

/** What a tree holds, for the limits: its files, and its fullest folder with the files directly in it. */
export interface TreeCounts {
  files: number;
  fullest?: { folder: string; files: number };
}

/** No folder can pass a limit per folder before the tree has that many files. */
const PER_FOLDER_FROM = Math.min(...HOST_LIMITS.flatMap((l) => (l.perFolder ? [l.perFolder] : [])));

/**
 * The fullest folder of the tree at `root` (relative to it; `.` for the root), walked one folder at a time
 * so that a tree of a million files costs no more memory than its deepest path; only done when the tree
 * has enough files to pass a limit per folder (`files`, known already).
 */
export async function treeCounts(root: string, files: number): Promise<TreeCounts> {
  if (files <= PER_FOLDER_FROM) return { files };
  let fullest = { folder: '.', files: 0 };
  const folders = ['.'];
  for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
    let here = 0;
    for await (const entry of await opendir(join(root, folder))) {
      if (entry.isDirectory()) folders.push(folder === '.' ? entry.name : `${folder}/${entry.name}`);
      else here++;
    }
    if (here > fullest.files) fullest = { folder, files: here };
  }
  return { files, fullest };
}

const number = (n: number) => n.toLocaleString('en-US');

/**
 * One line per limit the tree passes, then what would fit; none when it passes none. `out` names the
 * tree in the lines.
 */
export function hostLimitLines(counts: TreeCounts, out: string): string[] {
  const lines: string[] = [];
  for (const limit of HOST_LIMITS) {
    if (limit.files !== undefined && counts.files > limit.files)
      lines.push(`  ${limit.host} takes ${number(limit.files)} files: ${out} has ${number(counts.files)}`);
    if (limit.perFolder !== undefined && counts.fullest && counts.fullest.files > limit.perFolder)
      lines.push(
        `  ${limit.host} takes ${number(limit.perFolder)} files per folder: ${out}/${counts.fullest.folder} has ${number(counts.fullest.files)}`,
      );
  }
  if (lines.length === 0) return [];
  return [
    `${out} is larger than some static hosts take (their limits as of early 2026; check before you rely on them):`,
    ...lines,
    `  fewer files: fewer "locales", "profile": "widget" (what the element and the embeds read), or object storage behind a CDN (npm run deploy), which has no such limit (scripts/docs/configuration.md, "Profiles and the hosts' file limits")`,
  ];
}
