/**
 * The two packages as a partner gets them (widget/README.md, "Using the package"): `npm run packages`
 * (which builds the element and the command line and packs both), each installed into a fresh project
 * without the network. The element's: strict TypeScript files that import and use the card and the list, a
 * vite bundle of each, and a fresh vite app whose install holds lit and vite and nothing that runs in Node.
 * The command line's: the `bin` building a tree from the embedded default and serving the embedded service.
 * The tree is packed from a copy without `lib/`, so the packages build their browser files afresh and never
 * touch the ones the other tests read.
 */
import { execFile, spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FROZEN_NOW } from '../helpers.ts';
import { printedUrl } from '../cli/helpers.ts';
import { lockFor, type LockFile } from './lock.ts';
import { buildSite, freshSite, install, installed, listedNames, untracked } from './site.ts';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '..', '..');
const NODE_MODULES = join(ROOT, 'node_modules');
/** What `npm pack` needs from the tree: the sources it compiles, what it ships, the tool settings. */
const SOURCES = [
  '.github',
  'package.json',
  'tsconfig.json',
  'vite.config.ts',
  'README.md',
  'LICENSE',
  'scripts',
  'widget',
  'data',
];

/** A tarball `npm run packages` wrote: its file name and the paths it holds. */
interface Packed {
  filename: string;
  files: string[];
}

let work: string;
/** The project that installs the element's tarball. */
let consumer: string;
/** The project that installs the command line's tarball. */
let cli: string;
let element: Packed;
let packed: Packed;
let manifest: {
  version: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
let lock: LockFile;
let registry: string;
/** Each project's install as it stands right after `npm install`, before a build writes caches beside it. */
const installs = new Map<string, { packages: string[]; bytes: number }>();

/** The paths a tarball holds, without npm's `package/` folder. */
async function tarball(work: string, filename: string): Promise<Packed> {
  const { stdout } = await run('tar', ['-tzf', join(work, filename)], { maxBuffer: 16 * 1024 * 1024 });
  const files = stdout
    .split('\n')
    .filter((line) => line && !line.endsWith('/'))
    .map((line) => line.replace(/^package\//, ''));
  return { filename, files };
}

/** A fresh project in `dir`: its package.json and a lock file resolving `dependencies` as this repository's does. */
async function freshProject(dir: string, dependencies: Record<string, string>, devDependencies = {}) {
  await mkdir(join(dir, 'src'), { recursive: true });
  await writeFile(
    join(dir, 'package.json'),
    JSON.stringify({
      name: 'partner-site',
      version: '1.0.0',
      private: true,
      type: 'module',
      devDependencies,
    }),
  );
  await writeFile(
    join(dir, 'package-lock.json'),
    JSON.stringify(
      lockFor(
        lock,
        { ...dependencies, ...devDependencies },
        { name: 'partner-site', version: '1.0.0' },
        registry,
      ),
    ),
  );
}

/** `npm install` of a tarball in `dir` from npm's cache alone. */
const installTarball = (dir: string, file: string) =>
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', join(work, file)], { cwd: dir, env: env() });

/** npm without the network, the update check or the audit; RC_* variables never reach a child. */
const env = () => {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env))
    if (value !== undefined && !name.startsWith('RC_') && name !== 'NODE_ENV') out[name] = value;
  return { ...out, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
};

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'rc-package-'));
  const source = join(work, 'source');
  for (const entry of SOURCES) {
    await cp(join(ROOT, entry), join(source, entry), { recursive: true });
  }
  await symlink(NODE_MODULES, join(source, 'node_modules'), 'dir');
  // the documented command: both tarballs, their names on stdout
  const pack = await run('npm', ['run', '--silent', 'packages', '--', '--pack-destination', work], {
    cwd: source,
    env: env(),
    maxBuffer: 16 * 1024 * 1024,
  });
  const [elementFile, cliFile] = pack.stdout.trim().split('\n');
  element = await tarball(work, elementFile!);
  packed = await tarball(work, cliFile!);

  manifest = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as typeof manifest;
  lock = JSON.parse(await readFile(join(ROOT, 'package-lock.json'), 'utf8')) as LockFile;
  registry = (await run('npm', ['config', 'get', 'registry'], { env: env() })).stdout.trim();
  consumer = join(work, 'consumer');
  await freshProject(consumer, { lit: manifest.dependencies.lit! });
  await installTarball(consumer, element.filename);
  installs.set('the element', await installed(consumer));
  cli = join(work, 'cli');
  await freshProject(cli, manifest.dependencies);
  await installTarball(cli, packed.filename);
  installs.set('the command line', await installed(cli));
}, 300_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

/** The element's installed package in the consumer project. */
const elementDir = () => join(consumer, 'node_modules', '@resort-conditions', 'element');

describe('the packed element, @resort-conditions/element', () => {
  it('is named @resort-conditions/element, with lit its only dependency and the exports of the card, the list, the manifest and the style sheet', async () => {
    expect(element.filename).toBe(`resort-conditions-element-${manifest.version}.tgz`);
    const own = JSON.parse(await readFile(join(elementDir(), 'package.json'), 'utf8')) as {
      name: string;
      version: string;
      dependencies: Record<string, string>;
      exports: Record<string, unknown>;
      sideEffects: string[];
      customElements: string;
      scripts?: unknown;
    };
    expect(own.name).toBe('@resort-conditions/element');
    expect(own.version).toBe(manifest.version);
    expect(own.dependencies).toEqual({ lit: manifest.dependencies.lit });
    expect(Object.keys(own.exports)).toEqual([
      '.',
      './define',
      './list',
      './list/define',
      './custom-elements.json',
      './resort-conditions.css',
      './package.json',
    ]);
    expect(own.sideEffects).toEqual(['./define.js', './list/define.js', './resort-conditions.css']);
    expect(own.customElements).toBe('custom-elements.json');
    expect(own.scripts).toBeUndefined();
  });

  it('ships the compiled element with its types, its manifest, its style sheet, the LICENSE and its README, and nothing of the command line', () => {
    expect(element.files).toEqual(
      expect.arrayContaining([
        'LICENSE',
        'README.md',
        'package.json',
        'resort-conditions.js',
        'define.js',
        'list/resort-conditions-list.js',
        'list/define.js',
        'types/widget/card/resort-conditions.d.ts',
        'types/widget/card/define.d.ts',
        'types/widget/list/resort-conditions-list.d.ts',
        'types/widget/list/define.d.ts',
        'custom-elements.json',
        'resort-conditions.css',
      ]),
    );
    const kinds = element.files.filter(
      (p) =>
        !/^(chunks\/[\w-]+\.js|types\/(widget|scripts\/api)\/[\w/-]+\.d\.ts|(list\/)?[\w-]+\.js)$/.test(p),
    );
    expect(kinds.sort()).toEqual([
      'LICENSE',
      'README.md',
      'custom-elements.json',
      'package.json',
      'resort-conditions.css',
    ]);
    // the schemas' declarations, which name zod, are not in it: the records' types are written out
    expect(element.files.filter((p) => p.includes('schemas'))).toEqual([]);
  });

  it('declares types that name only its own files and lit, its one dependency, so an isolated install type-checks', async () => {
    const types = join(elementDir(), 'types');
    const named = new Set<string>();
    for (const file of await readdir(types, { recursive: true })) {
      if (!file.endsWith('.d.ts')) continue;
      const text = await readFile(join(types, file), 'utf8');
      for (const [, specifier] of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)['"]([^'"]+)['"]/g))
        if (!specifier!.startsWith('.')) named.add(specifier!);
    }
    expect([...named].sort()).toEqual(['lit/html.js']);
  });

  it('ships a manifest of both elements that points at their JavaScript', async () => {
    const shipped = JSON.parse(await readFile(join(elementDir(), 'custom-elements.json'), 'utf8')) as {
      modules: Array<{ path: string; declarations: Array<{ tagName?: string }> }>;
    };
    expect(shipped.modules.map((m) => [m.path, m.declarations.map((d) => d.tagName)])).toEqual([
      ['resort-conditions.js', ['resort-conditions']],
      ['list/resort-conditions-list.js', ['resort-conditions-list']],
    ]);
    for (const { path } of shipped.modules) expect(existsSync(join(elementDir(), path)), path).toBe(true);
  });

  it("ships the card's style sheet as the published bundle's", async () => {
    expect(await readFile(join(elementDir(), 'resort-conditions.css'), 'utf8')).toBe(
      await readFile(
        join(cli, 'node_modules', 'resort-conditions', 'lib', 'browser', 'bundle', 'resort-conditions.css'),
        'utf8',
      ),
    );
  });

  it("its README's links to the repository's other pages are absolute, as they are not in the package", async () => {
    const readme = await readFile(join(elementDir(), 'README.md'), 'utf8');
    const links = [...readme.replace(/```[\s\S]*?```/g, '').matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(10);
    expect(links.filter((l) => !l.startsWith('#') && !/^https?:\/\//.test(l))).toEqual([]);
    expect(links).toContain(
      'https://github.com/resort-conditions/resort-conditions/blob/HEAD/scripts/README.md',
    );
  });
});

describe('the packed command line, resort-conditions', () => {
  it('ships the command line, the browser files it publishes, the sample data, the LICENSE and the README, and not the element package', () => {
    expect(packed.filename).toBe(`resort-conditions-${manifest.version}.tgz`);
    expect(packed.files).toEqual(
      expect.arrayContaining([
        'LICENSE',
        'README.md',
        'package.json',
        'lib/browser/bundle/resort-conditions.js',
        'lib/browser/runtime/frame-loader.js',
        'lib/browser/bundle/resort-conditions-frame.css',
        'lib/browser/bundle/resort-conditions.css',
        'lib/browser/bundle/resort-conditions-list.js',
        'lib/browser/bundle/resort-conditions-list.base.css',
        'lib/browser/prerender/list/prerender.js',
        'lib/scripts/cli/main.js',
        'scripts/bin/resort-conditions.js',
        'data/resorts.json',
      ]),
    );
    expect(
      packed.files.filter((p) => /^lib\/(element|types)\/|^lib\/custom-elements\.json$/.test(p)),
    ).toEqual([]);
  });

  it('ships no TypeScript sources, tests or build state; its docs are those the README links to', () => {
    const paths = () => packed.files;
    expect(
      paths().filter(
        (p) => (p.endsWith('.ts') && !p.endsWith('.d.ts')) || /^(test|dist|\.dist-releases)\//.test(p),
      ),
    ).toEqual([]);
    expect(
      paths()
        .filter((p) => !/^(lib|data)\//.test(p))
        .sort(),
    ).toEqual([
      '.github/CONTRIBUTING.md',
      '.github/site/snapshot.yml',
      'LICENSE',
      'README.md',
      'package.json',
      'scripts/ARCHITECTURE.md',
      'scripts/README.md',
      'scripts/api/README.md',
      'scripts/bin/resort-conditions.js',
      'scripts/docs/bench.md',
      'scripts/docs/configuration.md',
      'scripts/docs/deployment.md',
      'scripts/docs/hosting.md',
      'scripts/docs/scheduling.md',
      'scripts/docs/snapshot.md',
      'widget/README.md',
      'widget/docs/compact.png',
      'widget/docs/list.png',
      'widget/docs/screenshot.png',
      'widget/docs/season.png',
    ]);
    // every page and picture the README leads to, link by link, is in the package (the tests' own aside)
    const reached = new Set<string>();
    const visit = (file: string) => {
      if (reached.has(file)) return;
      reached.add(file);
      const text = readFileSync(join(ROOT, file), 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
        const to = normalize(join(dirname(file), target!));
        if (/^[a-z]+:/.test(target!) || to.startsWith('test/') || !existsSync(join(ROOT, to))) continue;
        if (to.endsWith('.md')) visit(to);
        else if (to.endsWith('.png')) reached.add(to);
      }
    };
    visit('README.md');
    expect([...reached].filter((p) => !paths().includes(p))).toEqual([]);
  });

  it('installs from the npm cache alone, with its bin linked; the element package does not come with it', () => {
    expect(existsSync(join(cli, 'node_modules', '.bin', 'resort-conditions'))).toBe(true);
    expect(
      existsSync(join(cli, 'node_modules', 'resort-conditions', 'lib', 'scripts', 'cli', 'main.js')),
    ).toBe(true);
    expect(existsSync(join(cli, 'node_modules', '@resort-conditions'))).toBe(false);
  });
});

describe('a strict TypeScript project that uses the element', () => {
  beforeAll(async () => {
    await writeFile(
      join(consumer, 'src', 'main.ts'),
      `import { ResortConditions } from '@resort-conditions/element';
import '@resort-conditions/element/define';
import '@resort-conditions/element/resort-conditions.css';

const element = document.createElement('resort-conditions');
const typed: ResortConditions = element;
typed.resort = '25';
typed.days = 2;
typed.locale = 'de-DE';
typed.src = '/api/';
typed.outdatedAfter = 24;
typed.theme = 'dark';
typed.addEventListener('load', (event) => console.log(event.detail.locale.toUpperCase(), event.detail.resort.toFixed(0)));
typed.addEventListener('error', (event) => console.log(event.detail.reason ?? event.detail.resort));
typed.addEventListener('click', (event) => console.log(event.clientX));
const own = new ResortConditions();
own.setAttribute('resort', '20');
document.body.append(element, own);
void typed.reload().then(() => typed.effectiveLocale.toUpperCase());
// @ts-expect-error days is a number: the types are real, not any
typed.days = 'two';
`,
    );
    await writeFile(
      join(consumer, 'src', 'list.ts'),
      `import { ResortConditionsList } from '@resort-conditions/element/list';
import '@resort-conditions/element/list/define';

const list = document.createElement('resort-conditions-list');
const typed: ResortConditionsList = list;
typed.region = '429';
typed.resorts = '20,25,36';
typed.hrefPattern = 'https://partner.example/resorts/{id}';
typed.locale = 'fi-FI';
typed.src = '/api/';
typed.outdatedAfter = 24;
typed.theme = 'light';
typed.addEventListener('load', (event) => console.log(event.detail.resorts.map((id) => id.toFixed(0)), event.detail.region ?? 'ids'));
typed.addEventListener('error', (event) => console.log(event.detail.reason.toUpperCase()));
typed.addEventListener('sort', (event) => console.log(event.detail.column, event.detail.direction));
typed.sortBy('snow24', 'descending');
console.log(typed.sort?.column);
const own = new ResortConditionsList();
own.setAttribute('resorts', '20');
document.body.append(list, own);
void typed.reload().then(() => typed.effectiveLocale.toUpperCase());
void typed.updateComplete.then((done: boolean) => done);
// @ts-expect-error a column the list does not have
typed.sortBy('height');
// @ts-expect-error outdatedAfter is a number: the types are real, not any
typed.outdatedAfter = 'a day';
`,
    );
  });

  it.concurrent.each([
    ['Bundler', 'ESNext'],
    ['NodeNext', 'NodeNext'],
  ])(
    'type-checks with moduleResolution %s, strict, without skipLibCheck',
    async (moduleResolution, module) => {
      const tsconfig = join(consumer, `tsconfig.${moduleResolution}.json`);
      const compilerOptions = {
        strict: true,
        noEmit: true,
        target: 'ES2022',
        module,
        moduleResolution,
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        types: [],
        skipLibCheck: false,
        exactOptionalPropertyTypes: true,
      };
      await writeFile(tsconfig, JSON.stringify({ compilerOptions, include: ['src'] }));
      const tsc = join(NODE_MODULES, 'typescript', 'bin', 'tsc');
      const result = await run(process.execPath, [tsc, '-p', tsconfig], { cwd: consumer }).then(
        () => ({ code: 0, output: '' }),
        (error: { code: number; stdout: string }) => ({ code: error.code, output: error.stdout }),
      );
      expect(result.output).toBe('');
      expect(result.code).toBe(0);
      // the compiler reads every declaration of lit (no skipLibCheck): a minute and more on a busy machine
    },
    180_000,
  );

  it("bundles the list with vite into one module with Lit and the list inside, and no style sheet: its rows are the snapshot's", async () => {
    const outputs = await buildConsumer('list.ts', 'out-list');
    const main = outputs.find((o) => o.type === 'chunk' && o.isEntry);
    const code = main && 'code' in main ? main.code : '';
    expect(code).toMatch(/customElements\.define\([`'"]resort-conditions-list[`'"]/);
    // its properties, whose attributes the element's base names at run time (hrefPattern → href-pattern)
    expect(code).toMatch(/hrefPattern:[`'"]{2}/);
    // the card's element is not in it, only the strings and styles the list shares with it
    expect(code).not.toMatch(/customElements\.define\([`'"]resort-conditions[`'"]/);
    expect(outputs.map((o) => ('code' in o ? o.code : '')).join('\n')).not.toContain('zod');
    expect(outputs.filter((o) => o.type === 'asset' && o.fileName.endsWith('.css'))).toEqual([]);
    expect(gzipSync(code, { level: 9 }).byteLength).toBeLessThanOrEqual(16 * 1024);
    // the list's style sheet is the one a build writes beside the snapshot's api/ folder, not the package's
    await expect(
      run(
        process.execPath,
        ['--input-type=module', '-e', "import '@resort-conditions/element/resort-conditions-list.css'"],
        {
          cwd: consumer,
        },
      ),
    ).rejects.toThrow(/ERR_PACKAGE_PATH_NOT_EXPORTED/);
  }, 60_000);

  it('bundles with vite: Lit and the element in what the entry imports, its rare parts in lazy chunks, zod nowhere', async () => {
    const outputs = await buildConsumer('main.ts', 'out');
    const chunks = outputs.filter((o) => o.type === 'chunk');
    // what the app's page loads before the element draws: the entry and the chunks it imports statically
    const page = new Set<(typeof chunks)[number]>();
    const visit = (chunk: (typeof chunks)[number] | undefined) => {
      if (!chunk || page.has(chunk)) return;
      page.add(chunk);
      for (const name of chunk.imports) visit(chunks.find((c) => c.fileName === name));
    };
    visit(chunks.find((c) => c.isEntry));
    const code = [...page].map((c) => c.code).join('\n');
    expect(code).toMatch(/customElements\.define\([`'"]resort-conditions[`'"]/);
    expect(code).toMatch(/outdatedAfter:48/);
    expect(code).toContain('_$litType$');
    // the strip, the messages of a card without a report, a pre-rendered copy's reading and the season
    // chart are chunks the page loads only when it needs them, as in the published bundle
    expect(chunks.filter((c) => !page.has(c)).length).toBeGreaterThanOrEqual(4);
    expect(outputs.map((o) => ('code' in o ? o.code : '')).join('\n')).not.toContain('zod');
    // the room each card takes before the script runs, as a style sheet of the app's own
    const sheets = outputs
      .filter((o) => o.type === 'asset' && o.fileName.endsWith('.css'))
      .map((o) => ('source' in o ? String(o.source) : ''));
    expect(sheets.join('')).toContain(':where(resort-conditions:not(:defined))');
    // the style sheet comes minified, so a consumer's page is about as small as the published one but for
    // what the app's own build adds: the card's page (test/widget/bundle.test.ts), vite's helper that
    // preloads what a dynamic import needs, a hash of its own for each chunk, lit's internal names and the
    // templates' indentation as they are
    expect(code).toContain(':host{--_bg:var(--rc-background,#fff);');
    expect(gzipSync(code, { level: 9 }).byteLength).toBeLessThanOrEqual(17 * 1024);
  }, 60_000);
});

/** Packages that run in Node and serve the command line: none of them may come with the element. */
const NODE_ONLY = ['@aws-sdk/client-s3', '@lit-labs/ssr', 'htmlparser2', 'sanitize-html', 'undici', 'zod'];

/** The element and what lit brings: the whole install of the element's tarball. */
const ELEMENT_INSTALL = [
  '@lit-labs/ssr-dom-shim',
  '@lit/reactive-element',
  '@resort-conditions/element',
  '@types/trusted-types',
  'lit',
  'lit-element',
  'lit-html',
];

/** The rows of the install table of widget/README.md ("Using the package"): packages and MB of each path. */
async function documentedInstalls(): Promise<Map<string, { packages: number; mb: number }>> {
  const readme = await readFile(join(ROOT, 'widget', 'README.md'), 'utf8');
  const rows = new Map<string, { packages: number; mb: number }>();
  for (const [, label, packages, mb] of readme.matchAll(
    /^\| (the element|a vite app|the command line)\b.*? \| (\d+) \| ([\d.]+) MB \|$/gm,
  ))
    rows.set(label!, { packages: Number(packages), mb: Number(mb) });
  return rows;
}

describe("a fresh vite app that bundles the card from the element's tarball", () => {
  let app: string;

  beforeAll(async () => {
    app = join(work, 'vite-app');
    await freshProject(app, { lit: manifest.dependencies.lit! }, { vite: manifest.devDependencies.vite! });
    await writeFile(
      join(app, 'index.html'),
      `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Snow</title><script type="module" src="/src/main.js"></script></head>
  <body><resort-conditions resort="25" src="https://snow.example/api/"></resort-conditions></body>
</html>
`,
    );
    await writeFile(
      join(app, 'src', 'main.js'),
      `import '@resort-conditions/element/define';\nimport '@resort-conditions/element/resort-conditions.css';\n`,
    );
    await installTarball(app, element.filename);
    installs.set('a vite app', await installed(app));
  }, 120_000);

  it('installs the element and lit, nothing that runs in Node: npm ls --all lists no AWS SDK, undici, zod, sanitize-html or the server renderer', async () => {
    const names = await listedNames(app);
    expect(names).toEqual(expect.arrayContaining([...ELEMENT_INSTALL, 'vite']));
    expect(
      names.filter((n) => NODE_ONLY.includes(n) || n.startsWith('@aws-sdk/') || n.startsWith('@smithy/')),
    ).toEqual([]);
    // the element-only project: exactly the element and lit's own packages
    expect(await listedNames(consumer)).toEqual(ELEMENT_INSTALL);
  });

  it("builds with the app's own vite: the card's element and its reserved heights in the app's files", async () => {
    await run('npx', ['--offline', 'vite', 'build'], { cwd: app, env: env(), maxBuffer: 16 * 1024 * 1024 });
    const assets = join(app, 'dist', 'assets');
    const files = await readdir(assets);
    const code = (
      await Promise.all(files.filter((f) => f.endsWith('.js')).map((f) => readFile(join(assets, f), 'utf8')))
    ).join('\n');
    expect(code).toMatch(/customElements\.define\([`'"]resort-conditions[`'"]/);
    const sheets = (
      await Promise.all(files.filter((f) => f.endsWith('.css')).map((f) => readFile(join(assets, f), 'utf8')))
    ).join('');
    expect(sheets).toContain(':where(resort-conditions:not(:defined))');
    expect(await readFile(join(app, 'dist', 'index.html'), 'utf8')).toMatch(
      /<link rel="stylesheet"[^>]+assets\//,
    );
  }, 120_000);

  it('measures each install as widget/README.md gives it: the element, a vite app with it, the command line', async () => {
    const documented = await documentedInstalls();
    expect(installs.get('the element')?.packages).toEqual(ELEMENT_INSTALL);
    expect(installs.get('the command line')?.packages).toEqual(
      expect.arrayContaining(['resort-conditions', ...NODE_ONLY]),
    );
    expect([...documented.keys()].sort()).toEqual([...installs.keys()].sort());
    for (const [path, measured] of installs) {
      const row = documented.get(path)!;
      // the measured figures, as the table would give them, when a row needs updating
      const said = `${path}: ${measured.packages.length} packages, ${(measured.bytes / 1e6).toFixed(1)} MB`;
      expect(measured.packages.length, said).toBe(row.packages);
      expect(Math.abs(measured.bytes / 1e6 - row.mb), said).toBeLessThanOrEqual(row.mb / 10);
    }
  });
});

describe('the bin in the partner project', () => {
  const bin = () => join(cli, 'node_modules', '.bin', 'resort-conditions');
  /** A file of the installed package's published scripts and style sheets. */
  const shipped = (name: string) =>
    join(cli, 'node_modules', 'resort-conditions', 'lib', 'browser', 'bundle', name);

  const build = (args: string[]) =>
    run(bin(), ['build', '--config', 'snow.json', ...args], {
      cwd: cli,
      env: { ...env(), SOURCE_DATE_EPOCH: String(FROZEN_NOW / 1000) },
    });

  beforeAll(async () => {
    await writeFile(
      join(cli, 'snow.json'),
      JSON.stringify({ out: 'site', locales: ['en-US', 'de-DE'], resorts: [20, 25] }),
    );
  });

  it("builds the API tree and the host rules from the embedded default with the project's own config file", async () => {
    const { stdout } = await build(['--no-widget']);
    expect(stdout).toMatch(/^published site: \d+ files, \d+ data files under api\/ among them$/m);
    const site = join(cli, 'site');
    const manifest = JSON.parse(await readFile(join(site, 'api', 'manifest.json'), 'utf8')) as {
      locales: string[];
      resorts: Array<{ id: number }>;
    };
    expect(manifest.locales).toEqual(['en-US', 'de-DE']);
    expect(manifest.resorts.map((r) => r.id)).toEqual([20, 25]);
    const report = JSON.parse(
      await readFile(
        join(site, 'api', 'de-DE', 'externalservice', 'resort', '25', 'snowreport.json'),
        'utf8',
      ),
    ) as { resortName: string };
    expect(report.resortName).toBe('Elk Ridge');
    for (const file of [
      '_headers',
      '_redirects',
      '.htaccess',
      '_mirror/nginx.conf',
      '_mirror/edge-worker.js',
    ])
      expect(existsSync(join(site, file)), file).toBe(true);
    // without the element's scripts, but with the list's style sheet: the package's fixed part and the
    // rows of this snapshot's lists, for a page that bundles the element itself
    expect(existsSync(join(site, 'resort-conditions.js'))).toBe(false);
    expect(existsSync(join(site, 'resort-conditions-list.js'))).toBe(false);
    const sheet = await readFile(join(site, 'resort-conditions-list.css'), 'utf8');
    const base = await readFile(shipped('resort-conditions-list.base.css'), 'utf8');
    expect(sheet.startsWith(base.trimEnd())).toBe(true);
    expect(sheet).toContain(`:where(resort-conditions-list[region='429']){--rc-rows:2}`);
  }, 60_000);

  it("builds the whole site: the element's bundle from the package, the demo page and the embeds", async () => {
    await build([]);
    const site = join(cli, 'site');
    for (const file of ['resort-conditions.js', 'index.html', 'api/manifest.json'])
      expect(existsSync(join(site, file)), file).toBe(true);
    const bundle = await readFile(join(site, 'resort-conditions.js'), 'utf8');
    expect(bundle).toBe(await readFile(shipped('resort-conditions.js'), 'utf8'));
    // the list's script from the package, and its pre-rendered lists, rendered without vite
    expect(await readFile(join(site, 'resort-conditions-list.js'), 'utf8')).toBe(
      await readFile(shipped('resort-conditions-list.js'), 'utf8'),
    );
    const lists = (await readdir(join(site, 'lists', 'en-US'))).sort();
    expect(lists.length).toBeGreaterThan(0);
    expect(await readFile(join(site, 'lists', 'en-US', lists[0]!), 'utf8')).toMatch(
      /<resort-conditions-list region="\d+" locale="en-US"><template shadowrootmode="open">/,
    );
  }, 60_000);

  it('answers npx resort-conditions --help with its commands', async () => {
    const { stdout } = await run('npx', ['--offline', 'resort-conditions', '--help'], {
      cwd: cli,
      env: env(),
    });
    for (const command of ['build', 'plan', 'preview', 'ids', 'serve', 'deploy'])
      expect(stdout).toMatch(new RegExp(`^ +${command}\\b`, 'm'));
  }, 60_000);

  it('plans from the same config and refuses an unknown command', async () => {
    const { stdout } = await run(bin(), ['plan', '--config', 'snow.json'], { cwd: cli, env: env() });
    expect(stdout).toMatch(/^Plan for 2 resorts in 2 locales/);
    const unknown = await run(bin(), ['publish'], { cwd: cli, env: env() }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(unknown).toMatchObject({ code: 2, stderr: expect.stringContaining('"publish" is not a command') });
  }, 60_000);

  it('serves the built site with npx resort-conditions preview, as a host must, and lists the ids', async () => {
    const { stdout } = await run(bin(), ['ids', '--config', 'snow.json'], { cwd: cli, env: env() });
    expect(stdout).toMatch(/^2 resorts in site, for <resort-conditions resort="…">:$/m);
    expect(stdout).toMatch(/^ {2}25 {2}Elk Ridge$/m);
    expect(stdout).toMatch(/^ {2}429 {2}country {8}2 {2}United States$/m);
    await running(['preview', '--config', 'snow.json', '--port', '0'], async (url) => {
      const manifest = await fetch(`${url}/api/manifest.json`, {
        headers: { origin: 'https://partner.example' },
      });
      expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
      expect(manifest.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const demo = await (await fetch(`${url}/`)).text();
      expect(demo).toContain('<figcaption>Elk Ridge · <code>resort="25"</code></figcaption>');
      const frameSheet = await fetch(`${url}/resort-conditions-frame.css`);
      expect(frameSheet.headers.get('content-type')).toBe('text/css; charset=utf-8');
      expect(await frameSheet.text()).toContain('.resort-conditions-frame');
    });
  }, 60_000);

  it('starts the embedded service with npx resort-conditions serve', async () => {
    await running(['serve', '--port', '0'], async (url) => {
      const token = (
        (await (
          await fetch(`${url}/externalservice/authorization/token/demo%40example.com/powder-day`)
        ).json()) as { token: string }
      ).token;
      const profile = await fetch(`${url}/externalservice/resort/25/profile?token=${token}`);
      expect(profile.status).toBe(200);
      expect(((await profile.json()) as { resortName: string }).resortName).toBe('Elk Ridge');
    });
  }, 60_000);

  /** `npx resort-conditions <args>` in the partner project while `use` runs with the URL it prints. */
  async function running(args: string[], use: (url: string) => Promise<void>): Promise<void> {
    // its own process group, so that npx and the server it starts stop together
    const child = spawn('npx', ['--offline', 'resort-conditions', ...args], {
      cwd: cli,
      env: env(),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise((done) => child.once('exit', done));
    try {
      const url = await printedUrl(child, args[0]!);
      await use(url);
    } finally {
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
  }
});

describe('a site repository that installs the tarball (scripts/docs/scheduling.md, "A site repository")', () => {
  it('installs ./resort-conditions-0.1.0.tgz in a fresh folder and builds with npx resort-conditions build --out dist', async () => {
    const site = join(work, 'site');
    await freshSite(site);
    expect(packed.filename).toBe('resort-conditions-0.1.0.tgz');
    await cp(join(work, packed.filename), join(site, packed.filename));
    await install(site, `./${packed.filename}`);
    const manifest = JSON.parse(await readFile(join(site, 'package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    expect(manifest.devDependencies['resort-conditions']).toBe(`file:${packed.filename}`);
    const { stdout } = await buildSite(site);
    expect(stdout).toMatch(/^published dist: \d+ files, \d+ data files under api\/ among them$/m);
    const index = JSON.parse(await readFile(join(site, 'dist', 'api', 'manifest.json'), 'utf8')) as {
      locales: string[];
    };
    expect(index.locales).toEqual(['en-US']);
    // the documented .gitignore keeps the build and its releases folder out of git; the tarball is a source
    expect(existsSync(join(site, '.dist-releases'))).toBe(true);
    expect(await untracked(site)).toEqual(
      ['.gitignore', 'package-lock.json', 'package.json', packed.filename].sort(),
    );
  }, 300_000);
});

/** The partner's app bundled by vite with its defaults, as the partner's own build would: its outputs. */
async function buildConsumer(entry: string, outDir: string) {
  const { build } = await import('vite');
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const result = await build({
      root: consumer,
      configFile: false,
      logLevel: 'silent',
      build: {
        outDir: join(consumer, outDir),
        emptyOutDir: true,
        rollupOptions: { input: join(consumer, 'src', entry) },
      },
    });
    return (Array.isArray(result) ? result : [result]).flatMap((r) => ('output' in r ? r.output : []));
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
