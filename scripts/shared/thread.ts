/**
 * A thread running a module of the project's, the one start and lifecycle of both threads of a build (the
 * release's writer, scripts/snapshot/store/write-thread.ts; the embeds' maker, scripts/embeds/embed-thread.ts).
 *
 * From the package the module is compiled JavaScript and the thread runs it as it is. From the sources it is
 * TypeScript, which Node 20 does not run in a thread, and a thread takes no loader from the command line: the
 * thread then starts from `thread-bootstrap.mjs`, which imports the module through tsx's own API.
 *
 * A thread keeps the process alive only while a job of it is under way (`busy`, `idle`), and its caller is
 * told when it failed or stopped (`gone`), to end the jobs it will never answer.
 */
import { dirname, extname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, workerData, type WorkerOptions } from 'node:worker_threads';

/**
 * The file of the module beside `importer` (an `import.meta.url`) named `name`, with the importer's own
 * extension (`.ts` or `.js`). Paths, not URLs: under a test's DOM environment `URL` is another class.
 */
export function besideModule(name: string, importer: string): string {
  const file = fileURLToPath(importer);
  return join(dirname(file), `${name}${extname(file)}`);
}

/** How a started thread's caller hears from it. */
export interface ThreadEvents<Answer> {
  /** Each message the thread sends. */
  answer(answer: Answer): void;
  /** The thread failed (`error`) or stopped (`exit`, with its code): no job under way will be answered. */
  gone(error: Error, how: 'error' | 'exit'): void;
}

/** A started thread: its worker, and the count of jobs under way that keeps the process alive. */
export interface Thread {
  readonly worker: Worker;
  /** A job began: the first keeps the process alive. */
  busy(): void;
  /** A job ended: once none is under way, the thread no longer keeps the process alive. */
  idle(): void;
}

/**
 * Starts a thread running the module at `file` with `data` (what `threadData` answers in it); `name` says
 * what it does in its failures (`the thread ${name} failed: …`).
 */
export function startThread<Answer>(
  file: string,
  data: unknown,
  name: string,
  events: ThreadEvents<Answer>,
  options: Omit<WorkerOptions, 'workerData'> = {},
): Thread {
  const entry = file.endsWith('.ts')
    ? join(dirname(fileURLToPath(import.meta.url)), 'thread-bootstrap.mjs')
    : file;
  // none of the process's flags: the thread needs no loader of the command line, and takes no inspector port
  const worker = new Worker(entry, {
    execArgv: [],
    ...options,
    workerData: { module: pathToFileURL(file).href, data },
  });
  worker.on('message', (answer: Answer) => events.answer(answer));
  worker.on('error', (error) =>
    events.gone(new Error(`the thread ${name} failed: ${error.message}`), 'error'),
  );
  worker.on('exit', (code) =>
    events.gone(new Error(`the thread ${name} stopped (exit code ${code})`), 'exit'),
  );
  // after the listeners: a 'message' listener refs the thread's port again
  worker.unref();
  let jobs = 0;
  return {
    worker,
    busy: () => {
      if (jobs++ === 0) worker.ref();
    },
    idle: () => {
      if (--jobs === 0) worker.unref();
    },
  };
}

/** In a thread `startThread` started: the data it was given. */
export const threadData = <T>(): T => (workerData as { data: T }).data;
