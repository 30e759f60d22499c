/**
 * `.github/workflows/snapshot.yml`, the workflow partners copy: parsed with a YAML library and checked
 * step by step; its build and deploy scripts run under bash with a stand-in `npm` that exits with each
 * code of the exit-code table, to prove which codes fail the job.
 */
import { spawnSync } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EXIT } from '../../scripts/cli/exit-codes.ts';
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
  jobs: Record<string, { if?: string; env?: Record<string, string>; steps: Step[] }>;
}

let workflow: Workflow;
let text: string;
let steps: Step[];
let bin: string;

beforeAll(async () => {
  text = await readFile(join(REPO, '.github', 'workflows', 'snapshot.yml'), 'utf8');
  workflow = parse(text) as Workflow;
  steps = workflow.jobs.snapshot!.steps;
  // a stand-in npm that exits with $FAKE_EXIT, to run the steps' scripts without a build
  bin = await mkdtemp(join(tmpdir(), 'rc-workflow-'));
  await writeFile(join(bin, 'npm'), '#!/bin/sh\nexit "$FAKE_EXIT"\n');
  await chmod(join(bin, 'npm'), 0o755);
});
afterAll(() => rm(bin, { recursive: true, force: true }));

const step = (predicate: (s: Step) => boolean, what: string): Step => {
  const found = steps.find(predicate);
  if (!found) throw new Error(`no step ${what}`);
  return found;
};
const at = (s: Step) => steps.indexOf(s);
const build = () => step((s) => /\bnpm run build\b/.test(s.run ?? ''), 'that runs npm run build');
const deploy = () => step((s) => /\bnpm run deploy\b/.test(s.run ?? ''), 'that runs npm run deploy');
const restore = () =>
  step((s) => s.uses?.startsWith('actions/cache/restore@') === true, 'that restores the cache');
const save = () => step((s) => s.uses?.startsWith('actions/cache/save@') === true, 'that saves the cache');

/** Runs a step's script as GitHub's `shell: bash` does, with `npm` exiting `code`. */
function runStep(s: Step, code: number): number {
  expect(s.shell).toBe('bash');
  const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', s.run!], {
    env: { PATH: `${bin}:${process.env.PATH}`, FAKE_EXIT: String(code), RC_DEPLOY_TO: 's3://bucket/prefix' },
    encoding: 'utf8',
  });
  return result.status!;
}

describe('the snapshot workflow', () => {
  it('runs on a schedule and by hand', () => {
    expect(workflow.on.schedule?.[0]?.cron).toMatch(/^\S+ \S+ \S+ \S+ \S+$/);
    expect(workflow.on).toHaveProperty('workflow_dispatch');
  });

  it('runs one at a time per target whatever the branch, from the default branch only, and never cancels a run under way', () => {
    expect(workflow.concurrency?.group).toContain('vars.RC_DEPLOY_TO');
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
      ).toEqual(['dist', '.dist-releases']);
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
    expect(uses).toHaveLength(6);
    for (const s of steps) expect(s.run ?? '').not.toContain('secrets.');
  });

  it('skips the deploy when no bucket is configured', () => {
    expect(workflow.jobs.snapshot!.env?.RC_DEPLOY_TO).toBe('${{ vars.RC_DEPLOY_TO }}');
    expect(deploy().if).toBe("env.RC_DEPLOY_TO != ''");
    expect(deploy().run).toContain('--to "$RC_DEPLOY_TO"');
  });

  it.each(Object.entries(EXIT))(
    'fails the job when the build exits %s (%i) unless it published',
    (_, code) => {
      const published = code === EXIT.ok || code === EXIT.stale || code === EXIT.contract;
      expect(runStep(build(), code)).toBe(published ? 0 : code);
    },
  );

  it.each(Object.entries(EXIT))('fails the job when the deploy exits %s (%i) unless it is 0', (_, code) => {
    expect(runStep(deploy(), code)).toBe(code);
  });

  it('is what the README and scripts/README.md show', async () => {
    for (const doc of ['README.md', join('scripts', 'README.md')]) {
      const text = await readFile(join(REPO, doc), 'utf8');
      expect(text, doc).toContain('.github/workflows/snapshot.yml');
      expect(text, doc).not.toContain('snapshot.yml (sketch)');
    }
  });
});
