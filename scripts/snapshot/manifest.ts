/**
 * `api/manifest.json`: what a build published — source kind (never a secret), time, locales, resorts,
 * every file with its hash, size and fetch time, which files are stale, and the upstream requests made.
 */
import { z } from 'zod';

export const StaleMark = z.strictObject({
  /** When the file stopped being refreshed: the fetch time of the copy kept. */
  since: z.string(),
  /** Why the last run could not refresh it. */
  reason: z.string(),
});

export const ManifestFile = z.strictObject({
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  size: z.int().nonnegative(),
  /** When the upstream answered the request this file came from. */
  fetchedAt: z.string(),
  /** The plan collection that produced it (README, "Running on a schedule"). */
  collection: z.string(),
  stale: StaleMark.optional(),
});
export type ManifestFile = z.infer<typeof ManifestFile>;

export const Manifest = z.strictObject({
  version: z.literal(1),
  source: z.strictObject({ kind: z.enum(['local', 'remote']), families: z.array(z.enum(['A', 'B'])) }),
  builtAt: z.string(),
  locales: z.array(z.string()),
  resorts: z.array(z.strictObject({ id: z.int().positive(), name: z.string() })),
  requests: z.strictObject({
    /** Upstream requests this run made. */
    made: z.int().nonnegative(),
    /** Requests that one request per published file would have needed, less those made. */
    saved: z.int().nonnegative(),
    /** The fewest requests the URI limit allows for what this run fetched. */
    lowerBound: z.int().nonnegative(),
    byEndpoint: z.record(z.string(), z.int().nonnegative()),
  }),
  /** Requests of the calendar month (UTC) so far, this run included. */
  ledger: z.strictObject({ month: z.string().regex(/^\d{4}-\d{2}$/), requests: z.int().nonnegative() }),
  stale: z.int().nonnegative(),
  files: z.record(z.string(), ManifestFile),
  /** Collections whose last answer meant "no file" (404, 403), with when: they too wait for their interval. */
  absent: z.record(z.string(), z.string()).optional(),
});
export type Manifest = z.infer<typeof Manifest>;

/** Manifest file path inside a release. */
export const MANIFEST_PATH = 'api/manifest.json';

/** Serialises with keys in a fixed order so equal manifests are equal bytes. */
export function serializeManifest(manifest: Manifest): string {
  const files = Object.fromEntries(Object.keys(manifest.files).sort().map((k) => [k, manifest.files[k]]));
  return `${JSON.stringify({ ...manifest, files })}\n`;
}

/** Reads a previous manifest; a missing or unreadable one means "no previous build". */
export function parseManifest(text: string | undefined): Manifest | undefined {
  if (text === undefined) return undefined;
  try {
    const result = Manifest.safeParse(JSON.parse(text));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}
