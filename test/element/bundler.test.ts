/**
 * A build whose browser files are fresh never loads the bundler: it reads `lib/browser/` (made before the
 * tests, test/global-setup.ts), so its memory holds neither vite nor its native code (rolldown, lightningcss).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dir = await mkdtemp(join(tmpdir(), 'rc-bundler-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the build and the bundle', () => {
  it("publishes the element's bundle and cards while its own process loads no native code", async () => {
    const report = join(dir, 'shared-objects.json');
    const hook = join(dir, 'report.mjs');
    // the libraries the build's process has loaded, as it exits
    await writeFile(
      hook,
      `import { writeFileSync } from 'node:fs';\nprocess.on('exit', () => writeFileSync(${JSON.stringify(report)}, JSON.stringify(process.report.getReport().sharedObjects)));\n`,
    );
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const out = join(dir, 'dist');
    await promisify(execFile)(
      process.execPath,
      [
        ...['--import', tsx, '--import', pathToFileURL(hook).href, 'scripts/build.ts'],
        ...['--out', out, '--locales', 'en-US', '--resorts', '20,25'],
      ],
      { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production' } },
    );
    const loaded = JSON.parse(await readFile(report, 'utf8')) as string[];
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter((file) => file.endsWith('.node'))).toEqual([]);
    for (const file of ['resort-conditions.js', 'resort-conditions-list.js', 'cards/en-US/25.html'])
      expect(existsSync(join(out, file)), file).toBe(true);
    expect(await readFile(join(out, 'cards/en-US/25.html'), 'utf8')).toContain('shadowrootmode="open"');
  }, 180_000);
});
