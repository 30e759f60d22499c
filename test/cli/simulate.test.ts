import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../scripts/cli/build.ts';
import { EXIT } from '../../scripts/cli/exit-codes.ts';
import { checkSimulation, parseDayRange, simulateDays, withoutSimulate } from '../../scripts/cli/simulate.ts';
import { createService } from '../../scripts/service/service.ts';
import { FULL, sample } from '../helpers.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rc-simulate-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('--simulate', () => {
  it.each([
    { range: '2025-12-30..2026-01-02', days: ['2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02'] },
    { range: '2026-02-28..2026-03-01', days: ['2026-02-28', '2026-03-01'] },
    { range: '2024-02-28..2024-03-01', days: ['2024-02-28', '2024-02-29', '2024-03-01'] },
    { range: '2026-01-15..2026-01-15', days: ['2026-01-15'] },
  ])('reads $range as its days, both ends included', ({ range, days }) => {
    expect(parseDayRange(range)).toEqual(days);
  });

  it('builds at most 366 days', () => {
    expect(parseDayRange('2025-07-01..2026-07-01')).toHaveLength(366);
  });

  it.each([
    {
      range: '2025-12-01',
      message:
        '--simulate: "2025-12-01" is not a range of days; give the first and the last day as YYYY-MM-DD..YYYY-MM-DD (e.g. --simulate 2025-12-01..2026-01-15)',
    },
    {
      range: '2025-12-01-2026-01-15',
      message: '--simulate: "2025-12-01-2026-01-15" is not a range of days',
    },
    { range: '1.12.2025..15.1.2026', message: '"1.12.2025..15.1.2026" is not a range of days' },
    {
      range: '2025-02-29..2025-03-01',
      message:
        '--simulate: "2025-02-29" is not a day of the calendar (e.g. --simulate 2025-12-01..2026-01-15)',
    },
    { range: '2025-12-01..2025-13-01', message: '--simulate: "2025-13-01" is not a day of the calendar' },
    {
      range: '2026-01-15..2025-12-01',
      message:
        '--simulate: the range ends (2025-12-01) before it starts (2026-01-15); give the first day first',
    },
    {
      range: '2025-07-01..2026-07-02',
      message:
        '--simulate: 2025-07-01..2026-07-02 is 367 days, more than the 366 one simulation builds; give a shorter range',
    },
  ])('refuses "$range": $message', ({ range, message }) => {
    expect(() => parseDayRange(range)).toThrow(message);
  });

  it.each([
    {
      env: { RC_TOKEN: 'tok', RC_LEGACY_BASE_URL: 'https://api.example.com' },
      plan: false,
      message:
        "--simulate builds the embedded sample only, and RC_LEGACY_BASE_URL, RC_TOKEN are set (the real service's reports do not follow a simulated date); unset them to simulate, or build without --simulate",
    },
    {
      env: { RC_API_KEY: 'k' },
      plan: false,
      message: "and RC_API_KEY is set (the real service's reports do not follow a simulated date); unset it",
    },
    {
      env: { SOURCE_DATE_EPOCH: '1790000000' },
      plan: false,
      message:
        "--simulate sets each day's clock itself (SOURCE_DATE_EPOCH is set); unset SOURCE_DATE_EPOCH to simulate",
    },
    { env: {}, plan: true, message: '--simulate builds and --plan builds nothing; give one of them' },
  ])('refuses to simulate with $env (plan: $plan)', ({ env, plan, message }) => {
    expect(() => checkSimulation(env, plan)).toThrow(message);
  });

  it('never names a credential’s value', async () => {
    let stderr = '';
    const code = await build({
      argv: ['--simulate', '2025-12-01..2025-12-03', '--out', join(root, 'never')],
      env: { RC_BASE_URL: 'https://api.example.com', RC_API_KEY: 'secret-key-1234' },
      stdout: { write: () => true },
      stderr: { write: (text: string) => (stderr += text) },
    });
    expect(code).toBe(EXIT.usage);
    expect(stderr).toContain('build: [usage] --simulate builds the embedded sample only');
    expect(stderr).toContain('RC_BASE_URL, RC_API_KEY are set');
    expect(stderr).not.toContain('secret-key-1234');
  });

  it.each([
    { argv: ['--simulate', 'a..b', '--out', 'x'], rest: ['--out', 'x'] },
    { argv: ['--out', 'x', '--simulate=a..b', '--no-widget'], rest: ['--out', 'x', '--no-widget'] },
  ])('builds each day with the other flags of $argv', ({ argv, rest }) => {
    expect(withoutSimulate(argv)).toEqual(rest);
  });

  it('answers the worst day’s code and stops at a day that publishes nothing', async () => {
    const codes = new Map([
      ['2026-01-01', EXIT.ok],
      ['2026-01-02', EXIT.stale],
      ['2026-01-03', EXIT.ok],
      ['2026-01-04', EXIT.unreachable],
      ['2026-01-05', EXIT.ok],
    ]);
    const built: string[] = [];
    let stdout = '';
    let stderr = '';
    const code = await simulateDays(
      [...codes.keys()],
      {
        argv: ['--out', 'x'],
        env: {},
        stdout: { write: (text: string) => (stdout += text) },
        stderr: { write: (text: string) => (stderr += text) },
      },
      async (day) => {
        const date = new Date(Number(day.env.SOURCE_DATE_EPOCH) * 1000).toISOString();
        built.push(date);
        const result = codes.get(date.slice(0, 10))!;
        if (result === EXIT.unreachable) day.stderr.write('build: [upstream_unreachable] nobody home\n');
        else day.stdout.write(`published x: 9 files, 8 data files under api/ among them\n`);
        return result;
      },
    );
    expect(code).toBe(EXIT.unreachable);
    expect(built).toEqual([
      '2026-01-01T07:00:00.000Z',
      '2026-01-02T07:00:00.000Z',
      '2026-01-03T07:00:00.000Z',
      '2026-01-04T07:00:00.000Z',
    ]);
    expect(stdout.split('\n')).toEqual([
      '2026-01-01 07:00 UTC: exit 0, published x: 9 files, 8 data files under api/ among them',
      '2026-01-02 07:00 UTC: exit 3, published x: 9 files, 8 data files under api/ among them',
      '2026-01-03 07:00 UTC: exit 0, published x: 9 files, 8 data files under api/ among them',
      '2026-01-04 07:00 UTC: exit 8, build: [upstream_unreachable] nobody home',
      '',
    ]);
    expect(stderr).toBe(
      'build: [upstream_unreachable] nobody home\nsimulate: 2026-01-04 published nothing; the day after it was not built\n',
    );
  });

  it('builds three days of the sample into one output, each day with its own clock and snow', async () => {
    const out = join(root, 'site');
    let stdout = '';
    let stderr = '';
    const code = await build({
      argv: [
        '--simulate',
        '2026-01-01..2026-01-03',
        '--out',
        out,
        '--no-widget',
        '--locales',
        'en-US',
        '--resorts',
        '20,25,172',
      ],
      env: {},
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
    });
    expect(code, stderr).toBe(EXIT.ok);
    const lines = stdout.trimEnd().split('\n');
    expect(lines.map((l) => l.replace(/: \d+ files, \d+ data files/, ': N files, M data files'))).toEqual(
      ['2026-01-01', '2026-01-02', '2026-01-03'].map(
        (day) => `${day} 07:00 UTC: exit 0, published ${out}: N files, M data files under api/ among them`,
      ),
    );
    const manifest = JSON.parse(await readFile(join(out, 'api', 'manifest.json'), 'utf8'));
    expect(manifest.builtAt).toBe('2026-01-03T07:00:00.000Z');
    // the writer keeps the last two releases beside the output, each with the state of its build
    const releases = join(root, '.site-releases');
    const states = (await readdir(releases)).filter((name) => name.endsWith('.state.json')).sort();
    const builtAt = await Promise.all(
      states.map(async (name) => JSON.parse(await readFile(join(releases, name), 'utf8')).builtAt),
    );
    expect(builtAt).toEqual(['2026-01-02T07:00:00.000Z', '2026-01-03T07:00:00.000Z']);
    // the month's ledger counts the three builds' requests
    const ledger = JSON.parse(await readFile(join(releases, 'ledger.json'), 'utf8'));
    expect(ledger.entries.map((e: { month: string }) => e.month)).toEqual(['2026-01']);
    expect(ledger.entries[0].requests % 3).toBe(0);
    // the published report is the third day's, as the service answers it then
    const dataset = await sample();
    const service = createService(dataset, { now: () => Date.parse('2026-01-03T07:00:00Z') });
    for (const id of [20, 25, 172]) {
      const published = JSON.parse(
        await readFile(join(out, 'api', 'en-US', 'resort', `${id}`, 'snowreport.json'), 'utf8'),
      );
      const answered = JSON.parse(
        service({ method: 'GET', url: `/resort/${id}/snowreport`, headers: { 'x-api-key': FULL.apiKey } })
          .body,
      );
      expect(published.depth).toEqual(answered.depth);
      expect(published.recent).toEqual(answered.recent);
      expect(published.status).toEqual(answered.status);
    }
  }, 120_000);
});
