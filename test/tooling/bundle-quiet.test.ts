/**
 * What a bundle prints (scripts/tooling/bundle.ts): nothing but what goes wrong. rolldown's note of the
 * plugins' time (`[PLUGIN_TIMINGS]`), printed whenever the plugins take three seconds or more of a bundle, says
 * nothing an operator can act on, so a build's log never holds it.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { viteBuild } from '../../scripts/tooling/bundle.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUT = join(ROOT, 'node_modules', '.cache', 'resort-conditions', `quiet-${process.pid}`);
afterEach(() => rm(OUT, { recursive: true, force: true }));

describe('a bundle whose plugins take their time', () => {
  it('prints no [PLUGIN_TIMINGS] block', async () => {
    const printed: string[] = [];
    const keep = (...args: unknown[]) => void printed.push(args.map(String).join(' '));
    const spies = [
      vi.spyOn(console, 'warn').mockImplementation(keep),
      vi.spyOn(console, 'log').mockImplementation(keep),
      vi.spyOn(console, 'error').mockImplementation(keep),
    ];
    try {
      await viteBuild(ROOT, OUT, {
        configFile: false,
        plugins: [
          {
            name: 'entry',
            enforce: 'pre',
            resolveId: (id: string) => (id.endsWith('virtual:entry') ? '\0entry.js' : undefined),
            load: (id: string) => (id === '\0entry.js' ? 'export const a = 1;' : undefined),
          },
          // a plugin past the three seconds rolldown notes: what the minifier of a whole bundle takes on a busy machine
          {
            name: 'slow',
            buildStart: () => new Promise<void>((done) => setTimeout(done, 3_500)),
          },
        ],
        build: { lib: { entry: 'virtual:entry', formats: ['es'], fileName: () => 'entry.js' } },
      });
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(printed.filter((line) => line.includes('PLUGIN_TIMINGS'))).toEqual([]);
  }, 60_000);
});
