import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { queryObjects } from 'node:v8';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileIndex } from '../../../scripts/snapshot/store/file-index.ts';
import { PreviousBuild } from '../../../scripts/snapshot/store/previous.ts';
import { identityOf, serializeState, type SourceIdentity } from '../../../scripts/snapshot/store/state.ts';

const SOURCE: SourceIdentity = { kind: 'local', facts: { dataset: 'abc' }, secret: 'the account' };
const FILE = {
  sha256: 'ab'.repeat(32),
  size: 120,
  fetchedAt: '2026-09-21T09:00:00.000Z',
  collection: 'B:snowreport:20',
};

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'rc-previous-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

/** `dist` in `root`, published as a release whose state lists `files`. */
function published(files: Record<string, typeof FILE>): string {
  const releases = join(root, '.dist-releases');
  mkdirSync(join(releases, 'r1'), { recursive: true });
  const state = {
    version: 1 as const,
    identity: identityOf(SOURCE),
    builtAt: '2026-09-21T09:05:00.000Z',
    requests: { made: 1, saved: 0, lowerBound: 1, byEndpoint: { snowreport: 1 } },
    ledger: { month: '2026-09', requests: 1 },
    files,
    absent: {},
    drift: {},
  };
  writeFileSync(join(releases, 'r1.state.json'), serializeState(state));
  symlinkSync(join('.dist-releases', 'r1'), join(root, 'dist'));
  return join(root, 'dist');
}

describe('PreviousBuild', () => {
  it('answers from the previous release, then holds none of its index once it forgets the files', async () => {
    const files = Object.fromEntries(
      Array.from({ length: 2_000 }, (_, i) => [`en-US/resort/${i}/snowreport.json`, FILE]),
    );
    const previous = await PreviousBuild.read(published(files), SOURCE);
    expect(previous.file('en-US/resort/20/snowreport.json')).toEqual(FILE);
    expect(previous.releaseFiles().get('api/en-US/resort/7/snowreport.json')).toEqual(FILE);
    expect(previous.filesOf('B:snowreport:20')).toHaveLength(2_000);
    expect(Object.keys(previous.state!.files)).toHaveLength(2_000);

    // the index (about 110 bytes a file, in array buffers) can be collected once forgotten, though the build
    // still holds `previous` and its state: `queryObjects` collects garbage, then counts what is still alive
    // (on the code before, the state's list kept the old index: two instead of the new, empty one)
    expect(queryObjects(FileIndex, { format: 'count' })).toBe(1);
    previous.forgetFiles();
    expect(queryObjects(FileIndex, { format: 'count' })).toBe(1);
    expect(previous.file('en-US/resort/20/snowreport.json')).toBeUndefined();
    expect(previous.releaseFiles().get('api/en-US/resort/7/snowreport.json')).toBeUndefined();
    expect(previous.filesOf('B:snowreport:20')).toEqual([]);
    expect(previous.state!.builtAt).toBe('2026-09-21T09:05:00.000Z');
  });
});
