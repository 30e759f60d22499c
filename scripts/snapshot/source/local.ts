/**
 * The embedded service as a snapshot source, in-process.
 */
import type { Dataset } from '../../dataset/schema.ts';
import { createService } from '../../service/service.ts';
import { SnapshotError } from '../errors.ts';
import { ENDPOINT } from '../../api/endpoints.ts';
import { familyAHeaders, requestTarget } from '../../api/request.ts';
import { sha256 } from '../store/writer.ts';
import type { Source } from './source.ts';

export interface LocalSourceOptions {
  /** E-mail of the dataset account to snapshot as (default: the first account). */
  account?: string;
  now: () => number;
}

export function localSource(dataset: Dataset, options: LocalSourceOptions): Source {
  const account = options.account
    ? dataset.accounts.find((a) => a.email === options.account)
    : dataset.accounts[0];
  if (!account) {
    throw new SnapshotError(
      'usage',
      `--local-account: "${options.account}" is not an account of the dataset (accounts: ${dataset.accounts.map((a) => a.email).join(', ')})`,
    );
  }
  const service = createService(dataset, { now: options.now });
  const credentials = { apiKey: account.apiKey, token: account.token };
  const datasetHash = sha256(JSON.stringify(dataset));
  let sent = 0;
  return {
    sent: () => sent,
    kind: 'local',
    // the dataset's hash names the data; the account is a secret (its e-mail), so it is only fingerprinted
    identity: () => ({
      kind: 'local',
      facts: { dataset: datasetHash },
      secret: JSON.stringify([account.email, account.apiKey, account.token]),
    }),
    describe: (family) => `Family ${family} of the embedded service`,
    proven: new Set(),
    secrets: [account.apiKey, account.token, account.email, account.password],
    target: (request) => requestTarget(request, credentials),
    account: async () => ({
      hasWeather: account.hasWeather,
      hasOverviews: account.hasOverviews,
      hasCams: account.hasCams,
      maxPerMonth: account.maxPerMonth,
    }),
    async fetch(request) {
      sent++;
      const headers = ENDPOINT[request.endpoint].family === 'A' ? familyAHeaders(request, credentials) : {};
      const response = service({ method: 'GET', url: requestTarget(request, credentials), headers });
      return { status: response.status, body: response.body };
    },
  };
}
