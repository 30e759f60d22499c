/**
 * What a real upstream's account says, through its credential endpoints (scripts/api/README.md, "The two
 * families"): the token, fetched once from the e-mail and password, and the account record (features and
 * allowance). Neither body is ever published; only what the contract names is read of them.
 */
import type { z } from 'zod';
import type { ApiRequest } from '../../api/request.ts';
import { CONTRACT } from '../../api/schemas/contract.ts';
import { SnapshotError } from '../errors.ts';
import { cannotReach, notTheService } from './base-url.ts';
import type { AccountInfo, UpstreamResponse } from './source.ts';

/** A GET of a request of Family B, with its retries. */
type Get = (request: ApiRequest) => Promise<UpstreamResponse>;

/** The account's e-mail address and password, which both credential requests send. */
export interface Login {
  email: string;
  password: string;
}

/** The credential request of `endpoint` (scripts/api/README.md, "The two families"). */
const credentialRequest = (endpoint: 'auth.token' | 'auth.account', login: Login): ApiRequest => ({
  endpoint,
  params: { email: login.email, password: login.password },
  locale: 'en-US',
});

const parsed = (body: string): unknown => {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
};

/**
 * The account's token from the token request. A body cut short or garbled on the way is a
 * fault like a 503: asked again, as often as a request is tried (`attempts`).
 */
export async function fetchToken(get: Get, login: Login, family: string, attempts: number): Promise<string> {
  const request = credentialRequest('auth.token', login);
  for (let attempt = 1; ; attempt++) {
    const response = await get(request).catch((error: unknown) => {
      throw error instanceof SnapshotError && error.code === 'upstream_unreachable'
        ? cannotReach(family, error)
        : error;
    });
    if (response.status === 404) throw notTheService('RC_LEGACY_BASE_URL', family, 'the token request');
    if (response.status !== 200) {
      const refused = response.status === 401 || response.status === 403;
      throw new SnapshotError(
        refused ? 'upstream_auth' : 'upstream_unreachable',
        `${family}: the token request answered HTTP ${response.status}; ${refused ? 'the upstream refused the e-mail address or password: check RC_EMAIL and RC_PASSWORD' : 'try again later'}. Nothing was published`,
        { context: { status: response.status } },
      );
    }
    // only what this source needs must hold (the contract); the rest of the body may drift
    const token = (CONTRACT['auth.token'] as z.ZodType<{ token: string }>).safeParse(parsed(response.body));
    if (token.success) return token.data.token;
    if (attempt >= attempts)
      throw new SnapshotError(
        'upstream_invalid',
        `the token request answered a body without a token ${attempts} time${attempts === 1 ? '' : 's'}; nothing was published`,
      );
  }
}

/** The account record's features and allowance, or undefined when it cannot be read. */
export async function readAccount(get: Get, login: Login): Promise<AccountInfo | undefined> {
  const response = await get(credentialRequest('auth.account', login));
  if (response.status !== 200) return undefined;
  const record = (CONTRACT['auth.account'] as z.ZodType<AccountInfo>).safeParse(parsed(response.body));
  if (!record.success) return undefined;
  const { hasWeather, hasOverviews, hasCams, maxPerMonth } = record.data;
  return { hasWeather, hasOverviews, hasCams, maxPerMonth };
}
