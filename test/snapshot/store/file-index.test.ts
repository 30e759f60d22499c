import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileIndex } from '../../../scripts/snapshot/store/file-index.ts';
import { readIndexedState, withIndexedFiles } from '../../../scripts/snapshot/store/indexed-state.ts';
import {
  readState,
  serializeState,
  stateChunks,
  type FileState,
  type State,
} from '../../../scripts/snapshot/store/state.ts';

const hash = (n: number) => n.toString(16).padStart(2, '0').repeat(32);

const FILES: Array<[string, FileState]> = [
  [
    'en-US/resorts/20/snowreport.json',
    { sha256: hash(1), size: 120, fetchedAt: '2026-09-21T09:00:00.000Z', collection: 'B:snowreport:20' },
  ],
  [
    'de-DE/resorts/20/snowreport.json',
    { sha256: hash(2), size: 131, fetchedAt: '2026-09-21T09:00:00.000Z', collection: 'B:snowreport:20' },
  ],
  [
    'a/"quoted"\\path.json',
    { sha256: hash(255), size: 0, fetchedAt: '2026-09-20T08:00:00.000Z', collection: 'A:"odd"' },
  ],
  [
    'en-US/resorts/25/forecast.json',
    {
      sha256: hash(3),
      size: 9_999_999,
      fetchedAt: '2026-09-19T07:00:00.000Z',
      collection: 'B:forecast:25',
      stale: { since: '2026-09-19T07:00:00.000Z', reason: 'HTTP 503' },
    },
  ],
  [
    'de-DE/resorts/25/forecast.json',
    {
      sha256: hash(4),
      size: 77,
      fetchedAt: '2026-09-19T07:00:00.000Z',
      collection: 'B:forecast:25',
      stale: { since: '2026-09-19T07:00:00.000Z', reason: 'HTTP 503' },
    },
  ],
];

const HEAD = {
  version: 1 as const,
  identity: {
    kind: 'local' as const,
    facts: { dataset: 'abc' },
    fingerprint: hash(9),
    salt: hash(8).slice(0, 32),
  },
  builtAt: '2026-09-21T09:05:00.000Z',
  requests: { made: 3, saved: 2, lowerBound: 3, byEndpoint: { forecast: 1, snowreport: 2 } },
  ledger: { month: '2026-09', requests: 40 },
};
const TAIL = {
  absent: { 'B:webcams:20': '2026-09-21T09:00:00.000Z' },
  staleAbsent: { 'B:webcams:25': { since: '2026-09-18T00:00:00.000Z', reason: 'timeout' } },
  drift: {},
};

function indexOf(files: Array<[string, FileState]>): FileIndex {
  const index = new FileIndex();
  for (const [path, state] of files) index.set(path, state);
  return index;
}

describe('FileIndex', () => {
  it('gives back every file state as it was set, in the order added', () => {
    const index = indexOf(FILES);
    expect(index.size).toBe(5);
    expect(index.paths()).toEqual(FILES.map(([p]) => p));
    expect([...index.entries()]).toEqual(FILES);
    expect(index.get('en-US/resorts/25/forecast.json')).toEqual(FILES[3]![1]);
    expect(index.get('fr-FR/resorts/25/forecast.json')).toBeUndefined();
  });

  it('replaces a file in place, keeping its position', () => {
    const index = indexOf(FILES);
    const carried: FileState = {
      ...FILES[0]![1],
      stale: { since: '2026-09-21T09:00:00.000Z', reason: 'HTTP 500' },
    };
    index.set(FILES[0]![0], carried);
    expect(index.size).toBe(5);
    expect(index.paths()[0]).toBe(FILES[0]![0]);
    expect(index.get(FILES[0]![0])).toEqual(carried);
  });

  it('lists the collection and mark of each stale file', () => {
    expect([...indexOf(FILES).stale()]).toEqual([
      { collection: 'B:forecast:25', stale: { since: '2026-09-19T07:00:00.000Z', reason: 'HTTP 503' } },
      { collection: 'B:forecast:25', stale: { since: '2026-09-19T07:00:00.000Z', reason: 'HTTP 503' } },
    ]);
  });

  it('keeps thousands of files past its first buffer without losing a hash', () => {
    const index = new FileIndex();
    for (let i = 0; i < 3000; i++)
      index.set(`f/${i}.json`, { sha256: hash(i % 256), size: i, fetchedAt: 't', collection: `c${i % 7}` });
    expect(index.get('f/0.json')).toEqual({ sha256: hash(0), size: 0, fetchedAt: 't', collection: 'c0' });
    expect(index.get('f/2999.json')).toEqual({
      sha256: hash(2999 % 256),
      size: 2999,
      fetchedAt: 't',
      collection: `c${2999 % 7}`,
    });
  });

  it.each([
    [
      'ASCII paths',
      (i: number) => `${['en-US', 'de-DE', 'fr-FR'][i % 3]}/r/${(i * 7919) % 5000}/N=${i % 6}.json`,
    ],
    [
      'paths with letters beyond ASCII',
      (i: number) => `${['zürich', 'ü', 'z', '\u{1F3D4}', '\uFF21'][i % 5]}/${i}.json`,
    ],
  ])('finds each of 5,000 %s and lists them in the order a string sort gives', (_, pathOf) => {
    const index = new FileIndex();
    const paths = Array.from({ length: 5000 }, (_, i) => pathOf(i));
    paths.forEach((path, i) =>
      index.set(path, { sha256: hash(i % 256), size: i, fetchedAt: 't', collection: 'c' }),
    );
    expect(index.size).toBe(new Set(paths).size);
    expect(index.get(paths[4321]!)?.size).toBe(paths.lastIndexOf(paths[4321]!));
    expect(index.has(`${paths[0]}x`)).toBe(false);
    const listed = Object.keys(JSON.parse(`{${Array.from(index.json(100), String).join('')}}`) as object);
    // object keys that look like numbers would come first: none of these do
    expect(listed).toEqual([...new Set(paths)].sort());
  });

  it('sorts paths whose segments begin one another as a string sort does', () => {
    const paths = [
      'a',
      'a/b',
      'a-b',
      'a/b/c',
      'ab/c',
      'a.b',
      'a0',
      'a/',
      '/a',
      '',
      'b',
      'a//b',
      'a/b-c',
      'a/bc',
      'a/b/',
      'a\u007f',
      'a\u0010/x',
      'a/\u00e9',
      'a/e\u0301',
      'a/\u{1F3D4}',
      'a/\uFF21',
      '\u00e9/a',
      'é',
      'a/b.json',
      'a/b/c.json',
    ];
    const index = indexOf(
      paths.map((p, i) => [p, { sha256: hash(i), size: i, fetchedAt: 't', collection: 'c' }]),
    );
    expect(index.paths()).toEqual(paths);
    expect(Object.keys(JSON.parse(`{${Array.from(index.json(7), String).join('')}}`) as object)).toEqual(
      [...paths].sort(),
    );
    for (const p of paths) expect(index.get(p)?.size).toBe(paths.indexOf(p));
    expect(index.has('a/b/c/d')).toBe(false);
    expect(index.has('q')).toBe(false);
  });

  it('keeps long paths whole where a chunk of their codes ends', () => {
    const index = new FileIndex();
    // 200 segments of about 2 bytes each a path: 6,000 paths fill more than two chunks of 1 MiB
    const pathOf = (i: number) =>
      [`p${i}`, ...Array.from({ length: 199 }, (_, k) => `s${(i * 7 + k) % 1000}`)].join('/');
    for (let i = 0; i < 6000; i++)
      index.set(pathOf(i), { sha256: hash(i % 256), size: i, fetchedAt: 't', collection: 'c' });
    let whole = 0;
    for (const path of index.eachPath()) if (path === pathOf(whole)) whole++;
    expect(whole).toBe(6000);
    expect(index.get(pathOf(5999))?.size).toBe(5999);
    const listed = Object.keys(JSON.parse(`{${Array.from(index.json(), String).join('')}}`) as object);
    expect(listed).toEqual(Array.from({ length: 6000 }, (_, i) => pathOf(i)).sort());
  });

  it('holds 140,000 files over three chunks of slots, each path whole', () => {
    const index = new FileIndex();
    // 28 to 33 bytes a path: the text's chunks of 1 MiB end inside paths, which then start the next chunk
    const pathOf = (i: number) => `api/${['en-US', 'de-DE'][i % 2]}/resort/${i}/profile.json`;
    const n = 140_000;
    for (let i = 0; i < n; i++)
      index.set(pathOf(i), { sha256: hash(i % 256), size: i, fetchedAt: 't', collection: `c${i % 3}` });
    expect(index.size).toBe(n);
    for (const i of [0, 65_535, 65_536, 131_071, 131_072, n - 1])
      expect([index.pathAt(i), index.get(pathOf(i))]).toEqual([
        pathOf(i),
        { sha256: hash(i % 256), size: i, fetchedAt: 't', collection: `c${i % 3}` },
      ]);
    // every path reads back whole: none is cut where a chunk of text ends
    let whole = 0;
    for (const path of index.eachPath()) if (path === pathOf(whole)) whole++;
    expect(whole).toBe(n);
    const listed = Array.from(index.json(), String)
      .join('')
      .match(/"api\/[^"]+"/g)!;
    expect(listed).toEqual(Array.from({ length: n }, (_, k) => JSON.stringify(pathOf(k))).sort());
  });

  it('refuses a hash that is not 64 hex digits, naming the file', () => {
    expect(() =>
      new FileIndex().set('x.json', { sha256: 'abc', size: 1, fetchedAt: 't', collection: 'c' }),
    ).toThrow('x.json: not a SHA-256 hash: abc');
  });
});

describe('stateChunks', () => {
  it.each([1, 64, 1 << 20])('writes the same text serializeState writes, in chunks of %i bytes', (chunk) => {
    const state: State = { ...HEAD, files: Object.fromEntries(FILES), ...TAIL };
    const text = Array.from(stateChunks({ ...HEAD, ...TAIL }, indexOf(FILES).json(chunk)), String).join('');
    expect(text).toBe(serializeState(state));
    expect(JSON.parse(text)).toEqual(state);
  });

  it('writes an empty list of files as serializeState does', () => {
    expect(
      Array.from(stateChunks({ ...HEAD, absent: {}, drift: {} }, new FileIndex().json()), String).join(''),
    ).toBe(serializeState({ ...HEAD, files: {}, absent: {}, drift: {} }));
  });
});

describe('readIndexedState', () => {
  const withStateFile = async (text: string, check: (path: string) => Promise<void>) => {
    const dir = await mkdtemp(join(tmpdir(), 'rc-state-'));
    try {
      await writeFile(join(dir, 'state.json'), text);
      await check(join(dir, 'state.json'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };

  it('reads the files into an index and the rest as readState does, making `files` only when asked', async () => {
    const state: State = { ...HEAD, files: Object.fromEntries(FILES), ...TAIL };
    await withStateFile(serializeState(state), async (path) => {
      const read = (await readIndexedState(path))!;
      expect([...read.files.entries()]).toEqual([...FILES].sort((a, b) => (a[0] < b[0] ? -1 : 1)));
      expect(read.files.get('en-US/resorts/25/forecast.json')).toEqual(FILES[3]![1]);
      const state = withIndexedFiles(read.head, () => read.files);
      expect({ ...state, files: state.files }).toEqual(await readState(path));
    });
  });

  it('reads a state of megabytes, its entries split across reads anywhere, as readState does', async () => {
    const many: Array<[string, FileState]> = Array.from({ length: 12_000 }, (_, i) => [
      `${i % 2 ? 'zürich' : 'a/"q"\\b'}/{${i}},[x]/\u{1F3D4}.json`,
      {
        sha256: hash(i % 256),
        size: i,
        fetchedAt: '2026-09-21T09:00:00.000Z',
        collection: `B:x:{${i % 13}}`,
        ...(i % 5 === 0 ? { stale: { since: '2026-09-19T07:00:00.000Z', reason: 'said "no", then }' } } : {}),
      },
    ]);
    const text = serializeState({ ...HEAD, files: Object.fromEntries(many), ...TAIL });
    expect(text.length).toBeGreaterThan(2 << 20);
    await withStateFile(text, async (path) => {
      const read = (await readIndexedState(path))!;
      expect(read.files.size).toBe(12_000);
      expect(withIndexedFiles(read.head, () => read.files).files).toEqual((await readState(path))!.files);
      expect(read.head.absent).toEqual(TAIL.absent);
    });
  });

  it.each([
    ['a file entry breaks the schema', (t: string) => t.replace('"size":120', '"size":-1')],
    ['the rest breaks the schema', (t: string) => t.replace('"version":1', '"version":7')],
    ['the text is not JSON', (t: string) => t.slice(0, -10)],
  ])('answers "no previous build" when %s', async (_, spoil) => {
    const text = serializeState({ ...HEAD, files: Object.fromEntries(FILES), ...TAIL });
    await withStateFile(spoil(text), async (path) => {
      expect(spoil(text)).not.toBe(text);
      expect(await readIndexedState(path)).toBeUndefined();
    });
  });
});
