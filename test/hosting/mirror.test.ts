/**
 * Existing clients against the mirror (scripts/docs/hosting.md, "Moving an existing client to the mirror"): a sample build
 * in en-US and de-DE, then the client flows replayed against the embedded service and, side by side, a real nginx with the generated configuration,
 * the edge function in front of a static server, a real Apache, and Netlify's own redirect engine. Every
 * answer equals the service's but for the region lists' token fields, or is the refusal scripts/docs/hosting.md
 * documents, in the service's error shape.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../scripts/api/schemas/error.ts';
import { build } from '../../scripts/cli/build.ts';
import type { Dataset } from '../../scripts/dataset/schema.ts';
import { startServer, type RunningServer } from '../../scripts/service/http.ts';
import { serveFolder, type StaticServer } from '../../scripts/hosting/static-server.ts';
import { DATA_DIR, describeNeeding, FROZEN_NOW, FULL, sample } from '../helpers.ts';
import { difference, memo, replay, type Host, type HostRequest, type Limits } from './flows.ts';
import { APACHE, startApache } from './apache.ts';
import { NGINX, startNginx, type RunningNginx } from './nginx.ts';
import { netlifyEngine } from './netlify-engine.ts';

const FORMS = ['', 'language=en&country=US', 'language=de&country=DE'];
const FULL_LIMITS: Limits = { multi: true, localeHeader: true, jsonMissing: true };

let dataset: Dataset;
let root: string;
let dist: string;
let server: RunningServer;
let service: Host;
let token: string;

const sink = { write: () => true };

beforeAll(async () => {
  dataset = await sample();
  root = await mkdtemp(join(tmpdir(), 'rc-mirror-'));
  dist = join(root, 'dist');
  const code = await build({
    argv: ['--out', dist, '--locales', 'en-US,de-DE', '--no-widget', '--data', DATA_DIR],
    env: { SOURCE_DATE_EPOCH: String(FROZEN_NOW / 1000) },
    stdout: sink,
    stderr: sink,
    cwd: root,
  });
  expect(code).toBe(0);
  server = await startServer(dataset, { port: 0, now: () => FROZEN_NOW });
  service = memo(httpHost(server.url));
  token = dataset.accounts.find((a) => a.email === FULL.email)!.token;
}, 120_000);

afterAll(async () => {
  await server?.close();
  await rm(root, { recursive: true, force: true });
});

function httpHost(base: string): Host {
  return async ({ method = 'GET', path, headers }) => {
    const response = await fetch(`${base}${path}`, { method, headers: headers ?? {}, redirect: 'manual' });
    return { status: response.status, body: await response.text() };
  };
}

/** A file of the published tree, or undefined; never outside it. */
async function published(file: string): Promise<string | undefined> {
  const full = resolve(dist, file.replace(/^\//, ''));
  if (!full.startsWith(resolve(dist) + sep)) return undefined;
  return readFile(full, 'utf8').catch(() => undefined);
}

const errorBody = async (file: string) => JSON.parse((await published(file))!) as unknown;

/**
 * Netlify's answer: its own redirect engine (netlify-redirector) over the tree's `_redirects`, then the file
 * a rule names, or the request's own path; the tree's 404 page when there is no file.
 */
function netlifyHost(): Host {
  let ask: Awaited<ReturnType<typeof netlifyEngine>> | undefined;
  return async ({ path }) => {
    ask ??= await netlifyEngine(dist);
    const url = new URL(path, 'http://mirror.test');
    const rule = ask(url.pathname, url.search.slice(1));
    const body = await published(rule ? rule.to : url.pathname);
    if (body === undefined) return { status: 404, body: (await published('404.html'))! };
    return { status: rule?.status ?? 200, body };
  };
}

interface EdgeModule {
  default: { fetch(request: Request, env: { ORIGIN: string }): Promise<Response> };
}

const T = () => token;
const someGroup = () => '&resortId=20&resortId=428';

/** Refusals and errors, per kind of host: nginx and the edge function answer alike; Netlify where it differs. */
/** A Family B URL of exactly `length` characters (a padding parameter the service and the mirror ignore). */
const urlOfLength = (length: number) => {
  const head = `/externalservice/resort/20/profile?token=${T()}&pad=`;
  return head + 'x'.repeat(length - head.length);
};

const ERRORS: Array<{
  name: string;
  request: () => HostRequest;
  status: number;
  service: 'same' | number;
  netlify?: { status: number; json: boolean } | 'skip';
  apache?: 'skip';
}> = [
  {
    name: 'an unknown resort',
    request: () => ({ path: `/externalservice/resort/999999/profile?token=${T()}` }),
    status: 404,
    service: 'same',
    netlify: { status: 404, json: false },
  },
  {
    name: 'a resort id that is no number',
    request: () => ({ path: `/externalservice/resort/abc/profile?token=${T()}` }),
    status: 400,
    service: 'same',
    netlify: { status: 404, json: false },
  },
  {
    name: 'N outside 0 to 5',
    request: () => ({ path: `/externalservice/resort/20/9/day/forecast?token=${T()}` }),
    status: 400,
    service: 'same',
    netlify: { status: 404, json: false },
  },
  {
    name: 'a boolean neither true nor false',
    request: () => ({ path: `/externalservice/resort/20/snowreport?token=${T()}&forecast_only=maybe` }),
    status: 400,
    service: 'same',
    netlify: { status: 200, json: false },
  },
  {
    name: 'an unsupported language',
    request: () => ({ path: `/externalservice/resort/20/profile?token=${T()}&language=xx&country=US` }),
    status: 400,
    service: 'same',
    netlify: { status: 404, json: true },
  },
  {
    name: 'a country of three letters',
    request: () => ({ path: `/externalservice/resort/20/profile?token=${T()}&language=de&country=DEU` }),
    status: 400,
    service: 'same',
    netlify: { status: 404, json: true },
  },
  {
    name: 'a locale the mirror does not publish',
    request: () => ({ path: `/externalservice/resort/20/profile?token=${T()}&language=fr&country=FR` }),
    status: 404,
    service: 200,
  },
  {
    name: 'a set of resorts no group has',
    request: () => ({ path: `/externalservice/resort/snowreport?token=${T()}&resortId=20&resortId=25` }),
    status: 400,
    service: 200,
  },
  {
    name: 'a group in a variant the mirror does not publish',
    request: () => ({
      path: `/externalservice/resort/snowreport?token=${T()}${someGroup()}&forecast_only=true`,
    }),
    status: 400,
    service: 200,
  },
  {
    name: 'a multi-resort request without ids',
    request: () => ({ path: `/externalservice/resort/profile?token=${T()}` }),
    status: 400,
    service: 'same',
  },
  {
    name: 'the credential endpoints',
    request: () => ({ path: '/externalservice/authorization/token/demo%40example.com/powder-day' }),
    status: 404,
    service: 200,
  },
  {
    name: 'an unknown path',
    request: () => ({ path: `/externalservice/resort/20/nothing?token=${T()}` }),
    status: 404,
    service: 'same',
  },
  {
    name: 'the webcams of a resort with none',
    request: () => ({ path: `/externalservice/resort/25/webcams?token=${T()}` }),
    status: 404,
    service: 'same',
    netlify: { status: 404, json: false },
  },
  // Apache and Netlify answer their own 414 page at their own limit (scripts/docs/hosting.md, "What it cannot answer")
  {
    name: 'a URI of 8,001 characters',
    request: () => ({ path: urlOfLength(8001) }),
    status: 414,
    service: 'same',
    netlify: 'skip',
    apache: 'skip',
  },
  {
    name: 'a POST',
    request: () => ({ method: 'POST', path: `/externalservice/resort/20/profile?token=${T()}` }),
    status: 405,
    service: 'same',
    netlify: 'skip',
  },
  {
    name: 'Family A with resortIds',
    request: () => ({ path: '/resorts/snowreport?resortIds=20,25', headers: { 'x-api-key': FULL.apiKey } }),
    status: 400,
    service: 200,
  },
  {
    name: 'Family A in a language the mirror does not publish',
    request: () => ({
      path: '/resort/20/snowreport',
      headers: { 'x-api-key': FULL.apiKey, locale: 'fr-FR' },
    }),
    status: 404,
    service: 200,
    netlify: { status: 200, json: false },
  },
  {
    name: 'Family A for an unknown region',
    request: () => ({ path: '/resorts/snowreport?regionId=999999', headers: { 'x-api-key': FULL.apiKey } }),
    status: 404,
    service: 'same',
  },
];

function describeHost(
  name: string,
  limits: Limits,
  start: () => Promise<{ host: Host; close?: () => Promise<void> }>,
  kind: 'netlify' | 'apache' | 'other' = 'other',
) {
  const netlify = kind === 'netlify';
  describe(name, () => {
    let host: Host;
    let close: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ host, close } = await start());
    }, 60_000);
    afterAll(async () => {
      await close?.();
    });

    it('answers the client flows as the service does, in en-US (with and without the locale) and de-DE', async () => {
      const result = await replay(host, service, {
        token,
        apiKey: FULL.apiKey,
        forms: FORMS,
        limits,
        refused: () => ({
          status: 400,
          body: JSON.stringify({ status: 400, error: 'bad_request', message: '' }),
        }),
      });
      expect(result.mismatches.slice(0, 10)).toEqual([]);
      expect(result.equal).toBe(result.urls);
      expect(result.urls).toBeGreaterThan(2_000);
    }, 120_000);

    it.each(
      ERRORS.filter(
        (row) => !(netlify && row.netlify === 'skip') && !(kind === 'apache' && row.apache === 'skip'),
      ),
    )("refuses $name in the service's error shape", async (row) => {
      const request = row.request();
      const answer = await host(request);
      const expected =
        netlify && row.netlify && row.netlify !== 'skip' ? row.netlify : { status: row.status, json: true };
      expect(answer.status, answer.body).toBe(expected.status);
      if (expected.json) {
        const body = ErrorBody.parse(JSON.parse(answer.body));
        expect(body.status).toBe(answer.status);
      }
      const fromService = await service(request);
      expect(fromService.status).toBe(row.service === 'same' ? row.status : row.service);
      if (row.service === 'same' && expected.json && expected.status === row.status) {
        expect(difference(fromService, answer)).toBeUndefined();
      }
    });
  });
}

describeNeeding(
  'apache2',
  APACHE !== undefined,
  'apt-get install apache2; .ci/run installs it',
)('a real Apache', () => {
  let apache: Awaited<ReturnType<typeof startApache>>;
  beforeAll(async () => {
    apache = await startApache(dist, [root]);
  }, 60_000);
  afterAll(async () => {
    await apache?.close();
  });

  describeHost(
    'with the generated .htaccess',
    FULL_LIMITS,
    async () => ({ host: httpHost(apache.url) }),
    'apache',
  );

  it('refuses another method with 405, Allow: GET and CORS, as the service does', async () => {
    const refused = await fetch(`${apache.url}/externalservice/resort/20/snowreport?token=${token}`, {
      method: 'POST',
    });
    expect([
      refused.status,
      refused.headers.get('allow'),
      refused.headers.get('access-control-allow-origin'),
    ]).toEqual([405, 'GET', '*']);
    const ok = await fetch(`${apache.url}/externalservice/resort/20/snowreport?token=${token}`);
    expect([ok.status, ok.headers.get('allow')]).toEqual([200, null]);
  });
});

describeHost(
  'the Netlify rules (_redirects, applied as Netlify documents them)',
  { multi: false, localeHeader: false, jsonMissing: false },
  async () => ({ host: netlifyHost() }),
  'netlify',
);

describeHost('the edge function (in front of a static server)', FULL_LIMITS, async () => {
  const origin: StaticServer = await serveFolder(dist);
  const worker = (await import(pathToFileURL(join(dist, '_mirror', 'edge-worker.js')).href)) as EdgeModule;
  const host: Host = async ({ method = 'GET', path, headers }) => {
    const response = await worker.default.fetch(
      new Request(`http://mirror.test${path}`, { method, headers: headers ?? {} }),
      { ORIGIN: `${origin.url}/` },
    );
    return { status: response.status, body: await response.text() };
  };
  return { host, close: () => origin.close() };
});

describeNeeding(
  'nginx',
  NGINX !== undefined,
  'apt-get install nginx; .ci/run installs it',
)('a real nginx', () => {
  let nginx: RunningNginx;
  beforeAll(async () => {
    nginx = await startNginx(dist, join(dist, '_mirror', 'nginx.conf'));
  }, 60_000);
  afterAll(async () => {
    await nginx?.close();
  });

  describeHost('with the generated server block', FULL_LIMITS, async () => ({ host: httpHost(nginx.url) }));

  it('sends JSON with CORS and the cache lifetime of the endpoint', async () => {
    const response = await fetch(
      `${nginx.url}/externalservice/resort/20/snowreport?token=${token}&language=de&country=DE`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cache-control')).toBe('public, max-age=1800, stale-while-revalidate=7200');
    const refused = await fetch(`${nginx.url}/externalservice/resort/20/snowreport?language=fr&country=FR`);
    expect(refused.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers a URI of 8,000 characters as the service does (its limit), where nginx alone would refuse it', async () => {
    const path = urlOfLength(8000);
    expect(path).toHaveLength(8000);
    const answer = await fetch(`${nginx.url}${path}`);
    expect(answer.status).toBe(200);
    expect((await service({ path })).status).toBe(200);
    const refused = await fetch(`${nginx.url}${urlOfLength(8001)}`);
    expect([
      refused.status,
      refused.headers.get('content-type'),
      refused.headers.get('access-control-allow-origin'),
    ]).toEqual([414, 'application/json; charset=utf-8', '*']);
  });

  it('answers the multi-resort quick links of the service as written, and refuses them in another order', async () => {
    const ok = await fetch(
      `${nginx.url}/externalservice/resort/profile/ordered?token=${token}${someGroup()}&language=de&country=DE`,
    );
    expect(ok.status).toBe(200);
    const refused = await fetch(
      `${nginx.url}/externalservice/resort/profile/ordered?resortId=428&resortId=20&token=${token}`,
    );
    expect(refused.status).toBe(400);
  });

  it('keeps the internal prefix internal', async () => {
    const response = await fetch(
      `${nginx.url}/__resort-conditions/en-US/externalservice/resort/20/profile.json`,
    );
    expect(response.status).toBe(404);
  });
});

describe('the error bodies published for static hosts', () => {
  it("are each in the service's error shape", async () => {
    const statuses: Record<string, number> = {
      'bad-request': 400,
      'not-found': 404,
      method: 405,
      locale: 404,
      'resort-set': 400,
      credentials: 404,
      file: 404,
    };
    for (const [name, status] of Object.entries(statuses)) {
      expect(ErrorBody.parse(await errorBody(`_mirror/errors/${name}.json`)).status, name).toBe(status);
    }
  });
});
