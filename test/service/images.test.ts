/**
 * The stand-in serves the sample's images from its own origin (scripts/api/README.md, "The embedded
 * service"): a build against `npm run serve` copies the attribution logo without a warning, the same bytes
 * an in-process build publishes, and the server answers no other file of the dataset's folder.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../scripts/cli/build.ts';
import { EXIT } from '../../scripts/cli/exit-codes.ts';
import type { Dataset } from '../../scripts/dataset/schema.ts';
import { startServer, type RunningServer } from '../../scripts/service/http.ts';
import { FROZEN_NOW, FULL, sample } from '../helpers.ts';

let dataset: Dataset;
let root: string;
let server: RunningServer;

beforeAll(async () => {
  dataset = await sample();
  root = await mkdtemp(join(tmpdir(), 'rc-stand-in-images-'));
  server = await startServer(dataset, { port: 0, now: () => FROZEN_NOW, dataDir: 'data' });
});
afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

async function cli(out: string, env: Record<string, string> = {}) {
  let stderr = '';
  const code = await build({
    argv: ['--out', join(root, out), '--resorts', '25', '--locales', 'en-US'],
    env: { SOURCE_DATE_EPOCH: String(FROZEN_NOW / 1000), ...env },
    // the cards, which show the logo, without bundling the element
    widget: async () => [],
    stdout: { write: () => {} },
    stderr: { write: (t: string) => (stderr += t) },
  });
  return { code, stderr, out: join(root, out) };
}

/** The published images of a build, by name. */
async function assets(out: string): Promise<Map<string, Buffer>> {
  const names = await readdir(join(out, 'assets')).catch(() => [] as string[]);
  const images = names.filter((n) => /\.(svg|png|jpg|gif|webp|avif)$/.test(n));
  return new Map(
    await Promise.all(images.map(async (n) => [n, await readFile(join(out, 'assets', n))] as const)),
  );
}

describe('the stand-in’s images', () => {
  it('names its logo under its own origin and serves it from data/', async () => {
    const token = dataset.accounts.find((a) => a.email === FULL.email)!.token;
    const response = await request(
      `${server.url}/externalservice/myaccount/attribution?token=${token}&language=en`,
    );
    const body = (await response.body.json()) as { attributionLogo: string };
    expect(body.attributionLogo).toBe(`${server.url}/attribution/logo.svg`);
    const logo = await request(body.attributionLogo);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    expect(Buffer.from(await logo.body.arrayBuffer())).toEqual(await readFile('data/attribution/logo.svg'));
  });

  it('serves no other file of the dataset folder', async () => {
    for (const path of ['/accounts.json', '/attribution.json', '/attribution/../accounts.json']) {
      const response = await request(`${server.url}${path}`);
      expect(response.statusCode, path).toBe(404);
      expect(await response.body.text()).not.toContain('password');
    }
  });

  it('lets a build against it copy the logo, byte for byte as an in-process build does', async () => {
    const token = dataset.accounts.find((a) => a.email === FULL.email)!.token;
    const [local, remote] = [
      await cli('in-process'),
      await cli('stand-in', { RC_LEGACY_BASE_URL: server.url, RC_TOKEN: token }),
    ];
    expect(local.code, local.stderr).toBe(EXIT.ok);
    expect(remote.code, remote.stderr).toBe(EXIT.ok);
    expect(remote.stderr).not.toContain('is not copied');
    const [inProcess, standIn] = [await assets(local.out), await assets(remote.out)];
    expect(inProcess.size, local.stderr).toBe(1);
    expect(standIn.size).toBe(1);
    expect([...standIn.values()][0]).toEqual([...inProcess.values()][0]);
  });
});
