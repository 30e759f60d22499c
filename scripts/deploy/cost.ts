/**
 * What a deploy's requests cost, from per-request prices: the config's (`deploy.prices`), else a default
 * for the store the endpoint names. The defaults are list prices as the project knew them (2024–2025, US
 * dollars per 1,000 requests, standard storage class, before free allowances) — assumptions, documented in
 * scripts/docs/deployment.md ("Progress, summary and cost"); set `deploy.prices` to your contract's. Pure.
 */
import type { RequestCounts, RequestKind } from './store.ts';

export type Prices = Record<RequestKind, number>;

export interface StorePrices {
  /** Who the prices are for, as the summary names them. */
  store: string;
  prices: Prices;
}

/** Per 1,000 requests. Writes: PUT, POST, COPY; reads: GET, HEAD; lists: ListObjects; deletes: DELETE. */
export const DEFAULT_PRICES: Record<'aws' | 'r2' | 'b2' | 'gcs' | 'other', StorePrices> = {
  aws: {
    store: 'AWS S3 Standard (us-east-1)',
    prices: { write: 0.005, read: 0.0004, list: 0.005, delete: 0 },
  },
  r2: { store: 'Cloudflare R2', prices: { write: 0.0045, read: 0.00036, list: 0.0045, delete: 0 } },
  b2: { store: 'Backblaze B2', prices: { write: 0, read: 0.0004, list: 0.004, delete: 0 } },
  gcs: {
    store: 'Google Cloud Storage (Standard)',
    prices: { write: 0.005, read: 0.0004, list: 0.005, delete: 0 },
  },
  other: {
    store: 'a self-hosted or unknown store (no price known; set deploy.prices)',
    prices: { write: 0, read: 0, list: 0, delete: 0 },
  },
};

/** The default prices for the store `endpoint` names (no endpoint: AWS S3). */
export function pricesFor(endpoint: string | undefined, configured?: Partial<Prices>): StorePrices {
  const host = endpoint ? new URL(endpoint).hostname : 's3.amazonaws.com';
  const known = host.endsWith('amazonaws.com')
    ? DEFAULT_PRICES.aws
    : host.endsWith('r2.cloudflarestorage.com')
      ? DEFAULT_PRICES.r2
      : host.endsWith('backblazeb2.com')
        ? DEFAULT_PRICES.b2
        : host === 'storage.googleapis.com'
          ? DEFAULT_PRICES.gcs
          : DEFAULT_PRICES.other;
  if (!configured) return known;
  return { store: 'deploy.prices', prices: { ...known.prices, ...configured } };
}

/** US dollars for `counts` requests at `prices`. */
export const costOf = (counts: RequestCounts, prices: Prices): number =>
  (counts.write * prices.write +
    counts.read * prices.read +
    counts.list * prices.list +
    counts.delete * prices.delete) /
  1000;

/** `$0.0071`: enough digits to tell a deploy from the next. */
export const formatDollars = (dollars: number): string =>
  dollars === 0 ? '$0' : dollars < 0.01 ? `$${dollars.toPrecision(2)}` : `$${dollars.toFixed(2)}`;
