/**
 * Which source a build snapshots: the real upstream when its variables are set, else the embedded service
 * over the dataset in `data/`.
 */
import { loadDataset } from '../../dataset/load.ts';
import type { SnapshotConfig } from '../config.ts';
import { localSource } from './local.ts';
import { remoteSource } from './remote.ts';
import type { Source } from './source.ts';

/** The variables that point the build at a real upstream (scripts/docs/configuration.md, "Configuration"). */
export const UPSTREAM_VARIABLES = [
  'RC_BASE_URL',
  'RC_LEGACY_BASE_URL',
  'RC_API_KEY',
  'RC_TOKEN',
  'RC_EMAIL',
  'RC_PASSWORD',
] as const;

export interface SourceChoice {
  source: Source;
  families: ReadonlySet<'A' | 'B'>;
}

export interface SourceOptions {
  env: Readonly<Record<string, string | undefined>>;
  config: SnapshotConfig;
  now: () => number;
  /** The embedded service's dataset folder and account. */
  data: string;
  localAccount: string;
  /** Called once per retry, with credentials already redacted. */
  onRetry?: (line: string) => void;
  /** Stops the remote source's requests (SIGTERM). */
  signal?: AbortSignal;
  /** The build's deadline: ends the remote source's requests as faults of their parts (`remote.ts`). */
  cutoff?: AbortSignal;
}

export async function chooseSource(options: SourceOptions): Promise<SourceChoice> {
  const { env, config } = options;
  if (UPSTREAM_VARIABLES.some((name) => env[name])) {
    const source = await remoteSource({
      baseUrl: env.RC_BASE_URL,
      apiKey: env.RC_API_KEY,
      legacyBaseUrl: env.RC_LEGACY_BASE_URL,
      token: env.RC_TOKEN,
      email: env.RC_EMAIL,
      password: env.RC_PASSWORD,
      timeoutMs: config.request.timeout * 1000,
      attempts: config.request.attempts,
      maxBodyBytes: config.request.maxBodyBytes,
      connections: config.concurrency,
      onRetry: options.onRetry,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.cutoff ? { cutoff: options.cutoff } : {}),
    });
    return { source, families: source.families };
  }
  const dataset = await loadDataset(options.data);
  return {
    source: localSource(dataset, { account: options.localAccount, now: options.now }),
    families: new Set(['A', 'B']),
  };
}
