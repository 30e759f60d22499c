import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDataset } from '../scripts/dataset/load.ts';
import { ENDPOINT, type EndpointId } from '../scripts/api/endpoints.ts';
import type { Dataset } from '../scripts/dataset/schema.ts';
import type { Collection } from '../scripts/snapshot/plan.ts';

export const DATA_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'data');
/** Every test that renders the sample uses this moment: mid-season, a Saturday morning in Europe. */
export const FROZEN_NOW = Date.parse('2026-02-14T09:30:00Z');

let cached: Promise<Dataset> | undefined;
/** The committed sample dataset, loaded once per test file. */
export const sample = () => (cached ??= loadDataset(DATA_DIR));

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
