/**
 * The bucket a deploy fills, as a place the build reads the season's history back from when its private
 * state is gone (scripts/docs/snapshot.md, "The season's history"): the deploy's target from the config,
 * read with the deploy's store and its credentials. Read only: a build never writes to the bucket.
 */
import type { HistoryOrigin } from './origins.ts';
import { BodyTooLarge } from '../shared/http.ts';
import { parseDeployConfig } from '../deploy/config.ts';
import { CREDENTIAL_VARIABLES, Store } from '../deploy/store.ts';
import { parseTarget, targetUrl } from '../deploy/target.ts';

/**
 * The bucket of the config's `deploy.to`, when it names one and the environment holds the store's
 * credentials; undefined otherwise. `where` names the config in messages.
 */
export function bucketOrigin(
  deploy: unknown,
  env: Readonly<Record<string, string | undefined>>,
  where: string,
): (HistoryOrigin & { secrets: string[] }) | undefined {
  let settings;
  try {
    settings = parseDeployConfig(deploy, `${where}.deploy`);
  } catch {
    // the deploy says what is wrong with its settings; the build reads the bucket only with valid ones
    return undefined;
  }
  if (!settings.to || !env.AWS_ACCESS_KEY_ID || !env.AWS_SECRET_ACCESS_KEY) return undefined;
  let target;
  try {
    target = parseTarget(settings.to, 'deploy.to');
  } catch {
    return undefined;
  }
  const store = Store.open({ env, target, concurrency: 4, attempts: settings.attempts });
  return {
    name: targetUrl(target),
    secrets: CREDENTIAL_VARIABLES.flatMap((name) => (env[name] ? [env[name]] : [])),
    async read(path, maxBytes) {
      const bytes = await store.get(path);
      if (bytes && bytes.byteLength > maxBytes) throw new BodyTooLarge(maxBytes);
      return bytes;
    },
    close: async () => store.close(),
  };
}
