/**
 * Progress of a build: a bar on a terminal, plain lines every few seconds otherwise, and the closing
 * summary. Writes to the stream it is given (stderr from the CLI), never to a file.
 */

export interface Summary {
  written: number;
  unchanged: number;
  skipped: number;
  stale: number;
  requests: number;
  /** Requests spent proving the credentials before the plan (not part of the lower bound). */
  preflight: number;
  lowerBound: number;
  bytes: number;
  seconds: number;
}

/** A summary of nothing done (a `--plan` run). */
export const emptySummary = (): Summary => ({
  written: 0,
  unchanged: 0,
  skipped: 0,
  stale: 0,
  requests: 0,
  preflight: 0,
  lowerBound: 0,
  bytes: 0,
  seconds: 0,
});

export interface Progress {
  total(requests: number): void;
  tick(): void;
  done(summary: Summary): void;
  note(line: string): void;
}

export interface Stream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export const formatBytes = (n: number) =>
  n < 1024 ? `${n} B` : n < 1024 ** 2 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 ** 2).toFixed(1)} MiB`;

export function summaryLine(s: Summary): string {
  return (
    `${s.written} files written, ${s.unchanged} unchanged, ${s.skipped} skipped, ${s.stale} stale; ` +
    `${s.requests} upstream requests (lower bound ${s.lowerBound})${s.preflight ? ` and ${s.preflight} to check the credentials` : ''}; ` +
    `${formatBytes(s.bytes)} in ${s.seconds.toFixed(1)} s`
  );
}

/** A count shown as a bar on a terminal (`[####....] 12/40 requests`), and as a line every 5 s elsewhere. */
export interface Bar {
  /** Adds `n` to what the bar counts to. */
  add(n: number): void;
  tick(n?: number): void;
  /** A line above the bar. */
  note(line: string): void;
  /** Clears the bar (a terminal only). */
  clear(): void;
}

export function createBar(stream: Stream, unit: string, now: () => number = () => performance.now()): Bar {
  let total = 0;
  let done = 0;
  let lastLine = now();
  const tty = stream.isTTY === true;
  const draw = () => {
    if (!tty || total === 0) return;
    const width = Math.max(10, Math.min(40, (stream.columns ?? 80) - 40));
    const filled = Math.round(Math.min(1, done / total) * width);
    stream.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${unit}`);
  };
  return {
    add(n) {
      total += n;
      draw();
    },
    tick(n = 1) {
      done += n;
      if (tty) draw();
      else if (now() - lastLine >= 5000) {
        lastLine = now();
        stream.write(`${done}/${total} ${unit}\n`);
      }
    },
    note(line) {
      stream.write(`${tty ? '\r\x1b[K' : ''}${line}\n`);
      draw();
    },
    clear() {
      if (tty) stream.write('\r\x1b[K');
    },
  };
}

export function createProgress(stream: Stream, now?: () => number): Progress {
  const bar = createBar(stream, 'requests', now);
  return {
    total: (requests) => bar.add(requests),
    tick: () => bar.tick(),
    note: (line) => bar.note(line),
    done(summary) {
      bar.clear();
      stream.write(`${summaryLine(summary)}\n`);
    },
  };
}

/** A progress that says nothing: for library use and tests. */
export const silentProgress: Progress = { total() {}, tick() {}, done() {}, note() {} };
