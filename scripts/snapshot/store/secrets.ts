/**
 * The last check before anything is published: no file of the release may hold a credential of the
 * source, in any form the build's serialisers can write it (`secretForms`: as it is, percent-encoded,
 * JSON- or HTML-escaped, and two of these in a row). Secrets shorter than four characters are not looked
 * for (they would match ordinary text).
 */
import { MIN_SECRET_LENGTH, secretForms } from '../../api/redact.ts';
import { SnapshotError } from '../errors.ts';

/** A form of a secret as a file could hold it, with the kind of secret it is (for the message). */
export type Needle = readonly [needle: string, kind: string];

const needlesOf = new WeakMap<readonly string[], readonly Needle[]>();

/** Each secret's forms as a file could hold them (`secretForms`), with its kind. */
export function needlesOfSecrets(secrets: readonly string[]): readonly Needle[] {
  let needles = needlesOf.get(secrets);
  if (!needles) {
    needles = secrets
      .filter((secret) => secret.length >= MIN_SECRET_LENGTH)
      .flatMap((secret) => {
        const kind = secret.includes('@') ? 'an e-mail address' : 'a key, token or password';
        return secretForms(secret).map((needle): Needle => [needle, kind]);
      });
    needlesOf.set(secrets, needles);
  }
  return needles;
}

/** The error of a file that would publish a secret: it names the file and the kind, never the value. */
export const secretLeak = (file: string, kind: string): SnapshotError =>
  new SnapshotError('secret_leak', `${file} would contain a credential (${kind}); nothing was published`);

/** Refuses to publish a file that contains a secret; the message names the file and the kind, not the value. */
export function assertNoSecret(text: string, file: string, secrets: readonly string[]): void {
  for (const [needle, kind] of needlesOfSecrets(secrets))
    if (text.includes(needle)) throw secretLeak(file, kind);
}

/**
 * A form of a secret as bytes, with the three of them a search looks for first (`findNeedle`): the ones
 * that start at its rarest byte in JSON and HTML text.
 */
export type ByteNeedle = readonly [bytes: Buffer, kind: string, at: number, anchor: Buffer];

/**
 * The printable ASCII bytes from the rarest to the commonest in a built tree's JSON and HTML (measured on
 * one of 2,000 resorts); a byte beyond ASCII counts as rarer than all of them.
 */
const BY_RARITY =
  '$?X\\^|~Z`J&Kq%VQ!\'*@Y[]+GFjz#HIALEPDUOR9C()NWBk=yS8M;vxT></{}w5_34gb67hfu.2c1- mdp0l,nsir:oate"';

/** `needles` as bytes, each with the anchor its search starts from (the writing thread's too, write-worker.ts). */
export function byteNeedles(needles: ReadonlyArray<readonly [needle: string, kind: string]>): ByteNeedle[] {
  const result: ByteNeedle[] = [];
  for (const [needle, kind] of needles) {
    const bytes = Buffer.from(needle);
    let at = 0;
    let best = Infinity;
    for (let i = 0; i + 3 <= bytes.length; i++) {
      const rarity = bytes[i]! >= 0x7f ? -1 : BY_RARITY.indexOf(String.fromCharCode(bytes[i]!));
      if (rarity < best) [at, best] = [i, rarity];
    }
    result.push([bytes, kind, at, bytes.subarray(at, at + 3)]);
  }
  return result;
}

/**
 * The kind of the first needle `data` holds, or undefined. Each is found through its anchor, three bytes
 * that start with a rare one, then compared whole: three times faster than a search for the whole needle
 * (the search's first step looks for the needle's first byte, which JSON and HTML hold everywhere).
 * The writing thread's search too (write-worker.ts).
 */
export function findNeedle(data: Buffer, needles: readonly ByteNeedle[]): string | undefined {
  for (const [bytes, kind, at, anchor] of needles) {
    for (let found = data.indexOf(anchor, at); found >= 0; found = data.indexOf(anchor, found + 1)) {
      const start = found - at;
      if (
        start + bytes.length <= data.length &&
        data.compare(bytes, 0, bytes.length, start, start + bytes.length) === 0
      )
        return kind;
    }
  }
  return undefined;
}

const byteNeedlesOf = new WeakMap<readonly string[], readonly ByteNeedle[]>();

/** `assertNoSecret` for bytes (UTF-8): a secret's bytes appear in them exactly where its text would. */
export function assertNoSecretIn(bytes: Buffer, file: string, secrets: readonly string[]): void {
  let needles = byteNeedlesOf.get(secrets);
  if (!needles) byteNeedlesOf.set(secrets, (needles = byteNeedles(needlesOfSecrets(secrets))));
  const kind = findNeedle(bytes, needles);
  if (kind !== undefined) throw secretLeak(file, kind);
}

/**
 * `chunks` (UTF-8), each scanned for secrets with the end of the one before (a secret may straddle two).
 * A chunk may be a view its producer overwrites once the next is asked for: only copies are kept.
 */
export function* scanned(
  chunks: Iterable<Uint8Array>,
  file: string,
  secrets: readonly string[],
): IterableIterator<Uint8Array> {
  const needles = byteNeedles(needlesOfSecrets(secrets));
  const overlap = Math.max(0, ...needles.map(([needle]) => needle.length - 1));
  let tail = Buffer.alloc(0);
  for (const chunk of chunks) {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const seam = Buffer.concat([tail, bytes.subarray(0, overlap)]);
    const kind = findNeedle(bytes, needles) ?? findNeedle(seam, needles);
    if (kind !== undefined) throw secretLeak(file, kind);
    tail = Buffer.from(
      bytes.length >= overlap
        ? bytes.subarray(bytes.length - overlap)
        : Buffer.concat([tail, bytes]).subarray(-overlap),
    );
    yield chunk;
  }
}
