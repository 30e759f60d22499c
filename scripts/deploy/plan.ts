/**
 * What a deploy must do, from the release and the bucket's index alone. Pure: no disk, no network.
 *
 * The order is what keeps readers safe (scripts/docs/deployment.md, "Atomic for readers"): objects the bucket does not have yet go up
 * first, then objects whose bytes or headers changed, then the public index (`api/manifest.json`); only
 * when all of them are there does the deploy index say so, and only then are the objects that left the
 * release deleted. Inside each phase, what is named goes up before what names it (`order.ts`). So every
 * object a reader can learn about — from the manifest, a region list's link, the bundle's chunk names — is
 * in the bucket before anything names it, and stays until nothing does.
 */
import { MANIFEST_PATH } from '../snapshot/store/manifest.ts';
import type { LocalObject } from './release-files.ts';

export interface DeployPlan {
  /** Not in the bucket: uploaded first. */
  create: LocalObject[];
  /** In the bucket with other bytes or headers: uploaded second. */
  overwrite: LocalObject[];
  /** The public index, when it changed: uploaded last. */
  last: LocalObject[];
  /** Perhaps in the bucket, perhaps not (a killed deploy's journal, an adopted prefix): checked with HEAD. */
  check: LocalObject[];
  /** In the bucket (or perhaps) but not in the release: deleted once the new index is live. */
  remove: string[];
  /** Already in the bucket as they are in the release. */
  unchanged: number;
}

/** What the bucket is known to hold. */
export interface RemoteState {
  /** Path → fingerprint, from the deploy index. */
  objects: Readonly<Record<string, string>>;
  /** Path → `bytesTag` of its bytes, from the deploy index (absent in one of an earlier version). */
  bytes?: Readonly<Record<string, string>>;
  /** Paths that may hold anything: the journal of a deploy that did not finish, or an adopted prefix. */
  unknown: ReadonlySet<string>;
  /** The digest of the release a deploy that did not finish was writing (its journal's). */
  resumes?: string;
}

/** The public index goes last: it names the resorts whose files must be there first. */
const isLast = (path: string) => path === MANIFEST_PATH;

const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

export function planDeploy(local: ReadonlyMap<string, LocalObject>, remote: RemoteState): DeployPlan {
  const plan: DeployPlan = { create: [], overwrite: [], last: [], check: [], remove: [], unchanged: 0 };
  for (const object of local.values()) {
    const known = remote.objects[object.path];
    if (remote.unknown.has(object.path)) plan.check.push(object);
    else if (known === object.fingerprint) plan.unchanged++;
    else place(plan, object, known !== undefined);
  }
  const gone = new Set(
    [...Object.keys(remote.objects), ...remote.unknown].filter((path) => !local.has(path)),
  );
  plan.remove = [...gone].sort();
  for (const list of [plan.create, plan.overwrite, plan.last, plan.check]) list.sort(byPath);
  return plan;
}

function place(plan: DeployPlan, object: LocalObject, exists: boolean): void {
  if (isLast(object.path)) plan.last.push(object);
  else if (exists) plan.overwrite.push(object);
  else plan.create.push(object);
}

/**
 * Settles the checked objects with what HEAD found: the fingerprint an object carries in its metadata,
 * or undefined when it is not there.
 */
export function settleChecks(plan: DeployPlan, found: ReadonlyMap<string, string | undefined>): DeployPlan {
  const settled: DeployPlan = {
    ...plan,
    create: [...plan.create],
    overwrite: [...plan.overwrite],
    last: [...plan.last],
    check: [],
  };
  for (const object of plan.check) {
    const there = found.get(object.path);
    if (there === object.fingerprint) settled.unchanged++;
    else place(settled, object, there !== undefined);
  }
  for (const list of [settled.create, settled.overwrite]) list.sort(byPath);
  return settled;
}

/** Objects to upload, in the order they go up. */
export const uploads = (plan: DeployPlan): LocalObject[] => [...plan.create, ...plan.overwrite, ...plan.last];

/** Whether the bucket already equals the release and its index says so. */
export const isUpToDate = (plan: DeployPlan): boolean =>
  plan.create.length + plan.overwrite.length + plan.last.length + plan.check.length + plan.remove.length ===
  0;
