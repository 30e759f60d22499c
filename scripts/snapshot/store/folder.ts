/**
 * The output folder and its releases folder: which release is published, where its private state is,
 * whether the folders are this tool's, and one build at a time. The tool never deletes or replaces a
 * folder it did not make.
 */
import { lstatSync, readdirSync, rmdirSync, unlinkSync } from 'node:fs';
import { lstat, mkdir, open, readdir, readFile, readlink, rmdir, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { SnapshotError } from '../errors.ts';

/** The folder that holds the releases of `out`: `.dist-releases` beside `dist`. */
export const releasesDir = (out: string) =>
  join(dirname(resolve(out)), `.${basename(resolve(out))}-releases`);

/** The file in every releases folder this tool made: it never deletes or replaces a folder without it. */
export const MARKER = '.resort-conditions';
/** The month's request ledger of the output folder (`state.ts`), kept across releases. */
export const LEDGER = 'ledger.json';
/** The private state file of a release, beside it. */
export const stateName = (release: string) => `${release}.state.json`;

/** Whether the releases folder of `out` is this tool's (it holds the marker). */
export const isOurs = (out: string): Promise<boolean> =>
  lstat(join(releasesDir(out), MARKER)).then(
    () => true,
    () => false,
  );

/** The release folder `out` points at, if it is a link this tool made. */
export async function currentRelease(out: string): Promise<string | undefined> {
  const stat = await lstat(out).catch(() => undefined);
  if (!stat?.isSymbolicLink()) return undefined;
  return resolve(dirname(resolve(out)), await readlink(out));
}

/** The private state file of the release `out` points at (`.dist-releases/<release>.state.json`). */
export async function currentStatePath(out: string): Promise<string | undefined> {
  const release = await currentRelease(out);
  return release ? join(dirname(release), stateName(basename(release))) : undefined;
}

/**
 * Makes sure `out` and `releases` are this tool's or absent, and marks the releases folder. A link from
 * `out` into `releases` is this tool's (earlier versions left no marker); an empty folder holds nothing to
 * lose. Anything else is refused before a single byte is written.
 */
export async function claim(out: string, releases: string): Promise<void> {
  const foreign = (what: string, path: string) =>
    new SnapshotError(
      'foreign_output',
      `${path} ${what} that this tool did not make; nothing was touched. Choose another --out (or "out" in the config), or move it away first`,
    );
  const outStat = await lstat(out).catch(() => undefined);
  const releasesStat = await lstat(releases).catch(() => undefined);
  const marked = releasesStat?.isDirectory()
    ? await lstat(join(releases, MARKER)).then(
        () => true,
        () => false,
      )
    : false;
  if (releasesStat && !releasesStat.isDirectory()) throw foreign('is a file', releases);
  let ours = marked;
  if (outStat?.isSymbolicLink()) {
    const target = resolve(dirname(out), await readlink(out));
    if (dirname(target) !== releases) throw foreign('is a link', out);
    ours = releasesStat !== undefined;
  } else if (outStat?.isDirectory()) {
    const entries = await readdir(out);
    if (entries.length > 0)
      throw foreign(`is a folder with ${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}`, out);
  } else if (outStat) {
    throw foreign('is a file', out);
  }
  if (releasesStat && !ours) throw foreign('is a folder', releases);
  if (outStat?.isDirectory()) await rmdir(out);
  await mkdir(releases, { recursive: true });
  if (!marked)
    await writeFile(
      join(releases, MARKER),
      'Releases of resort-conditions. The published folder links to one of them.\n',
    );
}

/** One build at a time per output folder; a lock whose process is gone is taken over. */
export async function takeLock(lock: string): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lock, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(await readFile(lock, 'utf8').catch(() => ''));
      if (pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new SnapshotError(
          'locked',
          `another build (process ${pid}) is writing this output folder; wait for it, or remove ${lock} if that process is not a build`,
        );
      }
      await unlink(lock).catch(() => undefined);
    }
  }
  throw new SnapshotError('write', `cannot lock ${lock}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes `path` and, when it is a folder (not a link to one), everything in it; nothing when it is absent.
 *
 * One entry after another, depth first, so memory holds the entries of the folders on the way down and
 * no more: `fs.promises.rm` starts the removal of every entry of a folder at once, which took 560 MB to
 * remove a release of 242,723 files (this: 75 MB) and gigabytes for one of 2,000 resorts in 16 locales. The
 * event loop gets a turn every few milliseconds, so a signal is heard while a large release goes.
 */
export async function removeTree(path: string): Promise<void> {
  let turn = performance.now();
  const gone = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
  const remove = async (at: string, folder: boolean): Promise<void> => {
    if (!folder) {
      try {
        unlinkSync(at);
      } catch (error) {
        if (!gone(error)) throw error;
      }
      return;
    }
    let entries;
    try {
      entries = readdirSync(at, { withFileTypes: true });
    } catch (error) {
      if (gone(error)) return;
      throw error;
    }
    for (const entry of entries) {
      await remove(join(at, entry.name), entry.isDirectory());
      if (performance.now() - turn > TURN_MS) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        turn = performance.now();
      }
    }
    try {
      rmdirSync(at);
    } catch (error) {
      if (!gone(error)) throw error;
    }
  };
  let folder: boolean;
  try {
    folder = lstatSync(path).isDirectory();
  } catch (error) {
    if (gone(error)) return;
    throw error;
  }
  await remove(path, folder);
}

/** How long a removal runs before the event loop gets a turn. */
const TURN_MS = 20;
