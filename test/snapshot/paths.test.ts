import { describe, expect, it } from 'vitest';
import { random } from '../../scripts/dataset/generate.ts';
import { ENDPOINTS } from '../../scripts/service/endpoints.ts';
import { filePath, relativeLink, type SnapshotRequest } from '../../scripts/snapshot/paths.ts';

describe('filePath', () => {
  it.each([
    [{ family: 'B', path: '/externalservice/resort/20/snowreport', locale: 'en-US' }, 'en-US/externalservice/resort/20/snowreport.json'],
    [{ family: 'B', path: '/externalservice/resort/20/snowreport', locale: 'en-US', query: { forecast_only: 'false' } }, 'en-US/externalservice/resort/20/snowreport.json'],
    [{ family: 'B', path: '/externalservice/resort/20/snowreport', locale: 'fr-FR', query: { forecast_only: 'true' } }, 'fr-FR/externalservice/resort/20/snowreport/forecast_only=true.json'],
    [{ family: 'B', path: '/externalservice/resort/20/5/day/forecast', locale: 'de-DE' }, 'de-DE/externalservice/resort/20/5/day/forecast.json'],
    [{ family: 'B', path: '/externalservice/resort/20/combinedreport', locale: 'en-US', query: { forecast_only: 'true', forecast: 'true', links: 'false' } }, 'en-US/externalservice/resort/20/combinedreport/forecast_only=true/forecast=true/links=false.json'],
    [{ family: 'B', path: '/externalservice/resort/snowreport', locale: 'en-US', group: 'all' }, 'en-US/externalservice/resort/snowreport/group=all.json'],
    [{ family: 'B', path: '/externalservice/resort/profile/ordered', locale: 'it-IT', group: 'region-251' }, 'it-IT/externalservice/resort/profile/ordered/group=region-251.json'],
    [{ family: 'B', path: '/externalservice/region/251/list', locale: 'en-US' }, 'en-US/externalservice/region/251/list.json'],
    [{ family: 'B', path: '/externalservice/region/countries/list', locale: 'en-US' }, 'en-US/externalservice/region/countries/list.json'],
    [{ family: 'B', path: '/externalservice/myaccount/attribution', locale: 'ja-JP' }, 'ja-JP/externalservice/myaccount/attribution.json'],
    [{ family: 'A', path: '/resorts/snowreport', locale: 'en-US', group: 'all' }, 'en-US/resorts/snowreport/group=all.json'],
    [{ family: 'A', path: '/resorts/snowreport', locale: 'de-DE', query: { regionId: '242' } }, 'de-DE/resorts/snowreport/regionId=242.json'],
    [{ family: 'A', path: '/resort/20/snowreport', locale: 'en-US' }, 'en-US/resort/20/snowreport.json'],
  ] as Array<[SnapshotRequest, string]>)('maps %j to %s', (request, expected) => {
    expect(filePath(request)).toBe(expected);
  });

  it.each([
    [{ family: 'B', path: '/externalservice/authorization/token/a%40b.c/pw', locale: 'en-US' }, /never published/],
    [{ family: 'B', path: '/externalservice/authorization/account/a%40b.c/pw', locale: 'en-US' }, /never published/],
    [{ family: 'B', path: '/externalservice/resort/../../etc/snowreport', locale: 'en-US' }, /no Family B endpoint/],
    [{ family: 'B', path: '/externalservice/resort/..%2F..%2Fx/snowreport', locale: 'en-US' }, /not a positive whole number/],
    [{ family: 'B', path: '/externalservice/resort/-1/snowreport', locale: 'en-US' }, /not a positive whole number/],
    [{ family: 'B', path: '/externalservice/resort/1e3/profile', locale: 'en-US' }, /not a positive whole number/],
    [{ family: 'B', path: '/externalservice/resort/20/9/day/forecast', locale: 'en-US' }, /0 to 5/],
    [{ family: 'B', path: '/externalservice/resort/snowreport', locale: 'en-US', group: '../x' }, /needs a group/],
    [{ family: 'B', path: '/externalservice/resort/snowreport', locale: 'en-US' }, /needs a group/],
    [{ family: 'B', path: '/externalservice/resort/20/profile', locale: '../en' }, /locale/],
    [{ family: 'B', path: '/externalservice/resort/20/snowreport', locale: 'en-US', query: { forecast_only: '../../x' } }, /not allowed/],
    [{ family: 'A', path: '/resorts/snowreport', locale: 'en-US', query: { regionId: '1/../2' } }, /not a positive whole number/],
  ] as Array<[SnapshotRequest, RegExp]>)('refuses %j', (request, message) => {
    expect(() => filePath(request)).toThrow(message);
  });

  it('is injective and never makes a path both a file and a folder (2,000 seeded random requests)', () => {
    const rnd = random(7);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
    const seen = new Map<string, string>();
    for (let i = 0; i < 2000; i++) {
      const endpoint = pick(ENDPOINTS.filter((e) => e.publish));
      const id = String(1 + Math.floor(rnd() * 40));
      const path = endpoint.pattern.replace('{resortId}', id).replace('{regionId}', id).replace('{N}', String(Math.floor(rnd() * 6)));
      const query: Record<string, string> = {};
      for (const p of endpoint.params) if (rnd() < 0.5) query[p.name] = p.kind === 'days' ? String(Math.floor(rnd() * 6)) : pick(['true', 'false']);
      let group: string | undefined;
      if (endpoint.id === 'a.snowreport') {
        if (rnd() < 0.5) query.regionId = id;
        else group = 'all';
      } else if (endpoint.multi) group = pick(['all', `region-${id}`]);
      const request: SnapshotRequest = { family: endpoint.family, path, locale: pick(['en-US', 'de-DE', 'fr-FR']), query, ...(group ? { group } : {}) };
      const canonical = JSON.stringify({
        e: endpoint.id,
        path,
        locale: request.locale,
        group,
        regionId: query.regionId,
        params: endpoint.params.map((p) => (query[p.name] ?? p.default) === p.default ? '' : query[p.name]),
      });
      const file = filePath(request);
      expect(file.endsWith('.json')).toBe(true);
      const before = seen.get(file);
      if (before !== undefined) expect(before).toBe(canonical);
      seen.set(file, canonical);
    }
    const files = [...seen.keys()].sort();
    for (const file of files) expect(files.some((other) => other.startsWith(`${file}/`))).toBe(false);
    expect(seen.size).toBeGreaterThan(1000);
  });
});

describe('relativeLink', () => {
  it('links from one file to another through the locale folder', () => {
    expect(relativeLink('en-US/externalservice/region/251/list.json', 'en-US/externalservice/resort/snowreport/group=region-251.json')).toBe(
      '../../../../en-US/externalservice/resort/snowreport/group=region-251.json',
    );
    const from = new URL('https://cdn.test/api/en-US/externalservice/region/251/list.json');
    expect(new URL('../../../../en-US/x.json', from).href).toBe('https://cdn.test/api/en-US/x.json');
  });
});
