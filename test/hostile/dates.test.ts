/**
 * A history that cannot be poisoned (scripts/api/README.md, "Dates"; scripts/docs/snapshot.md, "The season's
 * history"): a report dated in year 0999 or after next year is refused with its record and named, the rest
 * of the release publishes (exit 4) and no season outside the window reaches `history/`; a season outside
 * it that an earlier release published is gone after one build, which says so. Each build runs through the
 * command line against a real HTTP server, its clock and the upstream's frozen on the same day.
 */
import { readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_INDEX_PATH, historyPath } from '../../scripts/api/schemas/history.ts';
import { EXIT } from '../../scripts/cli/exit-codes.ts';
import {
  buildAgainst,
  published,
  removeScratch,
  scratch,
  startHostileUpstream,
  type HostileUpstream,
} from './upstream.ts';

const FLAGS = ['--locales', 'en-US', '--regions', '251', '--endpoints', 'regions,combinedreport,attribution'];
const COMBINED = '/externalservice/resort/combinedreport';
/** Colorado's two resorts in the sample. */
const [GOOD, BAD] = [20, 428];
const WINDOW =
  "outside the window of report, update and season dates (2006-02-14 to 2027-02-14, around the build's clock)";

let upstream: HostileUpstream;
let root: string;

beforeAll(async () => {
  upstream = await startHostileUpstream();
  root = await scratch();
});
afterAll(async () => {
  await upstream.close();
  await removeScratch(root);
});

/** A build into `name`; `again`: every part fetched anew, as a later build the same day would. */
const build = (name: string, again = false) =>
  buildAgainst(upstream, join(root, name), { flags: again ? [...FLAGS, '--refresh', 'all'] : FLAGS });
/** The season files of a published tree, as `<resort>/<season>.json`. */
const seasons = async (out: string) =>
  (await readdir(join(out, 'history'), { recursive: true }))
    .filter((f) => f.endsWith('.json') && f !== 'index.json')
    .sort();
const dated = (day: string) =>
  upstream.change(
    (p) => p === COMBINED,
    (map: Record<string, { report: { snowfall: Record<string, unknown> } }>) => {
      map[BAD]!.report.snowfall.snowReportedDate = day;
    },
  );

describe('a report dated outside the window', () => {
  it.each(['0999-12-31', '2028-01-01'])(
    'dated %s in a first build: that record refused and named, the rest published, no season outside the window',
    async (day) => {
      upstream.reset();
      dated(day);
      const run = await build(`first-${day}`);
      expect(run.code, run.stderr).toBe(EXIT.contract);
      expect(run.stderr).toContain(
        `${COMBINED} (en-US): the record of resort ${BAD} breaks the contract: $["${BAD}"].report.snowfall.snowReportedDate: ${WINDOW}`,
      );
      expect(
        await published(run.out, `api/en-US/externalservice/resort/${GOOD}/combinedreport.json`),
      ).toBeDefined();
      expect(await seasons(run.out)).toEqual([`${GOOD}/2025-26.json`]);
      expect(JSON.parse((await published(run.out, HISTORY_INDEX_PATH))!)).toEqual({
        resorts: [{ resort: GOOD, seasons: ['2025-26'] }],
      });
    },
  );

  it('dated 2099-12-31 after a good release: that resort’s season kept as it was, no season of 2099', async () => {
    upstream.reset();
    const out = join(root, 'after');
    expect((await build('after')).code).toBe(EXIT.ok);
    const before = await published(out, historyPath(BAD, '2025-26'));
    dated('2099-12-31');
    const run = await build('after', true);
    expect(run.code, run.stderr).toBe(EXIT.contract);
    expect(run.stderr).toContain(`the record of resort ${BAD} breaks the contract`);
    expect(run.stderr).toContain(
      'history: 1 resort got no point this build: its report was kept from an earlier run',
    );
    expect(await seasons(out)).toEqual([`${GOOD}/2025-26.json`, `${BAD}/2025-26.json`]);
    expect(await published(out, historyPath(BAD, '2025-26'))).toBe(before);
  });
});

describe('a season outside the window that an earlier release published', () => {
  it('is gone after one build, which says so', async () => {
    upstream.reset();
    const out = join(root, 'poisoned');
    expect((await build('poisoned')).code).toBe(EXIT.ok);
    // as a release before the window existed wrote it: `2099-12-31` made `2099-00` (files are links the
    // releases share: replaced, not written into)
    const season = JSON.parse((await published(out, historyPath(GOOD, '2025-26')))!);
    await writeFile(
      join(out, historyPath(GOOD, '2099-00')),
      `${JSON.stringify({ ...season, season: '2099-00', days: [{ ...season.days[0], date: '2099-12-31' }] })}\n`,
    );
    const index = JSON.parse((await published(out, HISTORY_INDEX_PATH))!);
    index.resorts.find((r: { resort: number }) => r.resort === GOOD).seasons.push('2099-00');
    await rm(join(out, HISTORY_INDEX_PATH));
    await writeFile(join(out, HISTORY_INDEX_PATH), `${JSON.stringify(index)}\n`);

    const run = await build('poisoned', true);
    expect(run.code, run.stderr).toBe(EXIT.ok);
    expect(`${run.stdout}${run.stderr}`).toContain(
      `history: 1 season of the previous release is ${WINDOW}, so it is left out: ${historyPath(GOOD, '2099-00')}`,
    );
    expect(await seasons(out)).toEqual([`${GOOD}/2025-26.json`, `${BAD}/2025-26.json`]);
    expect(JSON.parse((await published(out, HISTORY_INDEX_PATH))!)).toEqual({
      resorts: [GOOD, BAD].map((resort) => ({ resort, seasons: ['2025-26'] })),
    });
  });
});
