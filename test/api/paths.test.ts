import { describe, expect, it } from 'vitest';
import { random } from '../../scripts/dataset/generate.ts';
import { ENDPOINTS } from '../../scripts/api/endpoints.ts';
import { filePath, relativeLink } from '../../scripts/api/paths.ts';
import type { ApiRequest } from '../../scripts/api/request.ts';

describe('filePath', () => {
  it.each([
    [
      { endpoint: 'snowreport', params: { resortId: '20' }, locale: 'en-US' },
      'en-US/externalservice/resort/20/snowreport.json',
    ],
    [
      { endpoint: 'snowreport', params: { resortId: '20', forecast_only: 'false' }, locale: 'en-US' },
      'en-US/externalservice/resort/20/snowreport.json',
    ],
    [
      { endpoint: 'snowreport', params: { resortId: '20', forecast_only: 'true' }, locale: 'fr-FR' },
      'fr-FR/externalservice/resort/20/snowreport/forecast_only=true.json',
    ],
    [
      { endpoint: 'forecast', params: { resortId: '20', N: '5' }, locale: 'de-DE' },
      'de-DE/externalservice/resort/20/5/day/forecast.json',
    ],
    [
      {
        endpoint: 'combinedreport',
        params: { resortId: '20', forecast_only: 'true', forecast: 'true', links: 'false' },
        locale: 'en-US',
      },
      'en-US/externalservice/resort/20/combinedreport/forecast_only=true/forecast=true/links=false.json',
    ],
    [
      { endpoint: 'multi.snowreport', locale: 'en-US', group: 'all' },
      'en-US/externalservice/resort/snowreport/group=all.json',
    ],
    [
      { endpoint: 'multi.profile.ordered', locale: 'it-IT', group: 'region-251' },
      'it-IT/externalservice/resort/profile/ordered/group=region-251.json',
    ],
    [
      { endpoint: 'region.list', params: { regionId: '251' }, locale: 'en-US' },
      'en-US/externalservice/region/251/list.json',
    ],
    [{ endpoint: 'region.countries', locale: 'en-US' }, 'en-US/externalservice/region/countries/list.json'],
    [{ endpoint: 'attribution', locale: 'ja-JP' }, 'ja-JP/externalservice/myaccount/attribution.json'],
    [{ endpoint: 'a.snowreport', locale: 'en-US', group: 'all' }, 'en-US/resorts/snowreport/group=all.json'],
    [
      { endpoint: 'a.snowreport', locale: 'de-DE', params: { regionId: '242' } },
      'de-DE/resorts/snowreport/regionId=242.json',
    ],
    [
      { endpoint: 'a.resort.snowreport', params: { resortId: '20' }, locale: 'en-US' },
      'en-US/resort/20/snowreport.json',
    ],
  ] as Array<[ApiRequest, string]>)('maps %j to %s', (request, expected) => {
    expect(filePath(request)).toBe(expected);
  });

  it.each([
    [
      { endpoint: 'auth.token', params: { email: 'a@b.c', password: 'pw' }, locale: 'en-US' },
      /never published/,
    ],
    [
      { endpoint: 'auth.account', params: { email: 'a@b.c', password: 'pw' }, locale: 'en-US' },
      /never published/,
    ],
    [{ endpoint: 'nothing', params: {}, locale: 'en-US' }, /no endpoint/],
    [
      { endpoint: 'snowreport', params: { resortId: '../../etc' }, locale: 'en-US' },
      /not a positive whole number/,
    ],
    [
      { endpoint: 'snowreport', params: { resortId: '..%2F..%2Fx' }, locale: 'en-US' },
      /not a positive whole number/,
    ],
    [{ endpoint: 'snowreport', params: { resortId: '-1' }, locale: 'en-US' }, /not a positive whole number/],
    [{ endpoint: 'profile', params: { resortId: '1e3' }, locale: 'en-US' }, /not a positive whole number/],
    [{ endpoint: 'profile', params: {}, locale: 'en-US' }, /not a positive whole number/],
    [{ endpoint: 'forecast', params: { resortId: '20', N: '9' }, locale: 'en-US' }, /0 to 5/],
    [{ endpoint: 'multi.snowreport', locale: 'en-US', group: '../x' }, /needs a group/],
    [{ endpoint: 'multi.snowreport', locale: 'en-US' }, /needs a group/],
    [{ endpoint: 'a.snowreport', locale: 'en-US', group: 'region-4' }, /needs a group/],
    [{ endpoint: 'profile', params: { resortId: '20' }, locale: '../en' }, /locale/],
    [
      { endpoint: 'snowreport', params: { resortId: '20', forecast_only: '../../x' }, locale: 'en-US' },
      /not allowed/,
    ],
    [
      { endpoint: 'a.snowreport', locale: 'en-US', params: { regionId: '1/../2' } },
      /not a positive whole number/,
    ],
  ] as Array<[ApiRequest, RegExp]>)('refuses %j', (request, message) => {
    expect(() => filePath(request)).toThrow(message);
    expect(() => filePath(request)).toThrow(expect.objectContaining({ code: 'unsafe_path' }));
  });

  it('is injective and never makes a path both a file and a folder (2,000 seeded random requests)', () => {
    const rnd = random(7);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
    const seen = new Map<string, string>();
    for (let i = 0; i < 2000; i++) {
      const endpoint = pick(ENDPOINTS.filter((e) => e.publish));
      const id = String(1 + Math.floor(rnd() * 40));
      const N = String(Math.floor(rnd() * 6));
      const path = endpoint.pattern.replace('{resortId}', id).replace('{regionId}', id).replace('{N}', N);
      const query: Record<string, string> = { resortId: id, regionId: id, N };
      for (const p of endpoint.params)
        if (rnd() < 0.5)
          query[p.name] = p.kind === 'days' ? String(Math.floor(rnd() * 6)) : pick(['true', 'false']);
      let group: string | undefined;
      if (endpoint.id === 'a.snowreport') {
        if (rnd() < 0.5) query.regionId = id;
        else group = 'all';
      } else if (endpoint.multi) group = pick(['all', `region-${id}`]);
      if (endpoint.id === 'a.snowreport' && group) delete query.regionId;
      const request: ApiRequest = {
        endpoint: endpoint.id,
        params: query,
        locale: pick(['en-US', 'de-DE', 'fr-FR']),
        ...(group ? { group } : {}),
      };
      const canonical = JSON.stringify({
        e: endpoint.id,
        path,
        locale: request.locale,
        group,
        regionId: endpoint.id === 'a.snowreport' ? query.regionId : undefined,
        params: endpoint.params.map((p) => ((query[p.name] ?? p.default) === p.default ? '' : query[p.name])),
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
    expect(
      relativeLink(
        'en-US/externalservice/region/251/list.json',
        'en-US/externalservice/resort/snowreport/group=region-251.json',
      ),
    ).toBe('../../../../en-US/externalservice/resort/snowreport/group=region-251.json');
    const from = new URL('https://cdn.test/api/en-US/externalservice/region/251/list.json');
    expect(new URL('../../../../en-US/x.json', from).href).toBe('https://cdn.test/api/en-US/x.json');
  });
});
