/**
 * A thread running a module of the project's (the release's writer, the embeds' maker). From the package
 * the module is compiled JavaScript and the thread runs it as it is. From the sources it is TypeScript,
 * which Node 20 does not run in a thread, and a thread takes no loader from the command line: the thread
 * then starts from `thread-bootstrap.mjs`, which imports the module through tsx's own API.
 */
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, workerData, type WorkerOptions } from 'node:worker_threads';

/** The module beside `importer` named `name`, with the importer's own extension (`.ts` or `.js`). */
export const besideModule = (name: string, importer: string): URL =>
  new URL(`./${name}${extname(fileURLToPath(importer))}`, importer);

/** Starts a thread running `module` with `data` (what `threadData` answers in it). */
export function startThread(
  module: URL,
  data: unknown,
  options: Omit<WorkerOptions, 'workerData'> = {},
): Worker {
  const entry = module.pathname.endsWith('.ts') ? new URL('./thread-bootstrap.mjs', import.meta.url) : module;
  // none of the process's flags: the thread needs no loader of the command line, and takes no inspector port
  // a path, not the URL: under a test's DOM environment `URL` is another class, which Worker refuses
  return new Worker(fileURLToPath(entry.href), {
    execArgv: [],
    ...options,
    workerData: { module: module.href, data },
  });
}

/** In a thread `startThread` started: the data it was given. */
export const threadData = <T>(): T => (workerData as { data: T }).data;
