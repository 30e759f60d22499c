/**
 * Fixture for crash.test.ts, run as its own process:
 *
 *   node --import tsx test/snapshot/store/crash-child.ts <out> [killAfterWrites] [nowMs]
 *
 * Snapshots the embedded sample (en-US and fr-FR, every collection, no widget) into <out>. With
 * `killAfterWrites`, the process SIGKILLs itself right after that many files were written to the staged
 * release, so the test stops a build at a chosen point instead of after a wall-clock delay. `nowMs` is
 * the build's clock (default: the tests' frozen moment); a different clock changes the files' bytes.
 */
import { parseConfig } from '../../../scripts/snapshot/config.ts';
import { localSource } from '../../../scripts/snapshot/source/local.ts';
import { runSnapshot } from '../../../scripts/snapshot/run.ts';
import { FROZEN_NOW, sample } from '../../helpers.ts';

const [out, killArg, nowArg] = process.argv.slice(2);
if (!out) throw new Error('usage: crash-child.ts <out> [killAfterWrites] [nowMs]');
const killAfter = killArg ? Number(killArg) : undefined;
const at = nowArg ? Number(nowArg) : FROZEN_NOW;
const now = () => at;

const dataset = await sample();
await runSnapshot({
  config: parseConfig({ out, locales: ['en-US', 'fr-FR'] }, 'crash-child'),
  source: localSource(dataset, { now }),
  families: new Set(['A', 'B']),
  now,
  refresh: 'all',
  onWrite: (n) => {
    if (n === killAfter) process.kill(process.pid, 'SIGKILL');
  },
});
