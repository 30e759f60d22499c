import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../scripts/service/http.ts';
import { FROZEN_NOW, FULL, sample } from '../helpers.ts';

let server: RunningServer;
const lines: string[] = [];

beforeAll(async () => {
  server = await startServer(await sample(), {
    port: 0,
    now: () => FROZEN_NOW,
    log: (line) => lines.push(line),
  });
});
afterAll(() => server.close());

async function getJson(path: string, headers: Record<string, string> = {}) {
  const response = await request(server.url + path, { headers });
  return {
    status: response.statusCode,
    headers: response.headers,
    json: (await response.body.json()) as any,
  };
}

describe('the HTTP server', () => {
  it('listens on 127.0.0.1', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('serves a client written against the real service, unchanged', async () => {
    // 1. the token, from the demo credentials
    const { json: auth } = await getJson(
      `/externalservice/authorization/token/${encodeURIComponent(FULL.email)}/${FULL.password}`,
    );
    expect(auth.token).toMatch(/^[0-9a-f]{48}$/);
    const q = `token=${auth.token}`;
    // 2. countries, then a region, to find resort ids
    const { json: countries } = await getJson(
      `/externalservice/region/countries/list?${q}&language=en&country=US`,
    );
    const france = countries.find((c: any) => c.regionName === 'France');
    const { json: region } = await getJson(
      `/externalservice/region/${france.states[0].id}/list?${q}&language=en&country=US`,
    );
    expect(region.resorts.length).toBeGreaterThan(1);
    // 3. snow report, forecast and profile in en-US and fr-FR; the first resort with depths reported
    let id = 0;
    let en: any;
    let fr: any;
    for (const resort of region.resorts) {
      id = resort.id;
      en = await getJson(`/externalservice/resort/${id}/snowreport?${q}&language=en&country=US`);
      fr = await getJson(`/externalservice/resort/${id}/snowreport?${q}&language=fr&country=FR`);
      if (typeof fr.json.report.snowQuality.onSlope?.lowerDepth === 'number') break;
    }
    expect(fr.json.report.openflagname).toBe(
      [
        'Ouvert',
        'Fermé',
        'Fermé temporairement',
        'Week-ends uniquement',
        'Aucun bulletin disponible',
        'Fermé définitivement',
      ][fr.json.report.openflag - 1],
    );
    expect(en.status).toBe(200);
    expect(en.headers['content-type']).toBe('application/json; charset=utf-8');
    const cmBase = fr.json.report.snowQuality.onSlope.lowerDepth;
    expect(en.json.report.snowQuality.onSlope.lowerDepth).toBe(Math.round(cmBase / 2.54));
    expect(typeof en.json.report.snowfall.snow24h).toBe('number');
    const forecast = await getJson(`/externalservice/resort/${id}/0/day/forecast?${q}`);
    const first = Object.values(forecast.json)[0] as any;
    expect(first).toMatchObject({
      tempTop: expect.any(Number),
      tempBottom: expect.any(Number),
      windspeed: expect.any(Number),
    });
    const profileFr = await getJson(`/externalservice/resort/${id}/profile?${q}&language=fr&country=FR`);
    const profileEn = await getJson(`/externalservice/resort/${id}/profile?${q}`);
    expect(profileEn.json.terrain.elevationBase).toBe(
      Math.round(profileFr.json.terrain.elevationBase / 0.3048),
    );
    expect(profileEn.json.facts.projectedOpeningDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // quick links point back at this server
    expect(region.restSnowReport.startsWith(`${server.url}/externalservice/resort/snowreport?token=`)).toBe(
      true,
    );
  });

  it('serves Family A with the x-api-key header', async () => {
    const { status, json } = await getJson('/resorts/snowreport?regionId=242', {
      'x-api-key': FULL.apiKey,
      locale: 'de-AT',
    });
    expect(status).toBe(200);
    expect(json.length).toBeGreaterThan(0);
  });

  it('answers errors with their status and JSON body', async () => {
    expect((await getJson('/resorts/snowreport')).status).toBe(401);
    const post = await request(`${server.url}/resorts/snowreport`, { method: 'POST', body: '{}' });
    expect(post.statusCode).toBe(405);
    expect(((await post.body.json()) as any).error).toBe('method_not_allowed');
    const long = await request(
      `${server.url}/externalservice/resort/profile?resortId=1&pad=${'x'.repeat(8000)}`,
    );
    expect(long.statusCode).toBe(414);
    await long.body.dump();
    // past Node's own 16 KB limit too: the service's JSON 414, not an empty 431
    const longer = await request(
      `${server.url}/externalservice/resort/profile?resortId=1&pad=${'x'.repeat(17_000)}`,
    );
    expect([longer.statusCode, ((await longer.body.json()) as { error: string }).error]).toEqual([
      414,
      'uri_too_long',
    ]);
  });

  it('logs one line per request without the token, e-mail or password', () => {
    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThanOrEqual(8);
    expect(log).toContain('GET /externalservice/authorization/token/[redacted]/[redacted] 200');
    expect(log).not.toMatch(/[0-9a-f]{48}/);
    expect(log).not.toContain('powder-day');
    expect(log).not.toContain('demo@example.com');
    expect(log).not.toContain('demo%40example.com');
  });
});
