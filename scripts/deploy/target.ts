/**
 * Where a deploy goes: `s3://bucket/prefix`, the form every S3 tool takes. Pure.
 */
import { ResortConditionsError } from '../api/errors.ts';

export interface Target {
  bucket: string;
  /** `""` for the bucket's root, else segments ending in `/` (`sites/snow/`). */
  prefix: string;
}

/** Bucket names as S3, R2, B2, MinIO and GCS all accept them (GCS adds `_`). */
const BUCKET = /^[a-z0-9][a-z0-9._-]{1,61}[a-z0-9]$/;
const SEGMENT = /^[A-Za-z0-9._=-]+$/;

/** Parses `s3://bucket[/prefix]`; `where` names the flag or config key in messages. */
export function parseTarget(value: string, where: string): Target {
  const match = /^s3:\/\/([^/]+)(?:\/(.*))?$/.exec(value.trim());
  if (!match)
    throw new ResortConditionsError(
      'usage',
      `${where}: "${value}" is not an s3:// address; write s3://bucket or s3://bucket/prefix`,
    );
  const bucket = match[1]!;
  if (!BUCKET.test(bucket)) {
    throw new ResortConditionsError(
      'usage',
      `${where}: "${bucket}" is not a bucket name (3 to 63 lower-case letters, digits, dots, hyphens or underscores)`,
    );
  }
  const segments = (match[2] ?? '').split('/').filter((s) => s !== '');
  for (const segment of segments) {
    if (!SEGMENT.test(segment) || segment === '.' || segment === '..') {
      throw new ResortConditionsError(
        'usage',
        `${where}: the prefix segment "${segment}" is not allowed; use letters, digits, ".", "_", "=" and "-"`,
      );
    }
  }
  return { bucket, prefix: segments.map((s) => `${s}/`).join('') };
}

/** The target as an address: `s3://bucket/prefix/`. */
export const targetUrl = (target: Target, key = ''): string => `s3://${target.bucket}/${target.prefix}${key}`;
