import { describe } from 'vitest';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDataset } from '../scripts/dataset/load.ts';
import { resortOn } from '../scripts/service/season.ts';
import { ENDPOINT, type EndpointId } from '../scripts/api/endpoints.ts';
import type { Dataset } from '../scripts/dataset/schema.ts';
import type { Collection } from '../scripts/snapshot/model.ts';

export const DATA_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'data');
/** Every test that renders the sample uses this moment: mid-season, a Saturday morning in Europe. */
export const FROZEN_NOW = Date.parse('2026-02-14T09:30:00Z');

let cached: Promise<Dataset> | undefined;
/** The committed sample dataset, loaded once per test file. */
export const sample = () => (cached ??= loadDataset(DATA_DIR));

/**
 * The sample as its resorts stand at `now` (scripts/service/season.ts): the reports, lifts and runs a build
 * at `now` publishes. A source is made from `sample()`, never from this.
 */
export async function sampleOn(now = FROZEN_NOW): Promise<Dataset> {
  const dataset = await sample();
  return { ...dataset, resorts: dataset.resorts.map((r) => resortOn(r, now)) };
}

export const FULL = { email: 'demo@example.com', password: 'powder-day', apiKey: 'demo-partner-key' };
export const BASIC = { email: 'basic@example.com', password: 'groomer', apiKey: 'basic-partner-key' };

/** A collection of `requests` requests to `endpoint` in en-US, for budget and plan tests. */
export const fakeCollection = (endpoint: EndpointId, requests: number): Collection => ({
  key: `en-US ${endpoint}`,
  locale: 'en-US',
  endpoint: ENDPOINT[endpoint],
  freshness: ENDPOINT[endpoint].freshness,
  requests: Array.from({ length: requests }, () => ({ endpoint, locale: 'en-US' })),
  lowerBound: requests,
  allowNotFound: false,
  resorts: [],
  derivation: { kind: 'as-is' },
});

/** Whether the tests run in CI (`CI=true`, as GitHub Actions and `.ci/run` set it). */
export const IN_CI = /^(true|1)$/i.test(process.env.CI ?? '');

/**
 * `describe` for tests that need a real program (Chromium, nginx, Apache). Without it they are skipped
 * with a warning on a developer's machine; in CI they run, and fail, so a missing program is never a pass.
 */
export function describeNeeding(program: string, installed: boolean, install: string): typeof describe.skip {
  if (installed || IN_CI) return describe;
  console.warn(
    `${program} is not installed: the tests that need it are skipped (${install}; with CI=true they fail)`,
  );
  return describe.skip;
}

/** The URL a `fetch` was called with, whatever its form. */
export const urlOf = (input: string | URL | Request): string =>
  input instanceof Request ? input.url : String(input);

/**
 * A `fetch` that serves the files of `folder()` under the URL `base` (a 404 for what is not there), as a
 * static host would; each URL asked for is pushed to `calls`, and `override` answers first when it returns
 * a response.
 */
export const folderFetch =
  (
    base: string,
    folder: () => string,
    calls: string[],
    override?: (path: string) => Response | undefined,
  ): typeof fetch =>
  async (input) => {
    const url = urlOf(input);
    calls.push(url);
    const path = url.slice(base.length);
    const replaced = override?.(path);
    if (replaced) return replaced;
    try {
      return new Response(await readFile(join(folder(), path)), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    } catch {
      return new Response('not found', { status: 404 });
    }
  };
