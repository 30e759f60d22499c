/**
 * The groups of files beside `api/` that the site may take from the previous release rather than make
 * (`KeptFiles`, store/staging.ts: the alert feeds): by the keys that release recorded in its private
 * state, each group all linked or left to be made.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { KeptFiles } from '../store/staging.ts';
import type { Release } from './release.ts';

/**
 * `previous`: the previous release's keys (none: every group is made). Each group's key goes into `keys`,
 * which the release's private state records (`ReleaseHead.kept`).
 */
export function keptFiles(
  release: Pick<Release, 'previousFolder' | 'carryExtra'>,
  previous: Readonly<Record<string, string>> | undefined,
): KeptFiles & { keys: Record<string, string> } {
  const keys: Record<string, string> = {};
  return {
    keys,
    carry: async (groups) => {
      const linked = new Set<string>();
      const folder = release.previousFolder;
      for (const group of groups) {
        keys[group.name] = group.key;
        if (!folder || previous?.[group.name] !== group.key) continue;
        // all of a group or none: a file written over one linked would change the previous release's too
        if (!group.paths.every((path) => existsSync(join(folder, path)))) continue;
        for (const path of group.paths)
          if (!(await release.carryExtra(path)))
            throw new Error(`${path}: the previous release's copy went while it was being linked`);
        linked.add(group.name);
      }
      return linked;
    },
  };
}
