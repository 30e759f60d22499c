/** The benchmark page `npm run bench` writes (scripts/bench/page.ts). */
import { describe, expect, it } from 'vitest';
import { benchPage, table } from '../../scripts/bench/page.ts';

describe('the benchmark page', () => {
  it('writes a table with the first row’s columns, a missing cell empty and a | escaped', () => {
    expect(table([{ scenario: 'sample', 'files/s': 1200 }, { scenario: 'a|b' }])).toBe(
      ['| scenario | files/s |', '| --- | --- |', '| sample | 1200 |', '| a\\|b |  |'].join('\n'),
    );
    expect(table([])).toBe('(not measured in this run)');
  });

  it('names the command, the day and the machine, with each table under its heading', () => {
    const page = benchPage({
      args: ['--resorts', '100', '--skip-deploy'],
      at: '2026-11-28T06:00:00.000Z',
      builds: [{ scenario: 'sample', 'snapshot/copy': '2.91' }],
      bundles: [{ bundle: 'resort-conditions.js', bytes: 15000 }],
      deploys: [],
    });
    expect(page).toContain('- Command: `npm run bench -- --resorts 100 --skip-deploy`');
    expect(page).toContain('- Ended: 2026-11-28T06:00:00.000Z');
    expect(page).toMatch(/- Machine: \d+ × .+, [\d.]+ [KMG]iB of memory, Node\.js v\d+/);
    const sections = page.split(/^## /m).slice(1);
    expect(sections.map((s) => s.split('\n')[0])).toEqual(['Snapshot', 'Deploys', "The element's bundle"]);
    expect(sections[0]).toContain('| sample | 2.91 |');
    expect(sections[1]).toContain('(not measured in this run)');
    expect(sections[2]).toContain('| resort-conditions.js | 15000 |');
  });
});
