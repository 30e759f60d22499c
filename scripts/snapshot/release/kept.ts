/**
 * The groups of files beside `api/` that the site may take from the previous release rather than make
 * (`KeptFiles`, store/staging.ts: the alert feeds): by the keys that release recorded in its private
 * state, each group all linked or left to be made.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { HistoryCarry, KeptFiles } from '../store/staging.ts';
import type { AlertMemory } from '../store/state.ts';
import type { Release } from './release.ts';

/**
 * `previous`: the previous release's keys (none: every group is made). Each group's key goes into `keys`,
 * which the release's private state records (`ReleaseHead.kept`); `history`, what the feeds read of the
 * history step, and what they remember of it for the next build, `memory` (`ReleaseHead.alerts`).
 */
export function keptFiles(
  release: Pick<Release, 'previousFolder' | 'carryExtra'>,
  previous: Readonly<Record<string, string>> | undefined,
  history?: HistoryCarry,
): KeptFiles & { keys: Record<string, string>; memory(): AlertMemory | undefined } {
  const keys: Record<string, string> = {};
  let memory: AlertMemory | undefined;
  return {
    keys,
    ...(history ? { history } : {}),
    remember: (remembered) => void (memory = remembered),
    memory: () => memory,
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
