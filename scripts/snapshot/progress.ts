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

export interface Progress {
  total(requests: number): void;
  tick(): void;
  done(summary: Summary): void;
  note(line: string): void;
}

interface Stream {
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

export function createProgress(stream: Stream, now: () => number = () => performance.now()): Progress {
  let total = 0;
  let done = 0;
  let lastLine = now();
  const tty = stream.isTTY === true;
  const draw = () => {
    const width = Math.max(10, Math.min(40, (stream.columns ?? 80) - 40));
    const ratio = total === 0 ? 1 : Math.min(1, done / total);
    const filled = Math.round(ratio * width);
    stream.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} requests`);
  };
  return {
    total(requests) {
      total += requests;
      if (tty) draw();
    },
    tick() {
      done++;
      if (tty) draw();
      else if (now() - lastLine >= 5000) {
        lastLine = now();
        stream.write(`${done}/${total} requests\n`);
      }
    },
    note(line) {
      stream.write(`${tty ? '\r\x1b[K' : ''}${line}\n`);
      if (tty) draw();
    },
    done(summary) {
      stream.write(`${tty ? '\r\x1b[K' : ''}${summaryLine(summary)}\n`);
    },
  };
}

/** A progress that says nothing: for library use and tests. */
export const silentProgress: Progress = { total() {}, tick() {}, done() {}, note() {} };
