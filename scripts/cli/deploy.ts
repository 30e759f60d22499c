/**
 * `npm run deploy`: flags, environment and config in; the current release in the bucket and an exit code
 * out. Like the build command it never throws and never exits, so tests call it in-process.
 */
import { ResortConditionsError } from '../api/errors.ts';
import { redactSecrets } from '../api/redact.ts';
import { CREDENTIAL_VARIABLES, parseDeployConfig } from '../deploy/config.ts';
import { deploy, type DeployOptions } from '../deploy/deploy.ts';
import { summaryLines } from '../deploy/progress.ts';
import { createProgress } from '../shared/progress.ts';
import { parseTarget } from '../deploy/target.ts';
import { loadConfig } from '../snapshot/config.ts';
import { EXIT, exitCodeFor } from './exit-codes.ts';
import { failureText, parseFlags } from './process.ts';
import type { CliIo } from './build.ts';

export const DEPLOY_HELP = `Usage: npm run deploy -- --to s3://bucket/prefix [options]
       npx resort-conditions deploy --to s3://bucket/prefix [options]   (the installed package)

Publishes the current release of <out> (default dist) to S3-compatible object storage: only the objects
whose bytes or headers changed, new ones first, the index (api/manifest.json) last, deletions after; a
deploy that is stopped at any moment leaves the previous state readable, and the next one finishes it.

Environment (as the AWS CLI and most S3 tools read it):
  AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY   the store's S3 access key (AWS_SESSION_TOKEN if temporary)
  AWS_REGION                                 the bucket's region (default us-east-1; R2: auto)
  AWS_ENDPOINT_URL                           the store, for any but AWS S3 (path-style addressing),
                                             e.g. https://<account>.r2.cloudflarestorage.com

Options (each overrides the "deploy" key of the config):
  --to <s3://bucket/prefix>  where to publish
  --out <dir>                the published folder whose release to deploy (default: the config's out, dist)
  --config <file>            JSON config file (default: the "resortConditions" key of package.json)
  --concurrency <n>          requests under way at once, 1 to 256 (default 16)
  --dry-run                  read the bucket's index, print what would be uploaded and deleted and what it
                             would cost; write nothing
  --adopt                    take over a prefix that holds objects but no deploy index: list it, keep what
                             already matches, delete what is not in the release
  --help                     show this text

Exit codes: 0 deployed (or already up to date); 2 a flag, the config or the release is wrong, or the
prefix holds objects this tool did not put there; 10 the store refused the credentials; 11 the bucket does
not exist or the prefix cannot be read, written or deleted from; 12 the store failed part-way (readers
still see the previous state; run again). 10 and 11 are found before anything is written, unless the
credentials expire during the deploy (readers still see the previous state; run again).
`;

export interface DeployIo extends Omit<CliIo, 'widget'> {
  /** Called after every answered request to the store (tests stop a deploy at a chosen one). */
  onRequest?: DeployOptions['onRequest'];
}

interface Flags {
  to?: string;
  out?: string;
  config?: string;
  concurrency?: string;
  'dry-run'?: boolean;
  adopt?: boolean;
  help?: boolean;
}

/** Runs the deploy; answers the process exit code. Never throws, never exits. */
export async function deployCommand(io: DeployIo): Promise<number> {
  const secrets = CREDENTIAL_VARIABLES.map((name) => io.env[name]).filter((s): s is string => !!s);
  const say = (text: string) => io.stderr.write(`${redactSecrets(text, secrets)}\n`);
  try {
    const flags = parseFlags<Flags>(io.argv, {
      to: { type: 'string' },
      out: { type: 'string' },
      config: { type: 'string' },
      concurrency: { type: 'string' },
      'dry-run': { type: 'boolean' },
      adopt: { type: 'boolean' },
    });
    if (flags.help) {
      io.stdout.write(DEPLOY_HELP);
      return EXIT.ok;
    }
    const cwd = io.cwd ?? process.cwd();
    const config = await loadConfig(
      { ...(flags.config ? { config: flags.config } : {}), ...(flags.out ? { out: flags.out } : {}) },
      cwd,
    );
    const settings = parseDeployConfig(
      config.deploy,
      `${flags.config ?? 'package.json#resortConditions'}.deploy`,
    );
    const to = flags.to ?? settings.to;
    if (!to)
      throw new ResortConditionsError(
        'usage',
        'no target: give --to s3://bucket/prefix (or "deploy": { "to": … } in the config)',
      );
    if (flags.concurrency !== undefined && !/^\d+$/.test(flags.concurrency))
      throw new ResortConditionsError('usage', `--concurrency: "${flags.concurrency}" is not a whole number`);
    const concurrency = flags.concurrency !== undefined ? Number(flags.concurrency) : settings.concurrency;
    if (concurrency < 1 || concurrency > 256)
      throw new ResortConditionsError('usage', `--concurrency: ${concurrency} must be from 1 to 256`);
    const progress = createProgress(io.stderr, 'objects');
    const { summary } = await deploy({
      out: config.out.startsWith('/') ? config.out : `${cwd}/${config.out}`,
      target: parseTarget(to, flags.to ? '--to' : 'deploy.to'),
      env: io.env,
      concurrency,
      attempts: settings.attempts,
      ...(settings.prices ? { prices: settings.prices } : {}),
      dryRun: flags['dry-run'] === true,
      adopt: flags.adopt === true,
      progress,
      ...(io.onRequest ? { onRequest: io.onRequest } : {}),
    });
    for (const line of summaryLines(summary)) io.stdout.write(`${line}\n`);
    return EXIT.ok;
  } catch (error) {
    say(failureText('deploy', error, io.argv));
    return exitCodeFor(error);
  }
}
