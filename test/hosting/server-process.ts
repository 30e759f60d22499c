/**
 * A real web server (Debian's nginx or Apache) on 127.0.0.1 for a test: a free port, a config whose pid,
 * logs and temp paths live in a mkdtemp folder, one process in the foreground, stopped by signal. Ready
 * when it accepts a connection (a bounded number of attempts); a server that exits or never listens
 * rejects with its own words.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningWebServer {
  url: string;
  close(): Promise<void>;
}

/** The first of `paths` that exists: a server's binary, or undefined when it is not installed. */
export const installed = (...paths: string[]) => paths.find((path) => existsSync(path));

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

export interface ServerProcess {
  name: string;
  binary: string;
  /** Writes the config into `dir` for `port`; answers the command's arguments and its error log's path. */
  configure(dir: string, port: number): Promise<{ args: string[]; log: string }>;
}

export async function runWebServer({ name, binary, configure }: ServerProcess): Promise<RunningWebServer> {
  const dir = await mkdtemp(join(tmpdir(), `rc-${name}-`));
  const port = await freePort();
  const { args, log } = await configure(dir, port);
  const child: ChildProcess = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const failed = async (why: string) => {
    child.kill('SIGKILL');
    const text = await readFile(log, 'utf8').catch(() => '');
    await rm(dir, { recursive: true, force: true });
    return new Error(`${name} ${why}: ${stderr}${text}`);
  };
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
