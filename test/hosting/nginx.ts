/**
 * A real nginx on 127.0.0.1 for a test: Debian's binary, one process in the foreground (`master_process
 * off`, `daemon off`), serving a tree with the mirror's generated file included in its server block.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { installed, runWebServer, type RunningWebServer } from './server-process.ts';

/** The nginx binary, or undefined when it is not installed (`.ci/run` installs Debian's package). */
export const NGINX = installed('/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx');

export type RunningNginx = RunningWebServer;

/** Starts nginx serving `root` with `include` inside its server block; rejects with nginx's own words. */
export async function startNginx(root: string, include: string): Promise<RunningNginx> {
  if (!NGINX) throw new Error('nginx is not installed');
  return runWebServer({
    name: 'nginx',
    binary: NGINX,
    async configure(dir, port) {
      const conf = join(dir, 'nginx.conf');
      const log = join(dir, 'error.log');
      const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
        .map((t) => `  ${t}_temp_path ${join(dir, t)};`)
        .join('\n');
      await writeFile(
        conf,
        `pid ${join(dir, 'nginx.pid')};
error_log ${log} warn;
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
      return { args: ['-p', dir, '-e', log, '-c', conf, '-g', 'daemon off;'], log };
    },
  });
}
