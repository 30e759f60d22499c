/**
 * An offline install needs every package's metadata or a lock file that names the exact versions: npm's
 * cache holds the tarballs this repository installed, keyed by integrity. So the consumer project gets a
 * lock file with the package's dependencies as this repository's lock resolves them, found the way Node
 * resolves a module (the nearest `node_modules` first).
 *
 * This repository's lock names no tarball URLs (npm's `omit-lockfile-registry-resolved`); without one, an
 * install looks each package up in the registry's metadata, which `npm ci` never fetches and the cache
 * may not hold (a dependency added since anyone last resolved it fails with ENOTCACHED). So each entry
 * gets its tarball's URL under the configured registry, and the install reads the tarball from the cache
 * by its integrity, as `npm ci` does.
 */

interface LockEntry {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [key: string]: unknown;
}

export interface LockFile {
  packages: Record<string, LockEntry>;
}

/** The `packages` of a consumer's lock file holding `dependencies` as `lock` resolves them. */
export function lockFor(
  lock: LockFile,
  dependencies: Readonly<Record<string, string>>,
  root: { name: string; version: string },
  registry: string,
): LockFile & Record<string, unknown> {
  const base = registry.endsWith('/') ? registry : `${registry}/`;
  const tarball = (name: string, version: string) =>
    `${base}${name}/-/${name.split('/').at(-1)}-${version}.tgz`;
  const packages: Record<string, LockEntry> = { '': { ...root } };
  const add = (name: string, from: string, optional: boolean) => {
    for (let dir = from; ;) {
      const key = `${dir ? `${dir}/` : ''}node_modules/${name}`;
      const entry = lock.packages[key];
      if (entry) {
        if (packages[key]) return;
        const { dev: _dev, devOptional: _devOptional, ...kept } = entry;
        packages[key] =
          kept.resolved === undefined && kept.version !== undefined
            ? { ...kept, resolved: tarball(name, kept.version) }
            : kept;
        const optionalPeers = entry.peerDependenciesMeta ?? {};
        for (const dep of Object.keys(entry.dependencies ?? {})) add(dep, key, false);
        for (const dep of Object.keys(entry.optionalDependencies ?? {})) add(dep, key, true);
        for (const dep of Object.keys(entry.peerDependencies ?? {}))
          add(dep, key, optionalPeers[dep]?.optional === true);
        return;
      }
      if (!dir) {
        if (optional) return;
        throw new Error(`the lock file resolves no ${name} for ${from || 'the package'}`);
      }
      const up = dir.lastIndexOf('/node_modules/');
      dir = up < 0 ? '' : dir.slice(0, up);
    }
  };
  for (const name of Object.keys(dependencies)) add(name, '', false);
  return { name: root.name, version: root.version, lockfileVersion: 3, requires: true, packages };
}
