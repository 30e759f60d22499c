/**
 * The order of the uploads inside a phase: an object goes up only after every object of the same phase
 * that it names — a region list after the group files its quick links point at, a page after its script,
 * the bundle after its chunks. So a reader who follows a name finds the object there, at any moment of a
 * first deploy or of one that adds a locale. Pure: the bytes come from the caller.
 *
 * A name is any quoted string — in double, single or back quotes (a template without `${}`: the bundler
 * writes its chunks' imports so) — or CSS `url()` of a text object that resolves, relative to the object's own
 * path, to a path of the release; an absolute URL or a root path names the release's path it ends with
 * (quick links under the config's `publicUrl`). Objects that name each other in a circle go up together.
 */
import { posix } from 'node:path';

/** Extensions of the objects that can name others. */
const TEXT = /\.(json|html|js|mjs|css)$/;
/** A name ends with a file extension: every object of a release has one. */
const FILE_LIKE = /\.[A-Za-z0-9]{1,8}$/;
const QUOTED =
  /"((?:[^"\\\n]|\\.){1,2048})"|'((?:[^'\\\n]|\\.){1,2048})'|url\(\s*([^)"'\s]{1,2048})\s*\)|`((?:[^`\\\n$]|\\.){1,2048})`/g;

/**
 * A module's imports, read apart from the quoted strings: a template literal of the same script (an `html`
 * template with `${}` in it) can pair its back quotes across an import's, so that the scan above misses it.
 */
const MODULE_IMPORT = /\b(?:import\s*\(\s*|from\s*|import\s*)([`"'])([^`"'$\\\s]{1,2048})\1/g;

/** Whether an object at `path` can name others (and so is read to find out). */
export const isText = (path: string): boolean => TEXT.test(path);

/** The paths of `paths` that the object at `path` names in `text`, itself excepted. */
export function namesIn(path: string, text: string, paths: ReadonlySet<string>): string[] {
  if (!TEXT.test(path)) return [];
  const found = new Set<string>();
  const dir = posix.dirname(path);
  const raws = [...text.matchAll(QUOTED)].map((m) => m[1] ?? m[2] ?? m[3] ?? m[4] ?? '');
  if (/\.m?js$/.test(path)) raws.push(...[...text.matchAll(MODULE_IMPORT)].map((m) => m[2]!));
  for (const raw of raws) {
    const bare = raw.replace(/\\\//g, '/').split(/[?#]/)[0]!;
    if (!FILE_LIKE.test(bare)) continue;
    let target: string | undefined;
    if (/^[a-z][a-z0-9+.-]*:/i.test(bare) || bare.startsWith('/')) {
      // an absolute name: the longest tail of its path that the release has
      let pathname: string;
      try {
        pathname = bare.startsWith('/') ? bare : new URL(bare).pathname;
      } catch {
        continue;
      }
      const segments = pathname
        .split('/')
        .filter(Boolean)
        .map((s) => safeDecode(s));
      for (let i = 0; i < segments.length && target === undefined; i++) {
        const tail = segments.slice(i).join('/');
        if (paths.has(tail)) target = tail;
      }
    } else {
      const resolved = posix.normalize(posix.join(dir, bare));
      if (paths.has(resolved)) target = resolved;
    }
    if (target !== undefined && target !== path) found.add(target);
  }
  return [...found];
}

const safeDecode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * Splits the objects of one phase into layers to upload one after the other: each object's layer comes
 * after the layers of every object of the phase it names. `names` answers what an object names. Objects
 * that name each other in a circle are ordered as a reader meets them, from what nothing names.
 */
export function layers<T extends { path: string }>(
  objects: readonly T[],
  names: ReadonlyMap<string, readonly string[]>,
): T[][] {
  const byPath = new Map(objects.map((o) => [o.path, o]));
  const depth = new Map<string, number>();
  const visiting = new Set<string>();
  const depthOf = (path: string): number => {
    const known = depth.get(path);
    if (known !== undefined) return known;
    visiting.add(path);
    let d = 0;
    for (const target of names.get(path) ?? []) {
      // a circle is cut where it closes: its members go up in the same or adjacent layers
      if (!byPath.has(target) || visiting.has(target)) continue;
      d = Math.max(d, depthOf(target) + 1);
    }
    visiting.delete(path);
    depth.set(path, d);
    return d;
  };
  // the walk starts from what nothing of the phase names (a page, an entry script), so a circle is cut at
  // the name that leads back towards them: the element's shared chunk and a lazy chunk that imports it
  // back, the lazy one first, since a reader reaches it only through the shared one
  const named = new Set([...names.values()].flat());
  for (const object of objects) if (!named.has(object.path)) depthOf(object.path);
  const out: T[][] = [];
  for (const object of objects) (out[depthOf(object.path)] ??= []).push(object);
  return out.filter((layer) => layer !== undefined);
}
