/**
 * `api/manifest.json`, the public index of a release: what readers need and nothing more — when it was
 * built, the kind of source, the published locales, the resorts with their names, and which files are
 * stale copies. Two builds of identical data with the same SOURCE_DATE_EPOCH write the same bytes. Hashes,
 * fetch times, request counts, the month's ledger, the drift report and the source's identity are private
 * (`state.ts`).
 */
import { z } from 'zod';

export const StaleMark = z.strictObject({
  /** When the file stopped being refreshed: the fetch time of the copy kept. */
  since: z.string(),
  /** Why the last run could not refresh it, without URLs: `HTTP 503`, `timeout after 30000 ms`, `breaks the contract at $.x`. */
  reason: z.string(),
});
export type StaleMark = z.infer<typeof StaleMark>;

export const Manifest = z.strictObject({
  version: z.literal(2),
  builtAt: z.string(),
  source: z.strictObject({ kind: z.enum(['local', 'remote']), families: z.array(z.enum(['A', 'B'])) }),
  /** The locales this release publishes; the element falls back among them. */
  locales: z.array(z.string()),
  resorts: z.array(z.strictObject({ id: z.int().positive(), name: z.string() })),
  /**
   * The parts of the tree (a plan collection: an endpoint in a locale and variant) kept from an earlier
   * run because this one could not refresh them, with how many files each holds; which files those are,
   * the private state says. Bounded by the plan, not by the number of files. A part the last release knew
   * to be absent (the upstream answered "no file") that could not be fetched again stays absent, with 0 files.
   */
  stale: z.array(
    z.strictObject({ part: z.string(), since: z.string(), reason: z.string(), files: z.int().nonnegative() }),
  ),
  /**
   * The parts this release leaves out: they could not be fetched (or broke the contract) and no earlier
   * release had them, e.g. a new resort's or a new locale's. Present only when there are some.
   */
  missing: z.array(z.strictObject({ part: z.string(), reason: z.string() })).optional(),
});
export type Manifest = z.infer<typeof Manifest>;

/** Manifest file path inside a release. */
export const MANIFEST_PATH = 'api/manifest.json';

/** Serialises with the stale parts in a fixed order so equal manifests are equal bytes. */
export function serializeManifest(manifest: Manifest): string {
  const byPart = (a: { part: string }, b: { part: string }) =>
    a.part < b.part ? -1 : a.part > b.part ? 1 : 0;
  const stale = [...manifest.stale].sort(byPart);
  const missing =
    manifest.missing && manifest.missing.length > 0 ? { missing: [...manifest.missing].sort(byPart) } : {};
  const { missing: _missing, ...rest } = manifest;
  return `${JSON.stringify({ ...rest, stale, ...missing })}\n`;
}

/** The index's stale parts: each part with a file kept stale, by its mark and count, and the absences kept stale. */
export function staleParts(
  stale: Iterable<{ collection: string; stale: StaleMark }>,
  staleAbsent: Readonly<Record<string, StaleMark>>,
): { parts: Map<string, Manifest['stale'][number]>; staleFiles: number } {
  const parts = new Map<string, Manifest['stale'][number]>();
  let staleFiles = 0;
  for (const f of stale) {
    staleFiles++;
    const part = parts.get(f.collection);
    if (part) part.files++;
    else
      parts.set(f.collection, { part: f.collection, since: f.stale.since, reason: f.stale.reason, files: 1 });
  }
  for (const [part, mark] of Object.entries(staleAbsent))
    parts.set(part, { part, since: mark.since, reason: mark.reason, files: 0 });
  return { parts, staleFiles };
}
