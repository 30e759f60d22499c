/**
 * The last check before anything is published: no file of the release may hold a credential of the
 * source, as it is or percent-encoded. Secrets shorter than four characters are not looked for (they
 * would match ordinary text).
 */
import { SnapshotError } from '../errors.ts';

/** A form of a secret as a file could hold it, with the kind of secret it is (for the message). */
export type Needle = readonly [needle: string, kind: string];

const needlesOf = new WeakMap<readonly string[], readonly Needle[]>();

/** Each secret's forms as a file could hold them (as it is, and percent-encoded when that differs), with its kind. */
export function needlesOfSecrets(secrets: readonly string[]): readonly Needle[] {
  let needles = needlesOf.get(secrets);
  if (!needles) {
    needles = secrets
      .filter((secret) => secret.length >= 4)
      .flatMap((secret) => {
        const kind = secret.includes('@') ? 'an e-mail address' : 'a key, token or password';
        return (/[^A-Za-z0-9_.~-]/.test(secret) ? [secret, encodeURIComponent(secret)] : [secret]).map(
          (needle): Needle => [needle, kind],
        );
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

/** `assertNoSecret` for bytes (UTF-8): a secret's bytes appear in them exactly where its text would. */
export function assertNoSecretIn(bytes: Buffer, file: string, secrets: readonly string[]): void {
  for (const [needle, kind] of needlesOfSecrets(secrets))
    if (bytes.includes(needle)) throw secretLeak(file, kind);
}

/** `chunks`, each scanned for secrets with the end of the one before (a secret may straddle two). */
export function* scanned(
  chunks: Iterable<string>,
  file: string,
  secrets: readonly string[],
): IterableIterator<string> {
  const overlap = Math.max(0, ...secrets.map((s) => Math.max(s.length, encodeURIComponent(s).length) - 1));
  let tail = '';
  for (const chunk of chunks) {
    assertNoSecret(tail + chunk, file, secrets);
    tail = overlap === 0 ? '' : (tail + chunk).slice(-overlap);
    yield chunk;
  }
}
