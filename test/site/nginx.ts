/**
 * A real nginx on 127.0.0.1 for a test: Debian's binary, a config whose pid, logs and temp paths live in a
 * mkdtemp folder, one process in the foreground (`master_process off`, `daemon off`), stopped by signal.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The nginx binary, or undefined when it is not installed (`.ci/run` installs Debian's package). */
export const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));

export interface RunningNginx {
  url: string;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(socket.end() !== undefined));
    socket.once('error', () => resolve(false));
  });

/** Starts nginx serving `root` with `include` inside its server block; rejects with nginx's own words. */
export async function startNginx(root: string, include: string): Promise<RunningNginx> {
  if (!NGINX) throw new Error('nginx is not installed');
  const dir = await mkdtemp(join(tmpdir(), 'rc-nginx-'));
  const port = await freePort();
  const conf = join(dir, 'nginx.conf');
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${join(dir, t)};`).join('\n');
  await writeFile(
    conf,
    `pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
master_process off;
events { worker_connections 1024; }
http {
  access_log off;
${temp}
  server {
    listen 127.0.0.1:${port};
    root ${root};
    include ${include};
  }
}
`,
  );
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-e', join(dir, 'error.log'), '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const failed = async (why: string) => {
    child.kill('SIGKILL');
    const log = await readFile(join(dir, 'error.log'), 'utf8').catch(() => '');
    await rm(dir, { recursive: true, force: true });
    return new Error(`nginx ${why}: ${stderr}${log}`);
  };
  // readiness: a bounded number of connection attempts
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw await failed(`exited with ${child.exitCode}`);
    if (await accepts(port)) {
      return {
        url: `http://127.0.0.1:${port}`,
        close: async () => {
          child.kill('SIGTERM');
          await exited;
          await rm(dir, { recursive: true, force: true });
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw await failed('did not accept connections');
}
