/**
 * The widget profile (scripts/docs/configuration.md, "Profiles and the hosts' file limits"): only what the element and
 * the embeds read — per resort and locale the default combined report, Family A's record and the forecasts
 * for N = 0..5; per locale the attribution; the index — plus the region lists the next scheduled run finds
 * the resorts in.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filePath } from '../../scripts/api/paths.ts';
import { buildRelease, releaseFiles } from './helpers.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rc-profile-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** What `widget/data.ts` fetches for one resort in one locale, as release paths. */
const elementReads = (id: number, locale: string) =>
  [
    filePath({ endpoint: 'combinedreport', params: { resortId: String(id) }, locale }),
    filePath({ endpoint: 'a.resort.snowreport', params: { resortId: String(id) }, locale }),
    ...[0, 1, 2, 3, 4, 5].map((N) =>
      filePath({ endpoint: 'forecast', params: { resortId: String(id), N: String(N) }, locale }),
    ),
    filePath({ endpoint: 'attribution', locale }),
  ].map((path) => `api/${path}`);

/**
 * Every quick link in the release's region lists names a file of the release — relative to the list, or
 * under `publicUrl` — and answers how many there are.
 */
async function expectLinksResolve(out: string, publicUrl?: string): Promise<number> {
  const files = await releaseFiles(out);
  let links = 0;
  for (const [path, bytes] of files) {
    if (!/\/externalservice\/region\/(\d+|countries)\/list\.json$/.test(path)) continue;
    const body = JSON.parse(bytes.toString()) as unknown;
    for (const list of Array.isArray(body) ? body : [body]) {
      for (const key of ['restSnowReport', 'restRegionProfile', 'restCombinedReport']) {
        const link = (list as Record<string, unknown>)[key];
        if (typeof link !== 'string' || link === '') continue;
        links++;
        if (publicUrl) expect(link.startsWith(publicUrl), link).toBe(true);
        const target = publicUrl
          ? link.slice(publicUrl.length)
          : posix.normalize(posix.join(posix.dirname(path), link));
        expect(files.has(target), `${path} ${key} ${link}`).toBe(true);
      }
    }
  }
  return links;
}

describe('profile "widget"', () => {
  it('publishes what the element reads, the region lists and nothing else of the mirror', async () => {
    const out = join(root, 'widget', 'dist');
    await buildRelease(out, ['--profile', 'widget', '--resorts', '20,25,60']);
    const files = await releaseFiles(out);
    const api = [...files.keys()].filter((p) => p.startsWith('api/en-US/'));
    const reads = new Set([20, 25, 60].flatMap((id) => elementReads(id, 'en-US')));
    expect(
      api.filter((p) => !reads.has(p) && !/\/externalservice\/region\/(\d+|countries)\/list\.json$/.test(p)),
    ).toEqual([]);
    for (const path of reads) expect(files.has(path), path).toBe(true);
    expect(files.has('api/manifest.json')).toBe(true);
    // nor the rules for the service's URLs: the files they map onto are not there
    expect(
      [...files.keys()].filter((p) => p === '_redirects' || p === '.htaccess' || p.startsWith('_mirror/')),
    ).toEqual([]);
    // no group files are published, so no quick link may point at one
    for (const path of api.filter((p) => p.includes('/region/'))) {
      expect(files.get(path)!.toString()).not.toMatch(
        /"rest(SnowReport|RegionProfile|CombinedReport)":"[^"]/,
      );
    }
  }, 60_000);

  it('carries nothing over from a release of the full profile', async () => {
    const out = join(root, 'switch', 'dist');
    await buildRelease(out, ['--resorts', '20,25']);
    const full = await releaseFiles(out);
    expect([...full.keys()].some((p) => p.includes('group='))).toBe(true);
    await buildRelease(out, ['--profile', 'widget', '--resorts', '20,25', '--refresh', 'due']);
    const widget = [...(await releaseFiles(out)).keys()];
    expect(
      widget.filter(
        (p) =>
          p.includes('group=') ||
          p.includes('regionId=') ||
          p.includes('/links.json') ||
          p.includes('/webcams'),
      ),
    ).toEqual([]);
    expect(widget.length).toBeLessThan(full.size / 2);
    await expectLinksResolve(out);
    // and back: the lists of the widget profile are not carried into the full one either
    await buildRelease(out, ['--resorts', '20,25', '--refresh', 'due']);
    expect(await expectLinksResolve(out)).toBeGreaterThan(0);
  }, 90_000);
});

describe('quick links', () => {
  it('with a selection of resorts, name only those, and the query names the group file again', async () => {
    const out = join(root, 'selection', 'dist');
    await buildRelease(out, ['--resorts', '20,25']);
    const files = await releaseFiles(out);
    let lists = 0;
    for (const [path, bytes] of files) {
      if (!/\/externalservice\/region\/(\d+|countries)\/list\.json$/.test(path)) continue;
      const body = JSON.parse(bytes.toString()) as unknown;
      for (const list of (Array.isArray(body) ? body : [body]) as Array<{
        resorts: Array<{ id: number }>;
        resortQueryParam: string;
        restSnowReport: string;
      }>) {
        lists++;
        const ids = list.resorts.map((r) => r.id);
        expect(
          ids.every((id) => id === 20 || id === 25),
          path,
        ).toBe(true);
        expect(
          list.resortQueryParam
            .split('&')
            .filter((p) => p.startsWith('resortId='))
            .map((p) => Number(p.slice(9))),
        ).toEqual(ids);
        if (!list.restSnowReport) continue;
        // the multi-resort snow report is a map keyed by resort id
        const group = JSON.parse(
          files.get(posix.normalize(posix.join(posix.dirname(path), list.restSnowReport)))!.toString(),
        ) as Record<string, unknown>;
        expect(Object.keys(group).map(Number)).toEqual(ids);
      }
    }
    expect(lists).toBeGreaterThan(10);
  }, 60_000);

  it('are absolute URLs under the public URL when the config gives one, and follow a change of it', async () => {
    const out = join(root, 'public', 'dist');
    await buildRelease(out, ['--resorts', '20,25', '--public-url', 'https://snow.example.org/mirror']);
    expect(await expectLinksResolve(out, 'https://snow.example.org/mirror/')).toBeGreaterThan(0);
    const list = JSON.parse(
      (await releaseFiles(out)).get('api/en-US/externalservice/region/251/list.json')!.toString(),
    ) as Record<string, string>;
    expect(list.restSnowReport).toBe(
      'https://snow.example.org/mirror/api/en-US/externalservice/resort/snowreport/group=region-251.json',
    );
    // another URL, and none: no list is carried with the old links
    await buildRelease(out, [
      '--resorts',
      '20,25',
      '--public-url',
      'https://cdn.example.net/',
      '--refresh',
      'due',
    ]);
    expect(await expectLinksResolve(out, 'https://cdn.example.net/')).toBeGreaterThan(0);
    await buildRelease(out, ['--resorts', '20,25', '--refresh', 'due']);
    expect(await expectLinksResolve(out)).toBeGreaterThan(0);
  }, 90_000);
});
