/**
 * A thread running a module of the project's (the release's writer, the embeds' maker). From the package
 * the module is compiled JavaScript and the thread runs it as it is. From the sources it is TypeScript,
 * which Node 20 does not run in a thread, and a thread takes no loader from the command line: the thread
 * then starts from `thread-bootstrap.mjs`, which imports the module through tsx's own API.
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

/** Starts a thread running the module at `file` with `data` (what `threadData` answers in it). */
export function startThread(
  file: string,
  data: unknown,
  options: Omit<WorkerOptions, 'workerData'> = {},
): Worker {
  const entry = file.endsWith('.ts')
    ? join(dirname(fileURLToPath(import.meta.url)), 'thread-bootstrap.mjs')
    : file;
  // none of the process's flags: the thread needs no loader of the command line, and takes no inspector port
  return new Worker(entry, {
    execArgv: [],
    ...options,
    workerData: { module: pathToFileURL(file).href, data },
  });
}

/** In a thread `startThread` started: the data it was given. */
export const threadData = <T>(): T => (workerData as { data: T }).data;
