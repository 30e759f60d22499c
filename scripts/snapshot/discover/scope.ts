/**
 * The resorts and groups of a snapshot, from the upstream's region lists and the config. Pure.
 */
import type { RegionList } from '../../api/schemas/regions.ts';
import { isPositiveId } from '../../api/text.ts';
import type { SnapshotConfig } from '../config.ts';
import { SnapshotError } from '../errors.ts';
import type { Group, Scope } from '../model.ts';

/** An id from an upstream body that will name a file: a positive whole number, or the run stops. */
export function checkId(value: unknown, where: string): number {
  if (!isPositiveId(value))
    throw new SnapshotError(
      'unsafe_output',
      `${where}: id ${JSON.stringify(value)} is not a positive whole number; it cannot name a file`,
    );
  return value;
}

/** Ids of the states and regions in a countries list; countries come with the list itself. */
export function subregionIds(countries: readonly RegionList[]): number[] {
  const ids = new Set<number>();
  for (const country of countries) {
    for (const ref of [...(country.states ?? []), ...(country.regions ?? [])])
      ids.add(checkId(ref.id, `countries list, ${country.regionName}`));
  }
  return [...ids].sort((a, b) => a - b);
}

/**
 * The resorts and groups of the snapshot: every resort of the first locale's region lists (or the
 * configured ones), and a group for all of them and for each country, state and region.
 */
export function scopeOf(config: SnapshotConfig, lists: ReadonlyArray<RegionList>): Scope {
  const names = new Map<number, string>();
  const members = new Map<number, number[]>();
  for (const list of lists) {
    const id = checkId(list.id, 'region list');
    const ids = list.resorts.map((r) => {
      const rid = checkId(r.id, `region list ${id}`);
      names.set(rid, r.resortName);
      return rid;
    });
    members.set(id, ids);
  }
  let selected: Set<number>;
  if (config.resorts === undefined && config.regions === undefined) {
    selected = new Set(names.keys());
  } else {
    selected = new Set(config.resorts ?? []);
    for (const region of config.regions ?? []) {
      const ids = members.get(region);
      if (!ids)
        throw new SnapshotError(
          'config',
          `config.regions: region ${region} is not in the upstream's region lists`,
        );
      for (const id of ids) selected.add(id);
    }
    const unknown = [...selected].filter((id) => !names.has(id));
    if (unknown.length > 0 && names.size > 0) {
      throw new SnapshotError(
        'config',
        `config.resorts: ${unknown.slice(0, 10).join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not in any of the upstream's region lists`,
      );
    }
  }
  const ids = [...selected].sort((a, b) => a - b);
  const groups: Group[] = [{ name: 'all', ids }];
  for (const [region, list] of [...members].sort((a, b) => a[0] - b[0])) {
    const inScope = list.filter((id) => selected.has(id)).sort((a, b) => a - b);
    // a region none of whose resorts are in the snapshot gets no group files
    if (inScope.length > 0) groups.push({ name: `region-${region}`, ids: inScope });
  }
  const everything = config.resorts === undefined && config.regions === undefined;
  const emptyRegions = everything
    ? [...members]
        .filter(([, list]) => list.length === 0)
        .map(([region]) => region)
        .sort((a, b) => a - b)
    : [];
  return { resorts: ids.map((id) => ({ id, name: names.get(id) ?? `Resort ${id}` })), groups, emptyRegions };
}

/** Without Family B nothing lists the resorts: the configured ids are the scope, in one group. */
export function configuredScope(config: SnapshotConfig): Scope {
  if (!config.resorts)
    throw new SnapshotError(
      'config',
      'config.resorts: without Family B credentials the snapshot cannot list resorts; name them',
    );
  const ids = [...new Set(config.resorts)].sort((a, b) => a - b);
  return {
    resorts: ids.map((id) => ({ id, name: `Resort ${id}` })),
    groups: [{ name: 'all', ids }],
    emptyRegions: [],
  };
}
