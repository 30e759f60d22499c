/**
 * vite runs in a process of its own, never in the build's. Loaded into a process, it stays for the
 * process's life: about 170 MB of native code on import and 130 MB more once it has bundled (Node 20,
 * vite 8), which no garbage collection gives back, more than everything a build of 2,000 resorts in one
 * language holds. The child bundles, prints the files on its standard output and exits, taking that
 * memory with it; it sees the sources only, never the output tree.
 *
 * The child (`bundle-child.ts`) runs the sources through tsx, as `npm run build` does; an installed
 * package ships its bundles and never gets here.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface BundleFile {
  path: string;
  bytes: Uint8Array;
}

/** What a child bundles: both elements as a build publishes them, the pre-render modules, or every runtime module. */
export type BundleJob = 'elements' | 'prerender' | 'runtime';

/** What a build needs, in one child: `elements`, `prerender` and `runtime`, each file under its job's name. */
export const SITE_JOBS = ['elements', 'prerender', 'runtime'] as const satisfies readonly BundleJob[];

/** The child's output: one JSON line, each file's bytes in base64. */
export type BundleOutput = Array<{ path: string; base64: string }>;

/** Each job's files, made once per process (the sources do not change while a build runs). */
const made = new Map<BundleJob, Promise<BundleFile[]>>();

/** The files of `job`, bundled in a child process the first time they are asked for. */
export function bundleApart(job: BundleJob): Promise<BundleFile[]> {
  let files = made.get(job);
  if (!files) {
    files = run(job);
    made.set(job, files);
  }
  return files;
}

/**
 * Everything a build bundles (the elements, the pre-render modules, the runtime modules) in one child
 * process, so that a build can have it done before it fetches anything: a bundle that fails then costs no
 * request, and the bundler's memory is given back before the build's own grows.
 */
export function bundleSite(): Promise<void> {
  if (SITE_JOBS.every((job) => made.has(job))) return Promise.resolve();
  const all = run('site');
  for (const job of SITE_JOBS)
    made.set(
      job,
      all.then((files) =>
        files
          .filter((f) => f.path.startsWith(`${job}/`))
          .map((f) => ({ path: f.path.slice(job.length + 1), bytes: f.bytes })),
      ),
    );
  return all.then(() => undefined);
}

async function run(job: BundleJob | 'site'): Promise<BundleFile[]> {
  const child = fileURLToPath(new URL('./bundle-child.ts', import.meta.url));
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', tsx, child, job],
      {
        env: {
          // the bundler's allocator (mimalloc, in rolldown) commits its arenas up front and returns freed
          // pages late: 430 MB at its peak by default, 310 MB with these two (the environment may say otherwise)
          MIMALLOC_ARENA_EAGER_COMMIT: '0',
          MIMALLOC_PURGE_DELAY: '0',
          ...process.env,
          // vite picks Lit's development build unless NODE_ENV says production (vitest sets it to "test")
          NODE_ENV: 'production',
        },
        maxBuffer: 256 * 1024 * 1024,
        encoding: 'utf8',
      },
      (error, out, err) =>
        error
          ? reject(new Error(`bundling ${job} failed: ${(err.trim() || error.message).slice(0, 4000)}`))
          : resolve(out),
    );
  });
  const line = stdout.trim().split('\n').at(-1) ?? '[]';
  return (JSON.parse(line) as BundleOutput).map((f) => ({
    path: f.path,
    bytes: Buffer.from(f.base64, 'base64'),
  }));
}
