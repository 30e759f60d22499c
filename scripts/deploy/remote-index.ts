/**
 * The deploy's two bookkeeping objects under the prefix, in `.resort-conditions/`:
 *
 * - the **index** says what the bucket holds: each object's path and a fingerprint of its bytes and
 *   headers (and a short hash of its bytes alone). A deploy reads it instead of listing the bucket, and
 *   writes it once the new state is live;
 * - the **journal** names every object a deploy may touch before the index says so (uploads, deletions,
 *   and what an earlier, killed deploy may have touched), and a digest of the release it writes. It exists
 *   only while a deploy is under way or after one was killed; the next deploy checks those objects and
 *   finishes the job: of the same release, from one listing of the prefix; else one HEAD each.
 *
 * Both are gzipped JSON: nothing in them is secret (paths and fingerprints of public objects), and no
 * source identity, URL or credential is written.
 */
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { z } from 'zod';
import { ResortConditionsError } from '../api/errors.ts';

export const INDEX_KEY = '.resort-conditions/index.json.gz';
export const JOURNAL_KEY = '.resort-conditions/journal.json.gz';
/** A DELETE of this key (which never exists) proves the right to delete before anything is written. */
export const PROBE_KEY = '.resort-conditions/probe';
/** Keys of the deploy's own objects: never part of a release, never deleted as leftovers. */
export const isBookkeeping = (path: string) => path.startsWith('.resort-conditions/');

const Fingerprint = z.string().regex(/^[0-9a-f]{16}$/);

export const RemoteIndex = z.strictObject({
  version: z.literal(1),
  /** The release folder the bucket holds (`.dist-releases/<release>`). */
  release: z.string(),
  /** Path under the prefix → fingerprint. */
  objects: z.record(z.string(), Fingerprint),
  /**
   * Path → `bytesTag` of its bytes alone (absent in indexes of earlier versions): a deploy resuming a
   * killed one tells from it whether an object holding the release's bytes held them before, under
   * other headers, or was written by the killed deploy.
   */
  bytes: z.record(z.string(), z.string().regex(/^[0-9a-f]{8}$/)).optional(),
});
export type RemoteIndex = z.infer<typeof RemoteIndex>;

export const Journal = z.strictObject({
  version: z.literal(1),
  release: z.string(),
  /** Paths whose object may differ from what the index says. */
  paths: z.array(z.string()),
  /** `releaseDigest` of the release the deploy writes (absent in journals of earlier versions). */
  digest: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .optional(),
});
export type Journal = z.infer<typeof Journal>;

/**
 * 64 bits of SHA-256 over the bytes' hash and size and the headers: a change of bytes or of a header
 * changes it. 64 bits are plenty to tell one version of an object from the next, and keep the index small.
 * `Content-Disposition` counts only where an object has one (image copies), so the fingerprints of the
 * others are those earlier deploys wrote.
 */
export function fingerprint(object: {
  sha256: string;
  size: number;
  contentType: string;
  cacheControl: string;
  contentDisposition?: string;
}): string {
  const disposition = object.contentDisposition ? `\n${object.contentDisposition}` : '';
  return createHash('sha256')
    .update(`${object.sha256}\n${object.size}\n${object.contentType}\n${object.cacheControl}${disposition}`)
    .digest('hex')
    .slice(0, 16);
}

/** 32 bits of the SHA-256 of an object's bytes: enough to tell one version's bytes from the next's. */
export const bytesTag = (sha256: string): string => sha256.slice(0, 8);

/**
 * What a release is to a deploy: every path with its fingerprint (bytes and headers). A deploy that
 * resumes the same release knows that whatever the killed one wrote is what it would write itself.
 */
export function releaseDigest(objects: Iterable<{ path: string; fingerprint: string }>): string {
  const hash = createHash('sha256');
  for (const line of [...objects].map((o) => `${o.path}\t${o.fingerprint}\n`).sort()) hash.update(line);
  return hash.digest('hex').slice(0, 32);
}

/** Deterministic bytes: keys sorted, gzip without a timestamp. */
export function encodeIndex(index: RemoteIndex): Buffer {
  const objects = Object.fromEntries(
    Object.keys(index.objects)
      .sort()
      .map((k) => [k, index.objects[k]]),
  );
  return gzipSync(JSON.stringify({ ...index, objects }));
}

export function encodeJournal(journal: Journal): Buffer {
  return gzipSync(JSON.stringify({ ...journal, paths: [...new Set(journal.paths)].sort() }));
}

/** Reads a bookkeeping object; one that does not parse was not written by this tool (or was damaged). */
export function decode<T>(bytes: Uint8Array, schema: z.ZodType<T>, where: string): T {
  try {
    return schema.parse(JSON.parse(gunzipSync(bytes).toString('utf8')));
  } catch (error) {
    throw new ResortConditionsError(
      'foreign_output',
      `${where} is not a deploy index this tool wrote; nothing was touched. Remove it, or run with --adopt to take the prefix over`,
      { cause: error },
    );
  }
}
