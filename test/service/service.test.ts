import { beforeAll, describe, expect, it } from 'vitest';
import type { Dataset } from '../../scripts/dataset/schema.ts';
import { schemaFor } from '../../scripts/api/schemas/by-endpoint.ts';
import { ErrorBody } from '../../scripts/api/schemas/error.ts';
import { ENDPOINTS, MULTI_TYPES, ENDPOINT, fillPattern } from '../../scripts/api/endpoints.ts';
import { SUPPORTED_LOCALES } from '../../scripts/api/locales.ts';
import { createService, MAX_URI_LENGTH, type Service } from '../../scripts/service/service.ts';
import { BASIC, FROZEN_NOW, FULL, sample, sampleOn } from '../helpers.ts';

let dataset: Dataset;
/** The sample as the service answers it at FROZEN_NOW. */
let dated: Dataset;
let service: Service;
let token: string;
let basicToken: string;

beforeAll(async () => {
  dataset = await sample();
  dated = await sampleOn();
  service = createService(dataset, { now: () => FROZEN_NOW, origin: 'http://svc.test' });
  token = dataset.accounts.find((a) => a.email === FULL.email)!.token;
  basicToken = dataset.accounts.find((a) => a.email === BASIC.email)!.token;
});

function get(url: string, headers: Record<string, string> = {}) {
  const response = service({ method: 'GET', url, headers });
  return { ...response, json: JSON.parse(response.body) as any };
}
const b = (path: string, query = '', t = token) => get(`${path}?token=${t}${query}`);
const withLocale = (tag: string) => {
  const [language, country] = tag.split('-');
  return `&language=${language}&country=${country}`;
};
const resortIdsQuery = (ids: number[]) => ids.map((id) => `&resortId=${id}`).join('');

describe('every endpoint in every supported locale', () => {
  it('answers bodies that validate against the schemas', () => {
    const ids = dataset.resorts.map((r) => r.id);
    let checked = 0;
    for (const tag of SUPPORTED_LOCALES) {
      const loc = withLocale(tag);
      for (const endpoint of ENDPOINTS) {
        const schema = schemaFor(endpoint);
        const urls: Array<{ url: string; headers?: Record<string, string> }> = [];
        if (endpoint.family === 'A') {
          const headers = { 'x-api-key': FULL.apiKey, locale: tag };
          if (endpoint.scope === 'resort')
            for (const id of ids)
              urls.push({ url: fillPattern(endpoint.pattern, { resortId: id }), headers });
          else
            urls.push(
              { url: endpoint.pattern, headers },
              { url: `${endpoint.pattern}?regionId=240`, headers },
            );
        } else if (endpoint.auth === 'credentials') {
          urls.push({ url: fillPattern(endpoint.pattern, { email: FULL.email, password: FULL.password }) });
        } else if (endpoint.scope === 'resort') {
          for (const id of ids) {
            for (const N of endpoint.id === 'forecast' ? [0, 3, 5] : [0]) {
              urls.push({
                url: `${fillPattern(endpoint.pattern, { resortId: id, N })}?token=${token}${loc}`,
              });
            }
          }
        } else if (endpoint.scope === 'resorts') {
          urls.push({ url: `${endpoint.pattern}?token=${token}${resortIdsQuery(ids)}${loc}` });
        } else if (endpoint.scope === 'region') {
          for (const region of dataset.regions)
            urls.push({
              url: `${fillPattern(endpoint.pattern, { regionId: region.id })}?token=${token}${loc}`,
            });
        } else {
          urls.push({ url: `${endpoint.pattern}?token=${token}${loc}` });
        }
        for (const { url, headers } of urls) {
          const response = service({ method: 'GET', url, headers });
          if (response.status === 404 && (endpoint.id === 'webcams' || endpoint.id === 'overview')) continue;
          expect(response.status, url).toBe(200);
          const result = schema.safeParse(JSON.parse(response.body));
          expect(result.success ? 'valid' : `${url}: ${result.error.message}`).toBe('valid');
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(SUPPORTED_LOCALES.length * ids.length * 8);
  });
});

describe('locales and units', () => {
  it('answers en-US in imperial units and fr-FR in metric units with French texts', () => {
    const resort = dated.resorts.find((r) => r.report && r.report.openFlag === 1)!;
    const en = b(`/externalservice/resort/${resort.id}/profile`).json;
    const fr = b(`/externalservice/resort/${resort.id}/profile`, '&language=fr&country=FR').json;
    expect(fr.terrain.elevationTop).toBe(resort.elevationM.top);
    expect(en.terrain.elevationTop).toBe(Math.round(resort.elevationM.top / 0.3048));
    const enReport = b(`/externalservice/resort/${resort.id}/snowreport`).json;
    const frReport = b(`/externalservice/resort/${resort.id}/snowreport`, '&language=fr&country=FR').json;
    expect(frReport.report.snowQuality.onSlope.lowerDepth).toBe(resort.report!.depthCm.base);
    expect(enReport.report.snowQuality.onSlope.lowerDepth).toBe(
      Math.round(resort.report!.depthCm.base / 2.54),
    );
    expect(enReport.report.openflagname).toBe('Open');
    expect(frReport.report.openflagname).toBe('Ouvert');
    expect(frReport.report.snowQuality.onSlope.surfaceTop).toBe(
      dataset.messages.fr[`surface.${resort.report!.surfaceTop}`],
    );
  });

  it('needs both language and country to leave en-US', () => {
    const id = dataset.resorts[0]!.id;
    const onlyLanguage = b(`/externalservice/resort/${id}/snowreport`, '&language=fr').json;
    expect(onlyLanguage).toEqual(b(`/externalservice/resort/${id}/snowreport`).json);
  });

  it('rejects an unsupported language and a malformed country', () => {
    const id = dataset.resorts[0]!.id;
    expect(b(`/externalservice/resort/${id}/profile`, '&language=xx&country=FR').status).toBe(400);
    expect(b(`/externalservice/resort/${id}/profile`, '&language=fr&country=FRA').status).toBe(400);
  });

  it('translates the Family A comment by the locale header and keeps centimetres', () => {
    const resort = dated.resorts.find((r) => r.report?.comment?.de)!;
    const de = get(`/resort/${resort.id}/snowreport`, { 'x-api-key': FULL.apiKey, locale: 'de-DE' }).json;
    const en = get(`/resort/${resort.id}/snowreport`, { 'x-api-key': FULL.apiKey, locale: 'en-US' }).json;
    expect(de.comment).toBe(resort.report!.comment!.de);
    expect(en.comment).toBe(resort.report!.comment!.en);
    expect(en.depth).toEqual(de.depth);
    expect(en.depth.base).toBe(resort.report!.depthCm.base);
  });
});

describe('forecast', () => {
  const resort = () => dataset.resorts.find((r) => r.report?.reportedWeather)!;

  it.each([0, 1, 5])('answers currentWeather first and %i forecast days', (N) => {
    const body = b(`/externalservice/resort/${resort().id}/${N}/day/forecast`).json;
    expect(Object.keys(body)[0]).toBe('currentWeather');
    expect(body.forecast).toHaveLength(N);
    expect(body.currentWeather.forecastDate).toBe('2026-02-14');
  });

  it('mixes in resort-reported weather unless forecast_only is true', () => {
    const mixed = b(`/externalservice/resort/${resort().id}/0/day/forecast`).json.currentWeather;
    const forecastOnly = b(`/externalservice/resort/${resort().id}/0/day/forecast`, '&forecast_only=true')
      .json.currentWeather;
    expect(mixed).toMatchObject({ is_reported: true, is_forecast: false });
    expect(mixed.surfaceTopText).toEqual(expect.any(String));
    expect(forecastOnly).toMatchObject({ is_reported: false, is_forecast: true });
    expect(forecastOnly.surfaceTopText).toBeUndefined();
  });

  it('dates each record at midnight UTC of its forecast date', () => {
    const body = b(`/externalservice/resort/${resort().id}/5/day/forecast`).json;
    body.forecast.forEach((day: any, i: number) => {
      expect(day.forecastDate).toBe(`2026-02-${String(15 + i).padStart(2, '0')}`);
      expect(day.date).toBe(Date.parse(`${day.forecastDate}T00:00:00Z`) / 1000);
      expect(day.date_str).toBe(`${day.forecastDate.replaceAll('-', '.')} 00:00:00 UTC`);
    });
  });

  it('takes N of the multi-resort forecast from the days parameter', () => {
    const ids = dataset.resorts.slice(0, 3).map((r) => r.id);
    const body = b('/externalservice/resort/forecast', `${resortIdsQuery(ids)}&days=2`).json;
    expect(Object.keys(body).map(Number)).toEqual(ids);
    for (const id of ids) expect(body[id].forecast).toHaveLength(2);
  });
});

describe('multi-resort endpoints', () => {
  it.each(MULTI_TYPES)('%s: the map, the ordered array and the single-resort answers agree', (type) => {
    const ids = dataset.resorts.map((r) => r.id).reverse();
    const query = resortIdsQuery(ids) + '&language=de&country=DE';
    const map = b(`/externalservice/resort/${type}`, query).json;
    const ordered = b(`/externalservice/resort/${type}/ordered`, query).json;
    expect(ordered).toEqual(ids.filter((id) => id in map).map((id) => map[id]));
    for (const id of ids.slice(0, 5)) {
      const single = b(
        type === 'forecast'
          ? `/externalservice/resort/${id}/5/day/forecast`
          : `/externalservice/resort/${id}/${type}`,
        '&language=de&country=DE',
      );
      if (single.status === 404) expect(map[id]).toBeUndefined();
      else expect(map[id]).toEqual(single.json);
    }
  });

  it('leaves resorts without webcams out of the webcam map', () => {
    const without = dataset.resorts.find((r) => r.webcams.length === 0)!;
    const withCams = dataset.resorts.find((r) => r.webcams.some((w) => w.online))!;
    const map = b('/externalservice/resort/webcams', resortIdsQuery([without.id, withCams.id])).json;
    expect(Object.keys(map)).toEqual([String(withCams.id)]);
  });

  it('accepts comma-separated ids, drops duplicates and leaves unknown ids out', () => {
    const [a, c] = [dataset.resorts[0]!.id, dataset.resorts[1]!.id];
    const body = b(
      '/externalservice/resort/profile/ordered',
      `&resortId=${a},${c}&resortId=${a}&resortId=999999`,
    ).json;
    expect(body.map((p: any) => p.id)).toEqual([a, c]);
  });
});

describe('region lists', () => {
  it('lists countries sorted by name with states, regions and resorts sorted by id', () => {
    const countries = b('/externalservice/region/countries/list').json;
    const names = countries.map((c: any) => c.regionName);
    expect(names).toEqual([...names].sort((x: string, y: string) => x.localeCompare(y, 'en')));
    expect(countries.every((c: any) => c.regionType === 'COUNTRY' && Array.isArray(c.states))).toBe(true);
    for (const c of countries) {
      const ids = c.resorts.map((r: any) => r.id);
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
    }
    const us = countries.find((c: any) => c.id === 429);
    expect(us.states.map((s: any) => s.regionName)).toContain('Colorado');
  });

  it('builds quick links like the real ones, which lead back to the same resorts', () => {
    const list = b('/externalservice/region/251/list', '&language=fr&country=FR').json;
    const ids = list.resorts.map((r: any) => r.id);
    expect(list.restSnowReport).toBe(
      `http://svc.test/externalservice/resort/snowreport?token=${token}${resortIdsQuery(ids)}&language=fr&country=FR`,
    );
    expect(list.resortQueryParam).toBe(`token=${token}${resortIdsQuery(ids)}&language=fr&country=FR`);
    const url = new URL(list.restRegionProfile);
    const profiles = get(url.pathname + url.search).json;
    expect(Object.keys(profiles).map(Number)).toEqual(ids);
    expect(list.states).toBeUndefined();
  });

  it('answers 404 for an unknown region, and a region id may equal a resort id', () => {
    expect(b('/externalservice/region/999999/list').status).toBe(404);
    const both = dataset.resorts.find((r) => dataset.regions.some((g) => g.id === r.id))!;
    expect(b(`/externalservice/region/${both.id}/list`).json.regionName).toBe(
      dataset.regions.find((g) => g.id === both.id)!.name,
    );
    expect(b(`/externalservice/resort/${both.id}/profile`).json.resortName).toBe(both.name);
  });
});

describe('Family A', () => {
  const headers = () => ({ 'x-api-key': FULL.apiKey });

  it('answers every resort with neither parameter', () => {
    expect(get('/resorts/snowreport', headers()).json).toHaveLength(dataset.resorts.length);
  });

  it('selects by region, by ids (repeated or comma-separated), and by both', () => {
    const inFrance = dataset.resorts
      .filter((r) => r.countryId === 240)
      .map((r) => r.id)
      .sort((x, y) => x - y);
    expect(get('/resorts/snowreport?regionId=240', headers()).json.map((r: any) => r.resort)).toEqual(
      inFrance,
    );
    const [x, y] = [dataset.resorts[2]!.id, dataset.resorts[0]!.id];
    expect(get(`/resorts/snowreport?resortIds=${x},${y}`, headers()).json.map((r: any) => r.resort)).toEqual([
      x,
      y,
    ]);
    expect(
      get(`/resorts/snowreport?resortIds=${x}&resortIds=${y}`, headers()).json.map((r: any) => r.resort),
    ).toEqual([x, y]);
    expect(
      get(`/resorts/snowreport?regionId=240&resortIds=${inFrance[0]},${x}`, headers()).json.map(
        (r: any) => r.resort,
      ),
    ).toEqual([inFrance[0], x].filter((id) => inFrance.includes(id!)));
  });

  it('marks a resort without a report with open flag 5 and no depth', () => {
    const off = dataset.resorts.find((r) => r.report === null)!;
    const body = get(`/resort/${off.id}/snowreport`, headers()).json;
    expect(body.status.openFlag).toBe(5);
    expect(body.depth).toBeUndefined();
  });

  it('shows every open flag across the sample', () => {
    const flags = new Set(get('/resorts/snowreport', headers()).json.map((r: any) => r.status.openFlag));
    expect([...flags].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('accounts and permissions', () => {
  it('issues the token for a percent-encoded e-mail and the right password', () => {
    const body = get('/externalservice/authorization/token/demo%40example.com/powder-day').json;
    expect(body).toEqual({ token, domain: 'partner.example' });
    expect(get('/externalservice/authorization/token/demo%40example.com/wrong').status).toBe(401);
  });

  it('answers the account record with its feature flags', () => {
    const body = get('/externalservice/authorization/account/basic%40example.com/groomer').json;
    expect(body).toMatchObject({
      email: BASIC.email,
      maxPerMonth: 5000,
      hasWeather: false,
      hasOverviews: false,
      hasCams: false,
    });
    expect(body.token).toBeUndefined();
  });

  it('gives the restricted account no weather, overviews or cams', () => {
    const resort = dataset.resorts.find(
      (r) => r.report?.reportedWeather && r.webcams.length && r.overview.en,
    )!;
    const t = basicToken;
    expect(b(`/externalservice/resort/${resort.id}/3/day/forecast`, '', t).status).toBe(403);
    expect(b(`/externalservice/resort/${resort.id}/overview`, '', t).status).toBe(403);
    expect(b(`/externalservice/resort/${resort.id}/webcams`, '', t).status).toBe(403);
    expect(b('/externalservice/resort/forecast', `&resortId=${resort.id}`, t).status).toBe(403);
    expect(b(`/externalservice/resort/${resort.id}/combinedreport`, '&forecast=true', t).status).toBe(403);
    const report = b(`/externalservice/resort/${resort.id}/snowreport`, '', t).json;
    expect(report.currentWeather).toBeUndefined();
    expect(report.report.resortReportedWeather).toBeUndefined();
    expect(report.report.snowQuality.onSlope.lowerDepth).toEqual(expect.any(Number));
    const combined = b(`/externalservice/resort/${resort.id}/combinedreport`, '', t).json;
    expect(combined.currentWeather).toBeUndefined();
    expect(combined.info.id).toBe(resort.id);
  });

  it('answers the attribution in the requested language', () => {
    const body = b('/externalservice/myaccount/attribution', '&language=de&country=DE').json;
    expect(body.attributionText).toBe(dataset.attribution.text.de);
    expect(body.requiresAttribution).toBe(true);
  });
});

describe('combined report', () => {
  it('leaves the links out with links=false and adds forecast days with forecast=true', () => {
    const id = dataset.resorts[0]!.id;
    expect(b(`/externalservice/resort/${id}/combinedreport`).json.links.links.skireport.url).toMatch(
      /^https:\/\//,
    );
    expect(b(`/externalservice/resort/${id}/combinedreport`, '&links=false').json.links).toBeUndefined();
    expect(b(`/externalservice/resort/${id}/combinedreport`).json.forecast).toBeUndefined();
    expect(b(`/externalservice/resort/${id}/combinedreport`, '&forecast=true').json.forecast).toHaveLength(5);
  });
});

describe('errors', () => {
  const id = () => dataset.resorts[0]!.id;

  it.each([
    { name: 'no token', url: () => `/externalservice/resort/${id()}/profile`, status: 401 },
    {
      name: 'a wrong token',
      url: () => `/externalservice/resort/${id()}/profile?token=${'0'.repeat(48)}`,
      status: 401,
    },
    {
      name: 'N above 5',
      url: () => `/externalservice/resort/${id()}/6/day/forecast?token=${token}`,
      status: 400,
    },
    {
      name: 'N below 0',
      url: () => `/externalservice/resort/${id()}/-1/day/forecast?token=${token}`,
      status: 400,
    },
    {
      name: 'a malformed resort id',
      url: () => `/externalservice/resort/abc/profile?token=${token}`,
      status: 400,
    },
    {
      name: 'a malformed multi-resort id',
      url: () => `/externalservice/resort/profile?token=${token}&resortId=1x`,
      status: 400,
    },
    {
      name: 'no resortId on a multi-resort endpoint',
      url: () => `/externalservice/resort/profile?token=${token}`,
      status: 400,
    },
    {
      name: 'a bad boolean',
      url: () => `/externalservice/resort/${id()}/snowreport?token=${token}&forecast_only=maybe`,
      status: 400,
    },
    {
      name: 'days above 5',
      url: () => `/externalservice/resort/forecast?token=${token}&resortId=${id()}&days=9`,
      status: 400,
    },
    {
      name: 'an unknown resort',
      url: () => `/externalservice/resort/999999/profile?token=${token}`,
      status: 404,
    },
    { name: 'an unknown path', url: () => `/externalservice/nothing?token=${token}`, status: 404 },
    {
      name: 'webcams of a resort with none',
      url: () =>
        `/externalservice/resort/${dataset.resorts.find((r) => r.webcams.length === 0)!.id}/webcams?token=${token}`,
      status: 404,
    },
  ])('answers $status for $name, with the one error shape and no token', ({ url, status }) => {
    const response = get(url());
    expect(response.status).toBe(status);
    expect(ErrorBody.parse(response.json)).toMatchObject({ status });
    expect(response.json.message).not.toContain(token);
  });

  it('answers 401 for a missing or wrong API key', () => {
    expect(get('/resorts/snowreport').status).toBe(401);
    expect(get('/resorts/snowreport', { 'x-api-key': 'nope' }).json).toMatchObject({
      status: 401,
      error: 'unauthorized',
    });
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'])(
    'answers 405 with Allow: GET to %s on every path',
    (method) => {
      for (const url of [
        '/resorts/snowreport',
        `/externalservice/resort/${id()}/profile?token=${token}`,
        '/nowhere',
      ]) {
        const response = service({ method, url });
        expect(response.status).toBe(405);
        expect(response.headers.allow).toBe('GET');
      }
    },
  );

  it('answers 200 at exactly 8000 characters of URI and 414 at 8001', () => {
    const base = `/externalservice/resort/profile/ordered?token=${token}&resortId=${id()}&pad=`;
    const exact = base + 'x'.repeat(MAX_URI_LENGTH - base.length);
    expect(exact).toHaveLength(8000);
    expect(service({ method: 'GET', url: exact }).status).toBe(200);
    const response = service({ method: 'GET', url: exact + 'x' });
    expect(response.status).toBe(414);
    expect(JSON.parse(response.body).error).toBe('uri_too_long');
  });
});

describe('the endpoint table', () => {
  it('keeps the credential endpoints unpublished', () => {
    expect(ENDPOINTS.filter((e) => !e.publish).map((e) => e.id)).toEqual(['auth.token', 'auth.account']);
    expect(ENDPOINT.forecast.permission).toBe('hasWeather');
  });
});
