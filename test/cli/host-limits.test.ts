/**
 * The static hosts' file limits (scripts/hosting/host-limits.ts) in the build's summary
 * (scripts/cli/host-limits.ts): which a tree passes, and its fullest folder, walked one folder at a time.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostLimitLines, treeCounts } from '../../scripts/cli/host-limits.ts';

const HINT =
  '  fewer files: fewer "locales", "profile": "widget" (what the element and the embeds read), or object storage behind a CDN (npm run deploy), which has no such limit (scripts/docs/configuration.md, "Profiles and the hosts\' file limits")';

describe('hostLimitLines', () => {
  it('says nothing of a tree every host takes', () => {
    expect(hostLimitLines({ files: 20_000 }, 'dist')).toEqual([]);
  });

  it("names Cloudflare Pages' free plan for the sample in 16 locales (28,390 files)", () => {
    expect(hostLimitLines({ files: 28_390 }, 'dist')).toEqual([
      'dist is larger than some static hosts take (their limits as of early 2026; check before you rely on them):',
      '  Cloudflare Pages on its free plan takes 20,000 files: dist has 28,390',
      HINT,
    ]);
  });

  it('names every host a tree of 2,000 resorts in 16 locales passes, and a folder over Netlify’s limit', () => {
    expect(
      hostLimitLines({ files: 962_763, fullest: { folder: 'cards/en-US', files: 60_000 } }, 'public/snow'),
    ).toEqual([
      'public/snow is larger than some static hosts take (their limits as of early 2026; check before you rely on them):',
      '  Cloudflare Pages on its free plan takes 20,000 files: public/snow has 962,763',
      '  Netlify takes 54,000 files per folder: public/snow/cards/en-US has 60,000',
      '  Cloudflare Pages on its paid plans takes 100,000 files: public/snow has 962,763',
      '  GitLab Pages takes 200,000 files: public/snow has 962,763',
      HINT,
    ]);
  });
});

describe('treeCounts', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'rc-host-limits-'));
    await mkdir(join(root, 'a', 'b'), { recursive: true });
    await mkdir(join(root, 'c'), { recursive: true });
    for (const [folder, n] of [
      ['', 2],
      ['a', 1],
      ['a/b', 5],
      ['c', 3],
    ] as const)
      for (let i = 0; i < n; i++) await writeFile(join(root, folder, `${i}.json`), '{}');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('walks no folder while the tree is too small to pass a limit per folder', async () => {
    expect(await treeCounts(join(root, 'not-there'), 11)).toEqual({ files: 11 });
  });

  it('finds the fullest folder of a tree large enough to pass one', async () => {
    expect(await treeCounts(root, 60_000)).toEqual({ files: 60_000, fullest: { folder: 'a/b', files: 5 } });
  });
});
