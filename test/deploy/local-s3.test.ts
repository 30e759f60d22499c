/**
 * The local S3 recipe of scripts/docs/deployment.md ("Deployment"), run as it stands: its `cors.xml`, s3rver with
 * the bucket configured by it, the deploy; a page of another origin may then read the objects
 * (`Access-Control-Allow-Origin: *`), which a bucket without the rule does not allow.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployCommand } from '../../scripts/cli/deploy.ts';
import { EXIT } from '../../scripts/cli/exit-codes.ts';
import { buildRelease, REPO } from './helpers.ts';

let work: string;
let s3rver: ChildProcess | undefined;
let endpoint: string;
let recipe: string[];

/** A port nothing listens on now (s3rver's command line takes a port, not 0). */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  const readme = await readFile(join(REPO, 'scripts', 'docs', 'deployment.md'), 'utf8');
  const block = /```sh\n(cat > cors\.xml <<'XML'\n[\s\S]*?)```/.exec(readme)?.[1];
  expect(block, 'the recipe in scripts/docs/deployment.md').toBeDefined();
  recipe = block!.trimEnd().split('\n');
  work = await mkdtemp(join(tmpdir(), 'rc-local-s3-'));
  // the heredoc, as a shell runs it: cors.xml in the working folder
  const heredoc = recipe.slice(0, recipe.indexOf('XML', 1) + 1).join('\n');
  expect(spawnSync('bash', ['-c', heredoc], { cwd: work }).status).toBe(0);
  // the server line with its data folder in the test's, on a free port, and a bucket without the rule beside
  const line = recipe.find((l) => l.startsWith('npx s3rver'))!.replace(/\s+#.*$/, '');
  const args = line
    .split(/\s+/)
    .slice(2)
    .map((a) => (a === '/tmp/s3' ? join(work, 's3') : a));
  const port = await freePort();
  endpoint = `http://127.0.0.1:${port}`;
  const bin = join(REPO, 'node_modules', 's3rver', 'bin', 's3rver.js');
  s3rver = spawn(
    process.execPath,
    [bin, ...args, '--configure-bucket', 'no-cors', '-a', '127.0.0.1', '-p', String(port)],
    { cwd: work, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((listening, failed) => {
    let out = '';
    s3rver!.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('S3rver listening')) listening();
    });
    s3rver!.once('exit', (code) => failed(new Error(`s3rver exited with ${code}: ${out}`)));
  });
}, 60_000);

afterAll(async () => {
  if (s3rver && s3rver.exitCode === null) {
    const exited = new Promise((done) => s3rver!.once('exit', done));
    s3rver.kill('SIGTERM');
    await exited;
  }
  if (work) await rm(work, { recursive: true, force: true });
});

/** The recipe's environment (its `export` line), with the endpoint of this test's server. */
function recipeEnv(): Record<string, string> {
  const line = recipe.find((l) => l.startsWith('export '))!;
  const env = Object.fromEntries(
    line
      .slice('export '.length)
      .split(/\s+/)
      .map((pair) => pair.split('=') as [string, string]),
  );
  expect(env.AWS_ENDPOINT_URL).toBe('http://localhost:4568');
  return { ...env, AWS_ENDPOINT_URL: endpoint };
}

async function deploy(out: string, to: string): Promise<number> {
  let stderr = '';
  const code = await deployCommand({
    argv: ['--out', out, '--to', to],
    env: recipeEnv(),
    stdout: { write: () => true },
    stderr: { write: (text: string) => (stderr += text) },
    cwd: REPO,
  });
  expect(code, stderr).toBe(EXIT.ok);
  return code;
}

describe('the local S3 recipe', () => {
  it('makes a bucket whose objects a page of another origin may read', async () => {
    const out = join(work, 'dist');
    await buildRelease(out, ['--resorts', '25']);
    const to = recipe
      .find((l) => l.startsWith('npm run deploy'))!
      .split('--to ')[1]!
      .trim();
    expect(to).toBe('s3://snow-site/conditions');
    await deploy(out, to);
    const answer = await fetch(`${endpoint}/snow-site/conditions/api/manifest.json`, {
      headers: { origin: 'https://partner.example' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(((await answer.json()) as { resorts: Array<{ id: number }> }).resorts).toEqual([
      { id: 25, name: 'Elk Ridge' },
    ]);
    // the same objects in a bucket without the rule: served, but not to a page of another origin
    await deploy(out, 's3://no-cors/conditions');
    const plain = await fetch(`${endpoint}/no-cors/conditions/api/manifest.json`, {
      headers: { origin: 'https://partner.example' },
    });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
  }, 60_000);
});
