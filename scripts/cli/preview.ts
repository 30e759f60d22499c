/**
 * `npm run preview` and `resort-conditions preview`: serves a published tree on 127.0.0.1 as a static host
 * must serve it (scripts/docs/hosting.md, "Hosting"): every file with `Access-Control-Allow-Origin: *`, JSON as
 * `application/json`. So a page of another origin — the Quick start pasted into a page of your own — reads
 * the snapshot as it will from the real host. Both entries hand over their arguments and streams.
 */
import { stat } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { ResortConditionsError } from '../api/errors.ts';
import { serveFolder } from '../hosting/static-server.ts';
import { loadConfig } from '../snapshot/config.ts';
import type { CliIo } from './build.ts';
import { EXIT } from './exit-codes.ts';
import { closeOnSignal, parseFlags, parsePort } from './process.ts';

/** The port preview listens on unless told. */
export const PREVIEW_PORT = 4173;

export const PREVIEW_HELP = `Usage: npm run preview -- [--port <n>] [--dist <dir>]
       npx resort-conditions preview [--port <n>] [--dist <dir>]   (the installed package)

Serves a published tree on http://127.0.0.1:<port>/ the way a static host must serve it: every file with
Access-Control-Allow-Origin: * (so pages of any other origin may read it) and JSON as application/json.
The demo page is at the root; a page of your own that uses the element points its script and style sheet
at this address (http://127.0.0.1:${PREVIEW_PORT}/resort-conditions.js). Only the regular files inside
the tree are served: a path that resolves outside it (a symbolic link, ..) or to a folder is a 404.

Options:
  --port <n>       port to listen on, 0 to 65535; 0 picks a free one (default ${PREVIEW_PORT})
  --dist <dir>     the tree to serve (default: the config's "out", dist); --dir is the same
  --config <file>  JSON config file whose "out" to serve (default: the "resortConditions" key of package.json)
  --help           show this text
`;

interface Flags {
  port: string;
  dist?: string;
  dir?: string;
  config?: string;
  help?: boolean;
}

/**
 * Starts the server; prints its URL on a line of its own (stdout) and what it serves (stderr). Answers an
 * exit code for `--help`, undefined while the server runs; throws on bad flags or a folder with no tree.
 */
export async function previewCommand(
  io: Pick<CliIo, 'argv' | 'stdout' | 'stderr' | 'cwd'>,
): Promise<number | undefined> {
  const flags = parseFlags<Flags>(io.argv, {
    port: { type: 'string', default: String(PREVIEW_PORT) },
    dist: { type: 'string' },
    dir: { type: 'string' },
    config: { type: 'string' },
  });
  if (flags.help) {
    io.stdout.write(PREVIEW_HELP);
    return EXIT.ok;
  }
  if (flags.dist !== undefined && flags.dir !== undefined)
    throw new ResortConditionsError('usage', '--dist and --dir name the same folder: give one of them');
  const port = parsePort(flags.port);
  const cwd = io.cwd ?? process.cwd();
  const given = flags.dist ?? flags.dir;
  const folder =
    given ?? (await loadConfig(flags.config !== undefined ? { config: flags.config } : {}, cwd)).out;
  const root = isAbsolute(folder) ? folder : join(cwd, folder);
  const index = await stat(join(root, 'api', 'manifest.json')).catch(() => undefined);
  if (!index?.isFile()) {
    throw new ResortConditionsError(
      'usage',
      `${folder}: no published snapshot here (no api/manifest.json); build one first with npm run build, or npx resort-conditions build${given === undefined ? ', or name the tree with --dist <dir>' : ''}`,
    );
  }
  const running = await serveFolder(root, { port });
  io.stdout.write(`${running.url}\n`);
  io.stderr.write(
    `serving ${folder} with Access-Control-Allow-Origin: * for pages of any origin; the demo page is ${running.url}/ (Ctrl-C stops)\n`,
  );
  closeOnSignal(running);
  return undefined;
}
