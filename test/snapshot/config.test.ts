/**
 * The config's `alerts` (scripts/docs/configuration.md, "Alert feeds"): its default, and each mistake
 * reported with its place and what to give; and `out`, never inside a folder a host publishes whole
 * (scripts/docs/scheduling.md, "Running on a schedule"); and `staleFor`, how old a kept copy may get
 * (scripts/docs/snapshot.md, "Missing is not broken").
 */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../scripts/snapshot/config.ts';
import { SnapshotError } from '../../scripts/snapshot/errors.ts';

/** The message of a config that is refused, or undefined. */
function refusal(raw: unknown): string | undefined {
  try {
    parseConfig(raw, 'snow.json');
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(SnapshotError);
    expect((error as SnapshotError).code).toBe('config');
    return (error as Error).message;
  }
}

describe('alerts', () => {
  it('is 20 cm and no partner’s link unless the config says otherwise', () => {
    expect(parseConfig({}, 'snow.json').alerts).toEqual({ newSnowCm: 20 });
    expect(
      parseConfig(
        { alerts: { newSnowCm: 15, link: 'https://ski.example/{locale}/snow/{resort}' } },
        'snow.json',
      ).alerts,
    ).toEqual({ newSnowCm: 15, link: 'https://ski.example/{locale}/snow/{resort}' });
  });

  it.each([
    {
      alerts: { newSnowCm: '20' },
      message:
        'snow.json.alerts.newSnowCm: give the new snow in 24 hours that makes an alert, in centimetres, such as 20',
    },
    { alerts: { newSnowCm: 0 }, message: 'snow.json.alerts.newSnowCm: must be more than 0 cm, such as 20' },
    {
      alerts: { newSnowCm: 5000 },
      message: 'snow.json.alerts.newSnowCm: must be at most 1000 cm, such as 20',
    },
    {
      alerts: { link: 'https://ski.example/{id}' },
      message:
        'snow.json.alerts.link: {id} is not a placeholder of the link: use {resort}, {locale} or {language}',
    },
    {
      alerts: { link: 'javascript:alert(1)//{resort}' },
      message:
        'snow.json.alerts.link: "javascript:alert(1)//{resort}" is not an http(s) URL: give the page of a resort with {resort} for its id, such as https://ski.example/resorts/{resort}',
    },
    { alerts: { threshold: 20 }, message: 'snow.json.alerts: "threshold" is not a setting' },
  ])('refuses $alerts with its place and what to give', ({ alerts, message }) => {
    expect(refusal({ alerts })).toBe(`the configuration is invalid:\n  ${message}`);
  });
});

describe('out', () => {
  it.each(['dist', 'snow', 'site/snow', './build/snow', '/srv/www/dist', '../public/snow'])(
    'takes %s: a folder of its own, or a path outside the working folder',
    (out) => {
      expect(parseConfig({ out }, 'snow.json').out).toBe(out);
    },
  );

  it.each([
    ['public/snow', 'public', '.snow-releases', 'snow'],
    ['./docs/data/snow', 'docs', '.snow-releases', 'snow'],
    ['static/conditions/', 'static', '.conditions-releases', 'conditions'],
    ['Public/snow', 'Public', '.snow-releases', 'snow'],
  ])(
    'refuses %s, inside %s/, which a host publishes with its releases folder',
    (out, folder, releases, name) => {
      expect(refusal({ out })).toBe(
        `the configuration is invalid:\n  snow.json.out: "${out}" is inside ${folder}/, a folder static hosts publish whole: its releases folder (${releases} beside it, the private state and the ledger) would be published too; give a folder of its own and publish that (e.g. "${name}")`,
      );
    },
  );
});

describe('staleFor', () => {
  it('is a week unless the config says otherwise, in the format of `deadline`', () => {
    expect(parseConfig({}, 'snow.json').staleFor).toBe(7 * 24 * 3600);
    expect(parseConfig({ staleFor: '36h' }, 'snow.json').staleFor).toBe(36 * 3600);
    expect(parseConfig({ staleFor: 600 }, 'snow.json').staleFor).toBe(600);
  });

  it.each([
    ['a week', '"a week" is not a duration: write a number with s, m, h or d, such as 4h'],
    [0, 'Too small: expected number to be >0'],
  ])('refuses %j, with its place and what to give', (staleFor, message) => {
    expect(refusal({ staleFor })).toBe(`the configuration is invalid:\n  snow.json.staleFor: ${message}`);
  });
});
