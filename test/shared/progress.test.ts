/**
 * The one progress of the build and the deploy (scripts/shared/progress.ts): a bar on a terminal, a line every
 * 5 s elsewhere, notes above the bar, and the closing lines once it is cleared.
 */
import { describe, expect, it } from 'vitest';
import { createProgress, formatBytes } from '../../scripts/shared/progress.ts';

function stream(isTTY: boolean) {
  const out: string[] = [];
  return { out, write: (text: string) => void out.push(text), isTTY, columns: 60 };
}

describe('createProgress', () => {
  it('draws a bar of what it counts on a terminal, a note above it, and clears it before the summary', () => {
    const s = stream(true);
    const progress = createProgress(s, 'objects');
    progress.total(4);
    progress.tick();
    progress.tick(2);
    progress.note('the same release');
    progress.end(['deployed', 'requests: 3 writes']);
    expect(s.out).toEqual([
      `\r[${'.'.repeat(20)}] 0/4 objects`,
      `\r[${'#'.repeat(5)}${'.'.repeat(15)}] 1/4 objects`,
      `\r[${'#'.repeat(15)}${'.'.repeat(5)}] 3/4 objects`,
      '\r\x1b[Kthe same release\n',
      `\r[${'#'.repeat(15)}${'.'.repeat(5)}] 3/4 objects`,
      '\r\x1b[K',
      'deployed\n',
      'requests: 3 writes\n',
    ]);
  });

  it('writes a plain line at most every 5 s off a terminal, and no escape codes', () => {
    const s = stream(false);
    let time = 0;
    const progress = createProgress(s, 'requests', () => time);
    progress.total(10);
    progress.tick();
    time = 4999;
    progress.tick();
    time = 5000;
    progress.tick();
    time = 9000;
    progress.tick();
    progress.note('budget "fit"');
    progress.end(['4 files written']);
    expect(s.out).toEqual(['3/10 requests\n', 'budget "fit"\n', '4 files written\n']);
  });
});

describe('formatBytes', () => {
  it.each([
    { n: 1023, text: '1023 B' },
    { n: 1536, text: '1.5 KiB' },
    { n: 5 * 1024 ** 2, text: '5.0 MiB' },
  ])('writes $n as $text', ({ n, text }) => expect(formatBytes(n)).toBe(text));
});
