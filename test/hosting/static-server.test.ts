/**
 * The static server of a published tree (scripts/hosting/static-server.ts): only regular files inside the tree
 * (scripts/docs/hosting.md, "Hosting"), whatever a symbolic link, `..` or a percent-encoding says.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFolder, type StaticServer } from '../../scripts/hosting/static-server.ts';

let root: string;
let tree: string;
let server: StaticServer;
let linked: StaticServer;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rc-static-'));
  tree = join(root, 'dist');
  await mkdir(join(tree, 'api', 'en-US'), { recursive: true });
  await mkdir(join(tree, 'empty'));
  await mkdir(join(root, 'private'));
  await writeFile(join(tree, 'index.html'), '<!doctype html><title>demo</title>');
  await writeFile(join(tree, 'api', 'en-US', 'resort.json'), '{"id":25}');
  await writeFile(join(root, 'secret.txt'), 'outside the tree');
  await writeFile(join(root, 'outside.txt'), 'outside the tree, with no link to it');
  await writeFile(join(root, 'private', 'key.txt'), 'outside the tree too');
  await symlink(join(root, 'secret.txt'), join(tree, 'secret.txt'));
  await symlink(join(root, 'private'), join(tree, 'private'));
  await symlink('../../secret.txt', join(tree, 'api', 'relative.txt'));
  await symlink(join(tree, 'api', 'en-US', 'resort.json'), join(tree, 'api', 'alias.json'));
  await symlink(join(tree, 'api'), join(tree, 'also-api'));
  await symlink(join(root, 'nowhere'), join(tree, 'dangling.json'));
  const fifo = spawnSync('mkfifo', [join(tree, 'pipe.json')]);
  expect(fifo.status).toBe(0);
  await symlink(tree, join(root, 'current'));
  server = await serveFolder(tree);
  linked = await serveFolder(join(root, 'current'));
}, 30_000);
afterAll(async () => {
  await Promise.all([server.close(), linked.close()]);
  await rm(root, { recursive: true, force: true });
});

/** One request with its target sent exactly as written (no URL normalisation on the way). */
function raw(
  base: string,
  target: string,
  method = 'GET',
): Promise<{ status: number; body: string; allow?: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((done, fail) => {
    request({ hostname, port, path: target, method }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        const allow = response.headers.allow;
        done({ status: response.statusCode!, body, ...(allow ? { allow } : {}) });
      });
    })
      .on('error', fail)
      .end();
  });
}

describe('the static server of a published tree', () => {
  it.each([
    { target: '/', status: 200, body: '<!doctype html><title>demo</title>' },
    { target: '/index.html', status: 200, body: '<!doctype html><title>demo</title>' },
    { target: '/api/en-US/resort.json', status: 200, body: '{"id":25}' },
    { target: '/api/en-US/resort%2Ejson', status: 200, body: '{"id":25}' },
  ])('serves $target from the tree ($status)', async ({ target, status, body }) => {
    expect(await raw(server.url, target)).toEqual({ status, body });
  });

  it.each([
    { target: '/secret.txt', what: 'a link to a file outside' },
    { target: '/private/key.txt', what: 'a file under a link to a folder outside' },
    { target: '/api/relative.txt', what: 'a relative link that climbs out' },
    { target: '/dangling.json', what: 'a link to nothing' },
    { target: '/../outside.txt', what: '..' },
    { target: '/api/../../outside.txt', what: '.. below a folder' },
    { target: '/%2e%2e/outside.txt', what: 'percent-encoded dots' },
    { target: '/..%2foutside.txt', what: 'a percent-encoded slash' },
    { target: '/api/%2e%2e%2f%2e%2e%2foutside.txt', what: 'percent-encoded dots and slashes' },
    { target: '/..%5coutside.txt', what: 'a percent-encoded backslash' },
    { target: '/index.html%00.json', what: 'a NUL byte' },
    { target: '/api', what: 'a folder' },
    { target: '/api/', what: 'a folder without index.html' },
    { target: '/empty/', what: 'an empty folder' },
    { target: '/index.html/', what: 'a file taken for a folder' },
    { target: '/pipe.json', what: 'a named pipe' },
    { target: '/missing.json', what: 'a file that is not there' },
  ])('answers 404 for $what ($target), with nothing of the file', async ({ target }) => {
    expect(await raw(server.url, target)).toEqual({ status: 404, body: '' });
  });

  it('serves a link inside the tree that points inside it, as the file it points at', async () => {
    expect(await raw(server.url, '/api/alias.json')).toEqual({ status: 200, body: '{"id":25}' });
    expect(await raw(server.url, '/also-api/en-US/resort.json')).toEqual({ status: 200, body: '{"id":25}' });
  });

  it('serves a tree named by a link to it (as dist links to its newest release), and nothing outside it', async () => {
    expect(await raw(linked.url, '/api/en-US/resort.json')).toEqual({ status: 200, body: '{"id":25}' });
    expect(await raw(linked.url, '/secret.txt')).toEqual({ status: 404, body: '' });
    expect(await raw(linked.url, '/../outside.txt')).toEqual({ status: 404, body: '' });
  });

  it('answers 405 with Allow to any method but GET and HEAD on a file, 404 where there is none', async () => {
    expect(await raw(server.url, '/index.html', 'POST')).toEqual({
      status: 405,
      body: '',
      allow: 'GET, HEAD',
    });
    expect(await raw(server.url, '/index.html', 'HEAD')).toEqual({ status: 200, body: '' });
    expect(await raw(server.url, '/secret.txt', 'POST')).toEqual({ status: 404, body: '' });
  });
});
