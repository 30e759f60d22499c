// @ts-check
/**
 * The first module of a thread started from the sources (thread.ts): it imports the thread's TypeScript
 * module through tsx's API, since Node 20 runs no TypeScript in a thread and takes no loader there.
 */
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.module, import.meta.url);
