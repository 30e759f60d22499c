/**
 * A real Apache on 127.0.0.1 for a test: Debian's apache2, in the foreground, serving a tree whose
 * `.htaccess` (the mirror's generated rules) it reads with `AllowOverride FileInfo`, the setting scripts/docs/hosting.md asks for.
 */
import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { installed, runWebServer, type RunningWebServer } from './server-process.ts';

/** The apache2 binary, or undefined when it is not installed (`.ci/run` installs Debian's package). */
export const APACHE = installed('/usr/sbin/apache2');
const MODULES = '/usr/lib/apache2/modules';

/**
 * Starts Apache serving `root`. Run as root, Apache serves as another user: every folder from `readable`
 * down to `root` is opened to it (a mkdtemp folder is private).
 */
export async function startApache(root: string, readable: string[] = []): Promise<RunningWebServer> {
  if (!APACHE) throw new Error('apache2 is not installed');
  for (const folder of readable) await chmod(folder, 0o755);
  return runWebServer({
    name: 'apache',
    binary: APACHE,
    async configure(dir, port) {
      const conf = join(dir, 'httpd.conf');
      const log = join(dir, 'error.log');
      const modules = ['mpm_event', 'authz_core', 'mime', 'rewrite', 'headers', 'dir'];
      await writeFile(
        conf,
        `ServerRoot "${dir}"
ServerName 127.0.0.1
Listen 127.0.0.1:${port}
PidFile ${join(dir, 'httpd.pid')}
DefaultRuntimeDir ${dir}
Mutex file:${dir}
ErrorLog ${log}
LogLevel warn
${process.getuid?.() === 0 ? 'User nobody\nGroup nogroup\n' : ''}${modules.map((m) => `LoadModule ${m}_module ${MODULES}/mod_${m}.so`).join('\n')}
TypesConfig /etc/mime.types
DocumentRoot "${root}"
<Directory "${root}">
  AllowOverride FileInfo
  Options +FollowSymLinks
  Require all granted
</Directory>
`,
      );
      return { args: ['-f', conf, '-DFOREGROUND'], log };
    },
  });
}
