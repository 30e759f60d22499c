/**
 * Each locale's own files (scripts/snapshot/release/fill.ts, `LocaleFiles`): begun together when no
 * collection holds them back, each with a stop of its own, so that a build of every locale prints no
 * listener-leak warning, and a stopped build stops every one of them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../../../scripts/api/locales.ts';
import { LocaleFiles } from '../../../scripts/snapshot/release/fill.ts';
import type { Release } from '../../../scripts/snapshot/release/release.ts';

const warnings: string[] = [];
const onWarning = (warning: Error) => void warnings.push(`${warning.name}: ${warning.message}`);
afterEach(() => void process.off('warning', onWarning));

describe("every locale's own files", () => {
  it('wait on the embeds together without a listener-leak warning, and all stop when the build stops', async () => {
    process.on('warning', onWarning);
    const placed: string[] = [];
    const release = { placed: (p: { written: number }) => void placed.push(String(p.written)) };
    const stopped: string[] = [];
    // as the embeds' thread waits: a listener on the job's signal until the job is stopped
    const make = (locale: string, signal: AbortSignal) =>
      new Promise<{ written: number; unchanged: number; bytes: number }>((resolve) => {
        signal.addEventListener(
          'abort',
          () => {
            stopped.push(locale);
            resolve({ written: 0, unchanged: 0, bytes: 0 });
          },
          { once: true },
        );
      });
    const files = new LocaleFiles(release as unknown as Release, [], SUPPORTED_LOCALES, make);
    files.begin();
    await files.stop();
    // a warning is emitted on a later turn than the listener that caused it
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(SUPPORTED_LOCALES.length).toBeGreaterThan(10);
    expect(warnings.filter((w) => w.startsWith('MaxListenersExceededWarning'))).toEqual([]);
    expect(stopped.sort()).toEqual([...SUPPORTED_LOCALES].sort());
    expect(placed.length).toBe(SUPPORTED_LOCALES.length);
  });
});
