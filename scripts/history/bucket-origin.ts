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

/** What holds a read: its deadline, and the build's stop and deadline. */
export interface ReadBounds {
  timeoutMs: number;
  signals: ReadonlyArray<AbortSignal | undefined>;
}

/**
 * The bucket of the config's `deploy.to`, when it names one and the environment holds the store's
 * credentials; undefined otherwise. The store (and its SDK) is opened at the first file read: a build whose
 * previous release holds the history reads nothing back. Every read gives up after `bounds.timeoutMs`, or
 * as soon as one of its signals aborts: the store cannot be told to stop a request, which is left to end
 * when the origin is closed.
 */
export function bucketOrigin(
  { deploy, env, where }: BucketSettings,
  bounds: ReadBounds,
): HistoryOrigin | undefined {
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
    // the store's answer, or the bounds' reason as soon as one of them ends the read
    read: (path, maxBytes) =>
      new Promise((resolve, reject) => {
        const signal = AbortSignal.any([
          AbortSignal.timeout(bounds.timeoutMs),
          ...bounds.signals.filter((s): s is AbortSignal => s !== undefined),
        ]);
        const stop = () => reject(signal.reason as Error);
        if (signal.aborted) return stop();
        signal.addEventListener('abort', stop, { once: true });
        opened()
          .then((store) => store.get(path))
          .then((bytes) => {
            if (bytes && bytes.byteLength > maxBytes) throw new BodyTooLarge(maxBytes);
            resolve(bytes);
          })
          .catch(reject)
          .finally(() => signal.removeEventListener('abort', stop));
      }),
    // a store that could not be opened failed its reads already: there is nothing to let go of
    close: async () => (await store?.catch(() => undefined))?.close(),
  };
}
