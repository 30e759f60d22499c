/**
 * The bucket a deploy fills, as a place the build reads the season's history back from when its private
 * state is gone (scripts/docs/snapshot.md, "The season's history"): the deploy's target from the config,
 * read with the deploy's store and its credentials. Read only: a build never writes to the bucket.
 */
import type { HistoryOrigin } from './origins.ts';
import { BodyTooLarge } from '../shared/http.ts';
import { parseDeployConfig } from '../deploy/config.ts';
import type { Store } from '../deploy/store.ts';
import { parseTarget, targetUrl } from '../deploy/target.ts';

/** What names the bucket: the config's `deploy` settings and the environment, `where` naming the config in messages. */
export interface BucketSettings {
  deploy: unknown;
  env: Readonly<Record<string, string | undefined>>;
  where: string;
}

/**
 * The bucket of the config's `deploy.to`, when it names one and the environment holds the store's
 * credentials; undefined otherwise. The store (and its SDK) is opened at the first file read: a build whose
 * previous release holds the history reads nothing back.
 */
export function bucketOrigin({ deploy, env, where }: BucketSettings): HistoryOrigin | undefined {
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
  const { attempts } = settings;
  let store: Promise<Store> | undefined;
  const opened = () =>
    (store ??= import('../deploy/store.ts').then(({ Store }) =>
      Store.open({ env, target, concurrency: 4, attempts }),
    ));
  return {
    name: targetUrl(target),
    async read(path, maxBytes) {
      const bytes = await (await opened()).get(path);
      if (bytes && bytes.byteLength > maxBytes) throw new BodyTooLarge(maxBytes);
      return bytes;
    },
    // a store that could not be opened failed its reads already: there is nothing to let go of
    close: async () => (await store?.catch(() => undefined))?.close(),
  };
}
