/**
 * The workflows partners copy: `.github/workflows/snapshot.yml` (a fork of this repository) and
 * `.github/site/snapshot.yml` (a site repository that installs the npm package). Each is parsed with a
 * YAML library and checked step by step; its build and deploy scripts run under bash with a stand-in
 * `npm` and `npx` that exit with each code of the exit-code table, to prove which codes fail the job; the
 * site's setting of where the snapshot is published gives the state paths the build itself uses.
 */
import { spawnSync } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EXIT } from '../../scripts/cli/exit-codes.ts';
import { releasesDir } from '../../scripts/snapshot/store/folder.ts';
import { REPO } from './helpers.ts';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
interface Workflow {
  on: { schedule?: Array<{ cron: string }>; workflow_dispatch?: unknown };
  concurrency?: { group?: string; 'cancel-in-progress'?: boolean };
  env?: Record<string, string>;
  jobs: Record<string, { if?: string; env?: Record<string, string>; steps: Step[] }>;
}

let bin: string;

beforeAll(async () => {
  // a stand-in npm and npx that write their arguments to $ARGS and exit with $FAKE_EXIT, to run the
  // steps' scripts without a build
  bin = await mkdtemp(join(tmpdir(), 'rc-workflow-'));
  for (const tool of ['npm', 'npx']) {
    await writeFile(join(bin, tool), '#!/bin/sh\necho "$@" >> "$ARGS"\nexit "$FAKE_EXIT"\n');
    await chmod(join(bin, tool), 0o755);
  }
});
afterAll(() => rm(bin, { recursive: true, force: true }));

/** Runs a step's script as GitHub's `shell: bash` does, with `npm` and `npx` exiting `code`. */
function runStep(s: Step, code: number, env: Record<string, string> = {}): { status: number; args: string } {
  expect(s.shell).toBe('bash');
  const args = join(bin, `args-${Math.random().toString(36).slice(2)}`);
  const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', s.run!], {
    env: {
      PATH: `${bin}:${process.env.PATH}`,
      FAKE_EXIT: String(code),
      RC_PUBLISH_TO: 's3://bucket/prefix',
      ARGS: args,
      ...env,
    },
    encoding: 'utf8',
  });
  return { status: result.status!, args: spawnSync('cat', [args], { encoding: 'utf8' }).stdout.trim() };
}

const WORKFLOWS = [
  {
    file: '.github/workflows/snapshot.yml',
    build: /\bnpm run build\b/,
    deploy: /\bnpm run deploy\b/,
    state: ['dist', '.dist-releases'],
  },
  {
    file: '.github/site/snapshot.yml',
    build: /\bnpx resort-conditions build\b/,
    deploy: /\bnpx resort-conditions deploy\b/,
    state: ['${{ env.RC_OUT }}', '${{ env.RC_RELEASES }}'],
  },
] as const;

describe.each(WORKFLOWS)('$file', ({ file, build: builds, deploy: deploys, state }) => {
  let workflow: Workflow;
  let text: string;
  let steps: Step[];

  beforeAll(async () => {
    text = await readFile(join(REPO, file), 'utf8');
    workflow = parse(text) as Workflow;
    steps = workflow.jobs.snapshot!.steps;
  });

  const step = (predicate: (s: Step) => boolean, what: string): Step => {
    const found = steps.find(predicate);
    if (!found) throw new Error(`no step ${what}`);
    return found;
  };
  const at = (s: Step) => steps.indexOf(s);
  const build = () => step((s) => builds.test(s.run ?? ''), `that runs ${builds.source}`);
  const deploy = () => step((s) => deploys.test(s.run ?? ''), `that runs ${deploys.source}`);
  const restore = () =>
    step((s) => s.uses?.startsWith('actions/cache/restore@') === true, 'that restores the cache');
  const save = () => step((s) => s.uses?.startsWith('actions/cache/save@') === true, 'that saves the cache');

  it('runs on a schedule and by hand', () => {
    expect(workflow.on.schedule?.[0]?.cron).toMatch(/^\S+ \S+ \S+ \S+ \S+$/);
    expect(workflow.on).toHaveProperty('workflow_dispatch');
  });

  it('runs one at a time per target whatever the branch, from the default branch only, and never cancels a run under way', () => {
    expect(workflow.concurrency?.group).toContain('vars.RC_PUBLISH_TO');
    expect(workflow.concurrency?.group).not.toMatch(/github\.(ref|ref_name|head_ref)\b/);
    expect(workflow.concurrency?.['cancel-in-progress']).toBe(false);
    // a schedule event carries no repository object: the comparison alone would skip every scheduled run
    expect(workflow.jobs.snapshot!.if).toBe(
      "github.event_name == 'schedule' || github.ref_name == github.event.repository.default_branch",
    );
    // one state for the target, not one per branch
    expect(restore().with!.key).not.toContain('ref');
  });

  it('restores the private state before the build and saves it after the deploy, whatever happened', () => {
    for (const s of [restore(), save()]) {
      expect(
        s
          .with!.path!.split('\n')
          .map((p) => p.trim())
          .filter(Boolean),
      ).toEqual(state);
    }
    expect(save().with!.key).toBe(restore().with!.key);
    expect(restore().with!['restore-keys']).toMatch(/\S/);
    expect(save().with!.key.startsWith(restore().with!['restore-keys']!.trim())).toBe(true);
    expect(save().if).toBe('always()');
    expect(at(restore())).toBeLessThan(at(build()));
    expect(at(build())).toBeLessThan(at(deploy()));
    expect(at(deploy())).toBeLessThan(at(save()));
  });

  it('takes every credential from the repository secrets, and uses secrets nowhere else', () => {
    // the other targets' secrets: test/docs/workflows.test.ts
    const credentials = { ...build().env, ...deploy().env };
    for (const name of [
      'RC_API_KEY',
      'RC_TOKEN',
      'RC_EMAIL',
      'RC_PASSWORD',
      'AWS_ACCESS_KEY_ID',
      'AWS_SECRET_ACCESS_KEY',
    ]) {
      expect(credentials[name], name).toBe(`\${{ secrets.${name} }}`);
    }
    const uses = [...text.matchAll(/\$\{\{\s*secrets\.(\w+)\s*\}\}/g)].map((m) => m[1]);
    expect(uses.filter((name) => !/^(NETLIFY|CLOUDFLARE)_/.test(name!))).toHaveLength(6);
    for (const s of steps) expect(s.run ?? '').not.toContain('secrets.');
  });

  it('deploys only when RC_PUBLISH_TO names a bucket', () => {
    expect(workflow.jobs.snapshot!.env?.RC_PUBLISH_TO).toBe('${{ vars.RC_PUBLISH_TO }}');
    expect(deploy().if).toBe("startsWith(env.RC_PUBLISH_TO, 's3://')");
    expect(deploy().run).toContain('--to "$RC_PUBLISH_TO"');
  });

  it.each(Object.entries(EXIT))(
    'fails the job when the build exits %s (%i) unless it published',
    (_, code) => {
      const published = code === EXIT.ok || code === EXIT.stale || code === EXIT.contract;
      expect(runStep(build(), code, workflow.env).status).toBe(published ? 0 : code);
    },
  );

  it.each(Object.entries(EXIT))('fails the job when the deploy exits %s (%i) unless it is 0', (_, code) => {
    expect(runStep(deploy(), code, workflow.env).status).toBe(code);
  });

  it('is what the README and scripts/docs/scheduling.md show', async () => {
    for (const doc of ['README.md', join('scripts', 'docs', 'scheduling.md')]) {
      const readme = await readFile(join(REPO, doc), 'utf8');
      expect(readme, doc).toContain(file);
    }
  });
});

describe('.github/site/snapshot.yml: one setting says where the state lives', () => {
  let workflow: Workflow;
  let steps: Step[];
  beforeAll(async () => {
    workflow = parse(await readFile(join(REPO, '.github', 'site', 'snapshot.yml'), 'utf8')) as Workflow;
    steps = workflow.jobs.snapshot!.steps;
  });
  const named = (name: string) => steps.find((s) => s.name === name)!;

  it('publishes to RC_OUT, dist unless set, with the config file of RC_CONFIG when one is named', () => {
    expect(workflow.env?.RC_OUT).toBe('dist');
    const build = named('Build');
    expect(runStep(build, 0, { RC_OUT: 'site/snow', RC_CONFIG: '' }).args).toBe(
      'resort-conditions build --out site/snow',
    );
    expect(runStep(build, 0, { RC_OUT: 'dist', RC_CONFIG: 'snow.json', REFRESH: 'all' }).args).toBe(
      'resort-conditions build --out dist --config snow.json --refresh all',
    );
    expect(runStep(named('Publish to S3'), 0, { RC_OUT: 'site/snow', RC_CONFIG: 'snow.json' }).args).toBe(
      'resort-conditions deploy --out site/snow --config snow.json --to s3://bucket/prefix',
    );
  });

  it.each(['dist', 'site/snow', 'site/snow/', 'site', './out'])(
    'keeps the releases folder the build uses beside RC_OUT=%s',
    async (out) => {
      const github = join(bin, `github-env-${out.replace(/\W/g, '_')}`);
      await writeFile(github, '');
      const where = named('Where the state lives');
      expect(runStep(where, 0, { RC_OUT: out, GITHUB_ENV: github }).status).toBe(0);
      const written = (await readFile(github, 'utf8')).trim();
      expect(written).toMatch(/^RC_RELEASES=/);
      expect(join(process.cwd(), written.slice('RC_RELEASES='.length))).toBe(releasesDir(out));
    },
  );
});

describe('.github/workflows/test.yml', () => {
  it("runs .ci/run on every push and pull request, in Debian 12 with Node 20, root as .ci/run's installs need", async () => {
    const workflow = parse(await readFile(join(REPO, '.github/workflows/test.yml'), 'utf8')) as {
      on: Record<string, unknown>;
      jobs: Record<string, { container?: string; steps: Step[] }>;
    };
    expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push']);
    const job = workflow.jobs.test!;
    expect(job.container).toBe('node:20-bookworm');
    expect(job.steps.map((s) => s.uses ?? s.run)).toEqual(['actions/checkout@v4', '.ci/run']);
  });

  it(".ci/run installs the Debian packages the tests need and runs the README's test command and the browser suite", async () => {
    const ci = await readFile(join(REPO, '.ci/run'), 'utf8');
    const readme = await readFile(join(REPO, 'README.md'), 'utf8');
    // the set-up block at the top of the README: its test command is the one CI runs
    const setUp = /```sh\n([\s\S]*?)```/.exec(readme)![1]!;
    expect(setUp).toMatch(/^npm test\s+#/m);
    const commands = ci.split('\n').filter((line) => /^[a-z]/.test(line));
    expect(commands).toEqual(expect.arrayContaining(['npm ci', 'npm test', 'npm run test:browsers']));
    for (const pkg of ['chromium', 'firefox-esr', 'webkit2gtk-driver', 'xvfb', 'xauth', 'nginx', 'apache2'])
      expect(ci).toContain(`missing+=(${pkg})`);
    expect(ci).toContain('apt-get install -y');
  });
});
