/**
 * Progress of a long command (a build's requests, a deploy's objects): a bar on a terminal
 * (`[####....] 12/40 requests`), a plain line every 5 s otherwise, notes above it, and the closing lines once
 * the bar is cleared. Writes to the stream it is given (stderr from the CLI), never to a file.
 */

export interface Stream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface Progress {
  /** Adds `n` to what the bar counts to. */
  total(n: number): void;
  /** `n` more done (1 unless said). */
  tick(n?: number): void;
  /** A line above the bar. */
  note(line: string): void;
  /** Clears the bar (a terminal only), then writes `lines` (a summary). */
  end(lines?: readonly string[]): void;
}

export const formatBytes = (n: number) =>
  n < 1024 ? `${n} B` : n < 1024 ** 2 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 ** 2).toFixed(1)} MiB`;

/** A progress counting `unit` (`requests`, `objects`) on `stream`. */
export function createProgress(
  stream: Stream,
  unit: string,
  now: () => number = () => performance.now(),
): Progress {
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
    total(n) {
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
    end(lines = []) {
      if (tty) stream.write('\r\x1b[K');
      for (const line of lines) stream.write(`${line}\n`);
    },
  };
}

/** A progress that says nothing: for library use and tests. */
export const silentProgress: Progress = { total() {}, tick() {}, note() {}, end() {} };
