/**
 * The layers of scripts/ARCHITECTURE.md ("Layers"), enforced: what may import what. Nothing imports
 * upward; no module imports itself through others; the contract (`scripts/api/`) imports only itself and zod; the
 * element imports only lit, its own folder and the contract, and the contract's schemas (zod) as types only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** Every TypeScript file below `dir`, relative to the repository. */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)))
    .sort();
}

interface Import {
  /** A package name, or a path relative to the repository. */
  target: string;
  /** A file of the repository, not a package. */
  local: boolean;
  typeOnly: boolean;
}

function resolveSpec(file: string, spec: string): { target: string; local: boolean } {
  const local = spec.startsWith('.');
  return { target: local ? relative(ROOT, resolve(dirname(join(ROOT, file)), spec)) : spec, local };
}

function importsOf(file: string): Import[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const out: Import[] = [];
  for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?'([^']+)'/gm)) {
    const spec = m[3]!;
    out.push({ ...resolveSpec(file, spec), typeOnly: m[2] !== undefined });
  }
  for (const m of text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)) {
    out.push({ ...resolveSpec(file, m[1]!), typeOnly: false });
  }
  return out;
}

/** The layer a repository path belongs to. */
function layerOf(path: string): string {
  const m =
    /^(widget|scripts\/(api|dataset|service|shared|snapshot|deploy|history|element|images|feeds|embeds|hosting|demo|cli|bench|tooling))\//.exec(
      path,
    );
  if (m) return m[2] ?? 'widget';
  if (/^scripts\/[^/]+\.ts$/.test(path)) return 'entry';
  return path;
}

/** Which layers each layer may import (itself included); packages are checked apart. */
/** What the entry points may import: every layer of the house below them. */
const EVERY_LAYER = [
  'api',
  'dataset',
  'service',
  'shared',
  'snapshot',
  'deploy',
  'history',
  'element',
  'images',
  'feeds',
  'embeds',
  'hosting',
  'demo',
  'cli',
  'tooling',
];

const ALLOWED: Record<string, readonly string[]> = {
  api: ['api'],
  dataset: ['api', 'dataset'],
  service: ['api', 'dataset', 'service'],
  // what more than one layer uses: the HTTP client, the pool, the threads, the package's folder, the catalogue
  shared: ['api', 'shared'],
  snapshot: ['api', 'dataset', 'service', 'shared', 'snapshot'],
  deploy: ['api', 'shared', 'snapshot', 'deploy'],
  // what a release publishes beside api/, one folder per capability, each exporting its publishing steps
  history: ['api', 'shared', 'snapshot', 'deploy', 'history'],
  element: ['api', 'shared', 'snapshot', 'element'],
  images: ['api', 'shared', 'snapshot', 'images'],
  feeds: ['api', 'shared', 'snapshot', 'history', 'feeds'],
  embeds: ['api', 'shared', 'snapshot', 'history', 'element', 'images', 'feeds', 'embeds'],
  hosting: ['api', 'service', 'shared', 'snapshot', 'element', 'hosting'],
  demo: ['api', 'shared', 'snapshot', 'element', 'embeds', 'demo'],
  cli: [
    'api',
    'dataset',
    'service',
    'shared',
    'snapshot',
    'deploy',
    'history',
    'element',
    'images',
    'feeds',
    'embeds',
    'hosting',
    'demo',
    'cli',
  ],
  // the repository's own tooling: the browser files' bundle and its stamp, the package, and the pages' style
  // sheets, which read the element's rules (its geometry, the forecast days it shows)
  tooling: ['api', 'shared', 'element', 'tooling', 'widget'],
  entry: EVERY_LAYER,
  // npm run bench: an entry point of its own modules, measuring every layer
  bench: [...EVERY_LAYER, 'bench'],
  widget: ['api', 'widget'],
};

const FILES = [...sources('scripts'), ...sources('widget')];

/**
 * The import cycles of a graph: each group of modules that reach one another (Tarjan's strongly connected
 * components of more than one module, or a module that imports itself), sorted.
 */
function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      onStack.delete(member);
      group.push(member);
      if (member === node) break;
    }
    if (group.length > 1 || graph.get(node)!.includes(node)) cycles.push(group.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/**
 * The snapshot's phases in the order a run goes through them (scripts/ARCHITECTURE.md, "The snapshot run,
 * phase by phase"), and what every phase may use: the shared model, the store, the config, the clock,
 * errors and progress. A phase imports only itself, the phases before it and that base; the base imports no phase;
 * `run.ts` on top imports them all.
 */
const PHASES = ['source', 'discover', 'plan', 'fetch', 'derive', 'release'] as const;
const BASE = [
  'model.ts',
  'config.ts',
  'config-values.ts',
  'clock.ts',
  'errors.ts',
  'progress.ts',
  'turns.ts',
  'store',
];

/** Where a file of scripts/snapshot/ stands: a phase's place in the order, -1 for the base, Infinity for run.ts. */
function snapshotRank(path: string): number {
  const part = path.slice('scripts/snapshot/'.length).split('/')[0]!;
  if (BASE.includes(part)) return -1;
  const phase = PHASES.indexOf(part as (typeof PHASES)[number]);
  if (phase >= 0) return phase;
  if (part === 'run.ts') return Infinity;
  throw new Error(`${path}: neither a phase, the base nor run.ts`);
}

describe('the snapshot’s phases', () => {
  const files = FILES.filter((f) => f.startsWith('scripts/snapshot/'));

  it.each(files)('%s imports only the phases before it and the base', (file) => {
    const rank = snapshotRank(file);
    const later = importsOf(file)
      .filter((i) => i.local && i.target.startsWith('scripts/snapshot/'))
      .map((i) => i.target)
      .filter((target) => {
        const theirs = snapshotRank(target);
        return rank === -1 ? theirs !== -1 : theirs > rank;
      });
    expect(later).toEqual([]);
  });
});

describe('the layers', () => {
  it('finds the files of every layer', () => {
    const layers = new Set(FILES.map(layerOf));
    expect([...layers].sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  it.each(FILES)('%s imports only from the layers below it', (file) => {
    const layer = layerOf(file);
    const upward = importsOf(file)
      .filter((i) => i.local)
      .map((i) => i.target)
      .filter((target) => !ALLOWED[layer]!.includes(layerOf(target)));
    expect(upward).toEqual([]);
  });

  it('has no import cycles, type-only imports included', () => {
    const graph = new Map(
      FILES.map((file) => [
        file,
        importsOf(file)
          .filter((i) => i.local)
          .map((i) => i.target),
      ]),
    );
    expect(importCycles(graph)).toEqual([]);
  });

  it.each([
    { graph: { a: ['b'], b: ['c'], c: [] }, cycles: [] },
    { graph: { a: ['b'], b: ['a'], c: ['a'] }, cycles: [['a', 'b']] },
    { graph: { a: ['b'], b: ['c'], c: ['a'], d: ['d'], e: ['d'] }, cycles: [['a', 'b', 'c'], ['d']] },
  ])('finds the cycles of $graph', ({ graph, cycles }) => {
    expect(importCycles(new Map(Object.entries(graph)))).toEqual(cycles);
  });

  it('keeps the contract free of packages but zod, and zod out of the modules the element bundles', () => {
    for (const file of FILES.filter((f) => layerOf(f) === 'api')) {
      const packages = importsOf(file).filter((i) => !i.local);
      expect(
        packages.map((i) => i.target).filter((t) => t !== 'zod'),
        file,
      ).toEqual([]);
      if (!file.startsWith('scripts/api/schemas/')) expect(packages, file).toEqual([]);
    }
  });

  it('keeps the code a release runs elsewhere (the edge function, the frame loader) free of packages and Node', () => {
    const runtime = FILES.filter((f) => /^scripts\/[^/]+\/runtime\//.test(f));
    expect([...new Set(runtime.map((f) => f.split('/')[1]))]).toEqual(['demo', 'embeds', 'hosting']);
    for (const file of runtime) {
      const own = file.slice(0, file.indexOf('/runtime/') + '/runtime/'.length);
      for (const i of importsOf(file)) {
        expect(i.local, `${file} imports ${i.target}`).toBe(true);
        const allowed =
          i.target.startsWith('scripts/api/') ||
          i.target.startsWith(own) ||
          i.target === 'scripts/hosting/rewrites.ts';
        expect(allowed, `${file} imports ${i.target}`).toBe(true);
      }
    }
  });

  it('lets the element import lit, its own modules and the contract through its browser module only', () => {
    const widget = FILES.filter((f) => layerOf(f) === 'widget');
    for (const file of widget) {
      for (const i of importsOf(file)) {
        if (!i.local) expect(i.target.startsWith('lit'), `${file} imports ${i.target}`).toBe(true);
        else if (layerOf(i.target) !== 'widget')
          expect(i.target, `${file} imports ${i.target}`).toBe('scripts/api/browser.ts');
      }
    }
    expect(
      widget.filter((f) => importsOf(f).some((i) => i.target === 'scripts/api/browser.ts')).length,
    ).toBeGreaterThan(5);
  });

  it('keeps the contract’s browser module free of packages and Node.js at run time, the schemas as types', () => {
    // every module scripts/api/browser.ts reaches at run time (type-only imports are erased when bundled)
    const reached = new Set<string>();
    const visit = (file: string) => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const i of importsOf(file)) {
        if (i.typeOnly) continue;
        expect(i.local, `${file} imports ${i.target} at run time`).toBe(true);
        expect(i.target.startsWith('scripts/api/schemas/'), `${file} imports ${i.target} at run time`).toBe(
          false,
        );
        visit(i.target);
      }
    };
    visit('scripts/api/browser.ts');
    expect([...reached].sort()).toEqual([
      'scripts/api/assets.ts',
      'scripts/api/browser.ts',
      'scripts/api/content-types.ts',
      'scripts/api/errors.ts',
      'scripts/api/html.ts',
      'scripts/api/links.ts',
      'scripts/api/locales.ts',
      'scripts/api/text.ts',
    ]);
  });
});
