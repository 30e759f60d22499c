/**
 * The pre-rendered cards with their season chart (`embeds.season`, scripts/embeds/season-cards.ts): three
 * simulated days of the sample built with the config's `embeds.season`, then the cards read as files. Each
 * resort with a history has, in each locale, a page and an include of the full card with the chart of its
 * latest season, whose text alternative reads the days and the latest depths the history holds; a season
 * file that is not the resort's season draws no chart; a resort without a history has no such card.
 */
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../scripts/cli/build.ts';
import { EXIT } from '../../scripts/cli/exit-codes.ts';
import { historyPath, type SeasonHistory } from '../../scripts/api/schemas/history.ts';
import { stagedReader } from '../../scripts/snapshot/store/staging.ts';
import { seasonCardFiles } from '../../scripts/embeds/season-cards.ts';

let root: string;
let out: string;
const page = (path: string) => readFile(join(out, path), 'utf8');
/** The text of an element's content: tags dropped, white space folded. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rc-season-cards-'));
  out = join(root, 'site');
  const config = join(root, 'config.json');
  await writeFile(config, JSON.stringify({ embeds: { season: true } }));
  let stderr = '';
  const code = await build({
    argv: [
      '--simulate',
      '2026-01-01..2026-01-03',
      '--config',
      config,
      '--out',
      out,
      '--locales',
      'en-US,de-DE',
      '--resorts',
      '20,25',
    ],
    env: {},
    stdout: { write: () => true },
    stderr: { write: (text: string) => (stderr += text) },
    widget: async () => [],
  });
  expect(code, stderr).toBe(EXIT.ok);
}, 240_000);
afterAll(() => rm(root, { recursive: true, force: true }));

describe('the cards with their season chart', () => {
  it('are written for each resort and locale, as a page and an include, beside the cards without', async () => {
    for (const locale of ['en-US', 'de-DE'])
      expect(
        (await readdir(join(out, 'cards', locale))).filter((f) => f.includes('.season.')).sort(),
      ).toEqual(['20.season.html', '20.season.include.html', '25.season.html', '25.season.include.html']);
  });

  it('hold the card with the season attribute and the chart of the three days the history holds', async () => {
    const history = JSON.parse(await page('history/25/2025-26.json')) as SeasonHistory;
    // one point a day, the report's own date (each build's report is of the day before)
    expect(history.days.map((d) => d.date)).toEqual(['2025-12-31', '2026-01-01', '2026-01-02']);
    const last = history.days.at(-1)!;
    for (const path of ['cards/de-DE/25.season.html', 'cards/de-DE/25.season.include.html']) {
      const html = await page(path);
      expect(html).toContain('<resort-conditions resort="25" locale="de-DE" days="3" season>');
      const chart = /<figure class="season" part="season" aria-label="Saison 2025-26">.*?<\/figure>/s.exec(
        html,
      );
      expect(chart, path).not.toBeNull();
      // the text for screen readers: the days recorded and the latest depths, in centimetres in German
      const alternative = textOf(/<p class="visually-hidden">(.*?)<\/p>/s.exec(chart![0])![1]!);
      expect(alternative).toMatch(/^3 Tage erfasst, /);
      expect(alternative).toContain(`${last.base} cm im Tal, ${last.summit} cm am Berg.`);
      // the depths are drawn: an area at the base over the three days
      expect(/<path class="base" d="M0 90V[\d.]+H1/.exec(chart![0])).not.toBeNull();
    }
    // in English, the same days in inches
    const english = await page('cards/en-US/25.season.html');
    expect(english).toContain('aria-label="Season 2025-26"');
    expect(textOf(english)).toContain('3 days recorded');
    expect(textOf(english)).toContain(`${Math.round(last.base! / 2.54)} in at the base`);
  });

  it('carry the card without the season body in an include, as the element reads the history itself', async () => {
    const include = await page('cards/en-US/25.season.include.html');
    const data = JSON.parse(/<script type="application\/json">(.*?)<\/script>/s.exec(include)![1]!);
    expect(Object.keys(data).sort()).toEqual(['data', 'days', 'locale', 'resort']);
  });

  it("draw no chart from a season file that is not the resort's, and are none for a resort without a history", async () => {
    const files = { read: stagedReader(join(out, 'api')), builtAt: Date.parse('2026-01-03T07:00:00Z') };
    const real = stagedReader(out);
    // resort 25's season file names another resort: hostile until checked, as the element checks it
    const history = async (path: string) =>
      path === historyPath(25, '2025-26')
        ? Buffer.from((await readFile(join(out, path), 'utf8')).replace('"resort":25', '"resort":20'))
        : real(path);
    const made = new Map<string, string>();
    for await (const f of seasonCardFiles({
      resorts: [
        { id: 20, name: 'a' },
        { id: 25, name: 'b' },
        { id: 999, name: 'no history' },
      ],
      locales: ['en-US'],
      files,
      images: [],
      history,
    }))
      made.set(f.path, Buffer.from(f.bytes).toString('utf8'));
    expect([...made.keys()].sort()).toEqual([
      'cards/en-US/20.season.html',
      'cards/en-US/20.season.include.html',
      'cards/en-US/25.season.html',
      'cards/en-US/25.season.include.html',
    ]);
    expect(made.get('cards/en-US/20.season.html')).toContain('part="season"');
    // no chart: the card's content takes the chart's room, as on a page with the element
    expect(made.get('cards/en-US/25.season.html')).not.toContain('part="season"');
    expect(made.get('cards/en-US/25.season.html')).toContain(
      '<resort-conditions resort="25" locale="en-US" days="3" season>',
    );
  });
});
