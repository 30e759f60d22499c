/**
 * Fixture for deploy-crash.test.ts, run as its own process:
 *
 *   node --import tsx test/deploy/deploy-child.ts <out> <s3://bucket/prefix> <endpoint> <kill point>
 *
 * Deploys the release of <out> to the local S3 server at <endpoint>, one request at a time, and SIGKILLs
 * itself right after the chosen request was answered: `write:N` after the N-th successful write,
 * `delete:N` after the N-th successful delete, `after:<path>` after the upload of that path. So the test
 * stops a deploy at a chosen point instead of after a wall-clock delay.
 */
import { deployCommand } from '../../scripts/cli/deploy.ts';
import { ACCESS } from './s3-server.ts';

const [out, to, endpoint, killAt] = process.argv.slice(2);
if (!out || !to || !endpoint || !killAt)
  throw new Error(
    'usage: deploy-child.ts <out> <s3://bucket/prefix> <endpoint> <write:N|delete:N|after:path>',
  );
const [kind, arg] = [killAt.slice(0, killAt.indexOf(':')), killAt.slice(killAt.indexOf(':') + 1)];
const done = { write: 0, delete: 0 };

process.exitCode = await deployCommand({
  argv: ['--out', out, '--to', to, '--concurrency', '1'],
  env: { ...ACCESS, AWS_ENDPOINT_URL: endpoint },
  stdout: process.stdout,
  stderr: process.stderr,
  onRequest: (record) => {
    if (record.status >= 300 || (record.kind !== 'write' && record.kind !== 'delete')) return;
    done[record.kind]++;
    const hit =
      kind === 'after'
        ? record.kind === 'write' && record.path === arg
        : kind === record.kind && done[record.kind] === Number(arg);
    if (hit) process.kill(process.pid, 'SIGKILL');
  },
});
