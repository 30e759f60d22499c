#!/usr/bin/env node
/**
 * `resort-conditions`: the package's command line (its `bin`), for a partner's own site repository that
 * adds the package as a dev dependency: `resort-conditions build | plan | preview | ids | serve | deploy`,
 * each with the repository's own config (`--config <file>`, else the `resortConditions` key of its
 * package.json). The embedded sample dataset and the element's bundle come from the package itself. The
 * commands are the ones `npm run build`, `preview`, `ids`, `serve` and `deploy` run in this repository.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { elementFiles } from '../element/browser-files.ts';
import { packageRoot } from '../shared/root.ts';
import { build, type CliIo } from './build.ts';
import { EXIT, exitCodeFor } from './exit-codes.ts';
import { idsCommand } from './ids.ts';
import { previewCommand } from './preview.ts';
import { collectEarly, failureText, stopSignal } from './process.ts';
import { serveCommand } from './serve.ts';
import type { ExtraFile } from '../snapshot/store/staging.ts';
import { closest } from '../api/suggest.ts';

export const USAGE = `Usage: resort-conditions <command> [options]

Commands:
  build     snapshot both API families into static files and publish them atomically (build --help)
  plan      print the request plan and the month's projection; fetch and write nothing (build --plan)
  preview   serve the published tree on 127.0.0.1 as a host must, CORS included: --port <n> (default
            4173), --dist <dir> (default: the config's out)
  ids       list the resorts and regions with their ids, from the snapshot or the source (ids --help)
  serve     run the embedded service on 127.0.0.1: --port <n> (default 8787, 0 picks a free one), --data <dir>
  deploy    publish the current release to S3-compatible object storage (deploy --help)

Each command reads its config from --config <file>, else the "resortConditions" key of package.json in
the working folder. Without upstream credentials in the environment, build snapshots the embedded sample
service. --version prints the package's version.
`;

/** The commands, for a suggestion when one is mistyped. */
const COMMANDS = ['build', 'plan', 'preview', 'ids', 'serve', 'deploy'];

/** What the command line gets from its process: the entry below hands over argv, env and the streams. */
export type MainIo = Omit<CliIo, 'widget'>;

/** This module's own extension: `.ts` when run from the sources, `.js` from the package. */
const EXTENSION = extname(fileURLToPath(import.meta.url));

/**
 * The element's bundle (`lib/browser/`): shipped in the package; in a clone of the repository, where this
 * module runs from its sources, bundled first if its sources changed (scripts/tooling/stamp.ts, which the
 * package does not ship).
 */
async function widgetFiles(root: string): Promise<ExtraFile[]> {
  if (EXTENSION === '.ts') {
    const stamp = (await import(new URL(`../tooling/stamp${EXTENSION}`, import.meta.url).href)) as {
      freshBrowserFiles(root: string): Promise<boolean>;
    };
    await stamp.freshBrowserFiles(root);
  }
  return elementFiles(root);
}

const hasFlag = (argv: readonly string[], name: string) =>
  argv.some((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));

/** The embedded dataset is the package's unless the command names one. */
const withData = (argv: readonly string[], root: string) =>
  hasFlag(argv, 'data') ? [...argv] : [...argv, '--data', join(root, 'data')];

async function deploy(io: MainIo, argv: string[]): Promise<number> {
  const module = new URL(`./deploy${EXTENSION}`, import.meta.url);
  const command = existsSync(fileURLToPath(module))
    ? ((await import(module.href)) as { deployCommand?: (io: MainIo) => Promise<number> }).deployCommand
    : undefined;
  if (typeof command !== 'function') {
    io.stderr.write('resort-conditions: deploy is not available in this version of the package\n');
    return EXIT.usage;
  }
  return command({ ...io, argv });
}

/**
 * Runs one command; answers its exit code, or undefined while `serve` keeps a server running.
 * Never throws, never exits.
 */
export async function main(io: MainIo): Promise<number | undefined> {
  const [command, ...argv] = io.argv;
  try {
    const root = packageRoot();
    switch (command) {
      case 'build':
        return await build({
          ...io,
          argv: withData(argv, root),
          widget: () => widgetFiles(root),
          ...(io.signal ? { signal: io.signal } : {}),
        });
      case 'plan':
        return await build({ ...io, argv: [...withData(argv, root), '--plan'] });
      case 'preview':
        return await previewCommand({ ...io, argv });
      case 'ids':
        return await idsCommand({ ...io, argv: withData(argv, root) });
      case 'serve':
        return await serveCommand({ ...io, argv }, join(root, 'data'));
      case 'deploy':
        return await deploy(io, argv);
      case '--version':
        io.stdout.write(
          `${(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version}\n`,
        );
        return EXIT.ok;
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        (command === undefined ? io.stderr : io.stdout).write(USAGE);
        return command === undefined ? EXIT.usage : EXIT.ok;
      default: {
        const near = closest(command, COMMANDS);
        io.stderr.write(
          `resort-conditions: "${command}" is not a command${near ? `; did you mean ${near}?` : ''}\n\n${USAGE}`,
        );
        return EXIT.usage;
      }
    }
  } catch (error) {
    io.stderr.write(`${failureText(`resort-conditions ${command}`, error, io.argv)}\n`);
    return exitCodeFor(error);
  }
}

/** Whether this module is the process's entry (through the bin link too), not a module a test imports. */
function isEntry(): boolean {
  try {
    return (
      process.argv[1] !== undefined && pathToFileURL(realpathSync(process.argv[1])).href === import.meta.url
    );
  } catch {
    return false;
  }
}

/** The command line of this process: its arguments, environment and streams; sets the exit code. */
export async function runFromProcess(): Promise<void> {
  const command = process.argv[2];
  // a build stops cleanly on SIGTERM; `serve` and `preview` close their servers on their own handlers
  const signal = command === 'build' ? stopSignal() : undefined;
  if (command === 'build') collectEarly();
  const code = await main({
    argv: process.argv.slice(2),
    env: process.env,
    stdout: process.stdout,
    stderr: process.stderr,
    cwd: process.cwd(),
    ...(signal ? { signal } : {}),
  });
  if (code !== undefined) process.exitCode = code;
}

if (isEntry()) await runFromProcess();
