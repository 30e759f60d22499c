/**
 * The locale steps' jobs (scripts/snapshot/release/steps.ts, `Steps`): begun together when no collection
 * holds them back, each with a stop of its own, so that a build of every locale prints no listener-leak
 * warning, and a stopped build stops every one of them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../../../scripts/api/locales.ts';
import type { Part, Publisher } from '../../../scripts/snapshot/release/publisher.ts';
import type { Release } from '../../../scripts/snapshot/release/release.ts';
import { Steps, type StepsContext } from '../../../scripts/snapshot/release/steps.ts';

const warnings: string[] = [];
const onWarning = (warning: Error) => void warnings.push(`${warning.name}: ${warning.message}`);
afterEach(() => void process.off('warning', onWarning));

describe("every locale's step", () => {
  it('waits on the embeds together without a listener-leak warning, and all stop when the build stops', async () => {
    process.on('warning', onWarning);
    const placed: string[] = [];
    const release = {
      staged: async () => ({}),
      beside: () => ({ staging: '/nonexistent' }),
      placed: (p: { written: number }) => void placed.push(String(p.written)),
      failures: [],
    };
    const stopped: string[] = [];
    // as the embeds' thread waits: a listener on the job's signal until the job is stopped
    const embeds: Publisher = {
      name: 'cards',
      stage: 'locale',
      parts: (_, locale) => [{ artefact: 'cards', locale: locale! } satisfies Part],
      make: (part, context) =>
        new Promise((resolve) => {
          context.signal.addEventListener(
            'abort',
            () => {
              stopped.push(part.locale!);
              resolve({ placed: { written: 0, unchanged: 0, bytes: 0 } });
            },
            { once: true },
          );
        }),
    };
    const steps = new Steps(
      release as unknown as Release,
      [embeds],
      {} as StepsContext,
      [],
      SUPPORTED_LOCALES,
    );
    steps.begin();
    // every locale's job is waiting on its signal before the build stops
    await new Promise<void>((resolve) => setImmediate(resolve));
    await steps.stop();
    // a warning is emitted on a later turn than the listener that caused it
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(SUPPORTED_LOCALES.length).toBeGreaterThan(10);
    expect(warnings.filter((w) => w.startsWith('MaxListenersExceededWarning'))).toEqual([]);
    expect(stopped.sort()).toEqual([...SUPPORTED_LOCALES].sort());
    expect(placed.length).toBe(SUPPORTED_LOCALES.length);
  });
});
