/**
 * `npm run build` in a process of its own against a hostile upstream, for tests that measure its memory:
 * the arguments in CHILD_ARGS (JSON), the upstream's URL in CHILD_UPSTREAM. Prints its exit code and its
 * peak resident memory as one JSON line, and exits with the code.
 */
import { build } from '../../scripts/cli/build.ts';
import { FROZEN_NOW } from '../helpers.ts';
import { ACCOUNT } from './upstream.ts';

const upstream = process.env.CHILD_UPSTREAM!;
const code = await build({
  argv: JSON.parse(process.env.CHILD_ARGS!) as string[],
  env: {
    SOURCE_DATE_EPOCH: String(FROZEN_NOW / 1000),
    RC_BASE_URL: upstream,
    RC_API_KEY: ACCOUNT.apiKey,
    RC_LEGACY_BASE_URL: upstream,
    RC_EMAIL: ACCOUNT.email,
    RC_PASSWORD: ACCOUNT.password,
  },
  stdout: process.stdout,
  stderr: process.stderr,
  widget: async () => [],
});
process.stdout.write(`${JSON.stringify({ code, maxRssKiB: process.resourceUsage().maxRSS })}\n`);
process.exitCode = code;
