/**
 * `npm run deploy`: the current release of dist/ to S3-compatible object storage (scripts/docs/deployment.md, "Deployment").
 */
import { deployCommand } from './cli/deploy.ts';

process.exitCode = await deployCommand({
  argv: process.argv.slice(2),
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
});
