/**
 * Dates outside their windows are wrong (scripts/api/README.md, "Dates"): refused with their record where
 * it can go on its own, the whole body otherwise, on both families' bodies of the embedded service.
 */
import { describe, expect, it } from 'vitest';
import type { EndpointId } from '../../scripts/api/endpoints.ts';
import { judge } from '../../scripts/api/schemas/verdict.ts';
import { FROZEN_NOW } from '../helpers.ts';
import { SAMPLED, bodyOf, three } from './bodies.ts';

const RECORD =
  "outside the window of report, update and season dates (2006-02-14 to 2027-02-14, around the build's clock)";
const FORECAST = "outside the window of forecast dates (2026-02-07 to 2026-03-02, around the build's clock)";
const seconds = (day: string) => Date.parse(`${day}T12:00:00Z`) / 1000;

describe('the dates of the sample', () => {
  it.each(SAMPLED)('%s on the day of the tests lies within every window', (endpoint) => {
    const verdict = judge(endpoint, bodyOf(endpoint), FROZEN_NOW);
    expect(verdict).toMatchObject({ ok: true });
    expect(verdict.ok && [verdict.broken, verdict.dropped]).toEqual([undefined, undefined]);
  });
});

describe('a date outside its window refuses a body that is one record', () => {
  it.each<{ endpoint: EndpointId; edit: (body: any) => void; value: string; why: string }>([
    {
      endpoint: 'combinedreport',
      edit: (b) => (b.report.snowfall.snowReportedDate = '0999-12-31'),
      value: '0999-12-31',
      why: `$.report.snowfall.snowReportedDate: ${RECORD}`,
    },
    {
      endpoint: 'combinedreport',
      edit: (b) => (b.report.snowfall.snowReportedDate = '2099-12-31'),
      value: '2099-12-31',
      why: `$.report.snowfall.snowReportedDate: ${RECORD}`,
    },
    {
      endpoint: 'combinedreport',
      edit: (b) => (b.info.facts.projectedOpeningDate = '2028-11-01'),
      value: '2028-11-01',
      why: `$.info.facts.projectedOpeningDate: ${RECORD}`,
    },
    {
      endpoint: 'snowreport',
      edit: (b) => (b.lastModified_str = '0001.01.01 00:00:00 UTC'),
      value: '0001.01.01',
      why: `$.lastModified_str: ${RECORD}`,
    },
    {
      endpoint: 'forecast',
      edit: (b) => (b.forecast[2].forecastDate = '2026-03-03'),
      value: '2026-03-03',
      why: `$.forecast[2].forecastDate: ${FORECAST}`,
    },
    {
      endpoint: 'forecast',
      edit: (b) => (b.currentWeather.date = seconds('2026-02-06')),
      value: String(seconds('2026-02-06')),
      why: `$.currentWeather.date: ${FORECAST}`,
    },
    {
      endpoint: 'a.resort.snowreport',
      edit: (b) => (b.updatedAt = '2099-01-01T00:00:00Z'),
      value: '2099-01-01',
      why: `$.updatedAt: ${RECORD}`,
    },
  ])('$why', ({ endpoint, edit, value, why }) => {
    const body = bodyOf(endpoint);
    edit(body);
    const verdict = judge(endpoint, body, FROZEN_NOW);
    expect(verdict).toEqual({ ok: false, reason: `the body breaks the contract: ${why}` });
    expect(JSON.stringify(verdict)).not.toContain(value);
    // its shape alone is fine: without the build's clock, nothing holds it to a window
    expect(judge(endpoint, body)).toMatchObject({ ok: true });
  });

  it('takes the last day of each window, and refuses the day after it', () => {
    const on = (day: string) => {
      const body = bodyOf('combinedreport');
      body.report.snowfall.snowReportedDate = day;
      return judge('combinedreport', body, FROZEN_NOW).ok;
    };
    expect(['2006-02-13', '2006-02-14', '2027-02-14', '2027-02-15'].map(on)).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});

describe('a date outside its window is its record’s problem', () => {
  it('leaves out the resort of a multi-resort map whose report is dated in year 0000, and uses the rest', () => {
    const body = bodyOf('multi.combinedreport');
    body[three[1]!].report.snowfall.snowReportedDate = '0000-01-01';
    const verdict = judge('multi.combinedreport', body, FROZEN_NOW);
    if (!verdict.ok) throw new Error(verdict.reason);
    expect(Object.keys(verdict.body as object)).toEqual([three[0], three[2]].map(String));
    expect([...verdict.broken!]).toEqual([
      [three[1], [`$["${three[1]}"].report.snowfall.snowReportedDate: ${RECORD}`]],
    ]);
  });

  it('leaves out the record of Family A’s list whose recent snowfall is dated after next year', () => {
    const body = bodyOf('a.snowreport');
    const resort = body[1].resort as number;
    body[1].recent[0].date = '2099-12-31';
    const verdict = judge('a.snowreport', body, FROZEN_NOW);
    if (!verdict.ok) throw new Error(verdict.reason);
    expect((verdict.body as unknown[]).length).toBe(body.length - 1);
    expect([...verdict.broken!]).toEqual([[resort, [`$[1].recent[0].date: ${RECORD}`]]]);
  });

  it('leaves out a webcam updated in year 0999, as an offline one', () => {
    const body = bodyOf('webcams');
    const good = structuredClone(body);
    body.push({ ...body[0], webcamId: 999_999, lastUpdate_str: '0999.06.01 10:00:00 UTC' });
    const verdict = judge('webcams', body, FROZEN_NOW);
    if (!verdict.ok) throw new Error(verdict.reason);
    expect(verdict.body).toEqual(good);
    const at = good.length;
    expect(verdict.dropped).toEqual([`$[${at}] left out: $[${at}].lastUpdate_str: ${RECORD}`]);
  });

  it('leaves out the resort of a multi-resort forecast with a day past the forecast window', () => {
    const body = bodyOf('multi.forecast');
    body[three[0]!].forecast[0].date_str = '2026.04.01 00:00:00 UTC';
    const verdict = judge('multi.forecast', body, FROZEN_NOW);
    if (!verdict.ok) throw new Error(verdict.reason);
    expect([...verdict.broken!.keys()]).toEqual([three[0]]);
  });
});
