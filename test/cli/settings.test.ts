/**
 * Settings named as settings (README.md, "Configure your resorts and locales"; scripts/docs/configuration.md,
 * "Configuration"): a mistyped flag names the one meant, language tags are read in any case, a plan exits
 * as its build would start, and a base URL that is not the service's origin is a setting to fix (exit 2,
 * naming the variable and the value that would work), never an outage; an upstream that cannot be reached
 * is named by its variable and address (exit 8). Each case runs the build's command in-process, against the
 * embedded service over HTTP where it needs an upstream.
 */
import { lstat, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../scripts/cli/build.ts';
import { EXIT } from '../../scripts/cli/exit-codes.ts';
import type { Dataset } from '../../scripts/dataset/schema.ts';
import { startServer, type RunningServer } from '../../scripts/service/http.ts';
import { parseBaseUrl } from '../../scripts/snapshot/source/base-url.ts';
import { SnapshotError } from '../../scripts/snapshot/errors.ts';
import { FROZEN_NOW, FULL, sample } from '../helpers.ts';

let dataset: Dataset;
let root: string;
let server: RunningServer;
const served: string[] = [];

beforeAll(async () => {
  dataset = await sample();
  root = await mkdtemp(join(tmpdir(), 'rc-settings-'));
  server = await startServer(dataset, { now: () => FROZEN_NOW, log: (line) => served.push(line) });
});
afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

/** `npm run build -- <args>` in-process into `<tmp>/<out>`, with `env` as the whole environment. */
async function cli(out: string, args: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await build({
    argv: ['--no-widget', '--out', join(root, out), ...args],
    env: { SOURCE_DATE_EPOCH: String(FROZEN_NOW / 1000), ...env },
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
  });
  return { code, stdout, stderr, out: join(root, out) };
}

const absent = (path: string) =>
  lstat(path).then(
    () => false,
    () => true,
  );
const token = () => dataset.accounts.find((a) => a.email === FULL.email)!.token;

/** A config file with `request.attempts` of 1: an unreachable upstream is found at once. */
async function oneAttempt(extra: Record<string, unknown> = {}): Promise<string> {
  const file = join(root, `config-${Object.keys(extra).join('-') || 'once'}.json`);
  await writeFile(file, JSON.stringify({ request: { attempts: 1 }, ...extra }));
  return file;
}

describe('flags', () => {
  it('names the flag meant when one is mistyped: --resort 25 suggests --resorts', async () => {
    const run = await cli('mistyped', ['--resort', '25']);
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toBe(
      'build: [usage] --resort is not an option of this command (did you mean --resorts?); see --help\n',
    );
    expect(await absent(run.out)).toBe(true);
  });

  it.each([
    { given: 'de-de', built: ['de-DE'] },
    { given: 'DE-de,en-us', built: ['de-DE', 'en-US'] },
    { given: 'de-de,de-DE', built: ['de-DE'] },
  ])('reads --locales $given in any case: builds $built', async ({ given, built }) => {
    const run = await cli(`locales-${given}`, ['--locales', given, '--resorts', '25']);
    expect(run.code, run.stderr).toBe(EXIT.ok);
    const manifest = JSON.parse(await readFile(join(run.out, 'api', 'manifest.json'), 'utf8')) as {
      locales: string[];
    };
    expect(manifest.locales).toEqual(built);
    await expect(
      readFile(join(run.out, 'api', built[0]!, 'externalservice', 'resort', '25', 'snowreport.json'), 'utf8'),
    ).resolves.toContain('"resortName":"Elk Ridge"');
  });

  it('still refuses a tag that is no locale, in any case', async () => {
    const run = await cli('locales-bad', ['--locales', 'german']);
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toContain('--locales, value 1: "german" is not a supported locale');
  });
});

describe('a plan exits as its build would start', () => {
  it('exits 5 over the allowance against a real upstream, and 0 with --force', async () => {
    const config = await oneAttempt({ allowance: 10 });
    const env = { RC_LEGACY_BASE_URL: server.url, RC_TOKEN: token() };
    // a plan of a real upstream reads the region lists of an earlier build of the same source
    const first = await cli('plan-remote', ['--locales', 'en-US', '--config', config, '--force'], env);
    expect(first.code, first.stderr).toBe(EXIT.ok);
    const plan = await cli('plan-remote', ['--plan', '--locales', 'en-US', '--config', config], env);
    expect(plan.code, plan.stderr).toBe(EXIT.budget);
    expect(plan.stdout).toMatch(/Projected: \d+ of 10 requests per month .* OVER the allowance/);
    const forced = await cli(
      'plan-remote',
      ['--plan', '--locales', 'en-US', '--config', config, '--force'],
      env,
    );
    expect(forced.code, forced.stderr).toBe(EXIT.ok);
  });
});

describe('parseBaseUrl', () => {
  it.each([
    { variable: 'RC_LEGACY_BASE_URL', value: 'https://api.example.com', href: 'https://api.example.com/' },
    {
      variable: 'RC_LEGACY_BASE_URL',
      value: 'https://gateway.example.com/snow/',
      href: 'https://gateway.example.com/snow/',
    },
    { variable: 'RC_BASE_URL', value: 'http://127.0.0.1:8787', href: 'http://127.0.0.1:8787/' },
  ] as const)('takes $value for $variable', ({ variable, value, href }) => {
    expect(parseBaseUrl(variable, value).href).toBe(href);
  });

  it.each([
    {
      variable: 'RC_LEGACY_BASE_URL',
      value: 'https://api.example.com/externalservice',
      message:
        "RC_LEGACY_BASE_URL: https://api.example.com/externalservice holds the API's own path /externalservice, which the build adds to every request; give the service's origin: RC_LEGACY_BASE_URL=https://api.example.com",
    },
    {
      variable: 'RC_LEGACY_BASE_URL',
      value: 'https://gateway.example.com/snow/externalservice/resort/',
      message:
        "RC_LEGACY_BASE_URL: https://gateway.example.com/snow/externalservice/resort holds the API's own path /externalservice, which the build adds to every request; give the service's origin: RC_LEGACY_BASE_URL=https://gateway.example.com/snow",
    },
    {
      variable: 'RC_BASE_URL',
      value: 'https://partner-api.example.com/resorts/snowreport',
      message:
        "RC_BASE_URL: https://partner-api.example.com/resorts/snowreport holds the API's own path /resorts, which the build adds to every request; give the service's origin: RC_BASE_URL=https://partner-api.example.com",
    },
    {
      variable: 'RC_BASE_URL',
      value: 'https://api.example.com/ExternalService/',
      message:
        "RC_BASE_URL: https://api.example.com/ExternalService holds the API's own path /externalservice, which the build adds to every request; give the service's origin: RC_BASE_URL=https://api.example.com (/externalservice/… is Family B's path: is this RC_LEGACY_BASE_URL?)",
    },
    {
      variable: 'RC_LEGACY_BASE_URL',
      value: 'api.example.com',
      message:
        'RC_LEGACY_BASE_URL: "api.example.com" is not a URL; give the service\'s origin, e.g. RC_LEGACY_BASE_URL=https://api.example.com',
    },
  ] as const)('refuses $value for $variable as a setting to fix', ({ variable, value, message }) => {
    let error: unknown;
    try {
      parseBaseUrl(variable, value);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SnapshotError);
    expect((error as SnapshotError).code).toBe('config');
    expect((error as SnapshotError).message).toBe(message);
  });
});

describe('base URLs', () => {
  it('exits 2 for a base URL with /externalservice, naming RC_LEGACY_BASE_URL, before any request', async () => {
    const before = served.length;
    const run = await cli('with-path', ['--resorts', '25', '--locales', 'en-US'], {
      RC_LEGACY_BASE_URL: `${server.url}/externalservice`,
      RC_TOKEN: token(),
    });
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toContain(
      `build: [config] RC_LEGACY_BASE_URL: ${server.url}/externalservice holds the API's own path /externalservice, which the build adds to every request; give the service's origin: RC_LEGACY_BASE_URL=${server.url}`,
    );
    expect(served.length).toBe(before);
    expect(await absent(run.out)).toBe(true);
  });

  it('exits 2 when the token request answers 404: the base URL is not the service', async () => {
    const run = await cli('token-404', ['--resorts', '25', '--locales', 'en-US'], {
      RC_LEGACY_BASE_URL: `${server.url}/v2`,
      RC_EMAIL: FULL.email,
      RC_PASSWORD: FULL.password,
    });
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toContain(
      `Family B at ${server.url}/v2 (RC_LEGACY_BASE_URL, RC_EMAIL and RC_PASSWORD): the token request answered HTTP 404, so RC_LEGACY_BASE_URL is not the service's base URL: give its origin`,
    );
    expect(run.stderr).not.toContain(FULL.password);
    expect(await absent(run.out)).toBe(true);
  });

  it("exits 2 when the account's attribution answers 404 to a token", async () => {
    const run = await cli('attribution-404', ['--resorts', '25', '--locales', 'en-US'], {
      RC_LEGACY_BASE_URL: `${server.url}/v2`,
      RC_TOKEN: token(),
    });
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toContain(
      `Family B at ${server.url}/v2 (RC_LEGACY_BASE_URL, RC_TOKEN): the account's attribution answered HTTP 404, so RC_LEGACY_BASE_URL is not the service's base URL`,
    );
    expect(run.stderr).not.toContain(token());
  });

  it('names the variable and the address of an upstream that cannot be reached at the token request (exit 8)', async () => {
    const run = await cli(
      'token-unreachable',
      ['--resorts', '25', '--locales', 'en-US', '--config', await oneAttempt()],
      { RC_LEGACY_BASE_URL: 'http://127.0.0.1:9', RC_EMAIL: FULL.email, RC_PASSWORD: FULL.password },
    );
    expect(run.code).toBe(EXIT.unreachable);
    expect(run.stderr).toMatch(
      /Family B at http:\/\/127\.0\.0\.1:9 \(RC_LEGACY_BASE_URL, RC_EMAIL and RC_PASSWORD\) cannot be reached: .*ECONNREFUSED/,
    );
    expect(run.stderr).not.toContain(FULL.password);
  });
});

describe('a config key spelt another way', () => {
  it('in package.json stops the build with the key to use, instead of building every resort', async () => {
    const site = join(root, 'site-misspelt');
    await rm(site, { recursive: true, force: true });
    await mkdir(site, { recursive: true });
    await writeFile(join(site, 'package.json'), JSON.stringify({ 'resort-conditions': { resorts: [20] } }));
    let stderr = '';
    const code = await build({
      argv: ['--no-widget', '--plan'],
      env: {},
      stdout: { write: () => true },
      stderr: { write: (t: string) => (stderr += t) },
      cwd: site,
    });
    expect(code).toBe(EXIT.usage);
    expect(stderr).toBe(
      'plan: [config] package.json#resort-conditions: the configuration\'s key is "resortConditions"; rename "resort-conditions" to it\n',
    );
  });

  it('in the config names the setting it most likely meant', async () => {
    const file = join(root, 'config-typo.json');
    await writeFile(file, JSON.stringify({ resort: [20], locales: ['en-US'] }));
    const run = await cli('typo', ['--config', file]);
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toContain(`${file}: "resort" is not a setting (did you mean "resorts"?)`);
    expect(await absent(run.out)).toBe(true);
  });
});

describe("a Family A base URL that is not the service's", () => {
  it('is a setting to fix (exit 2) naming RC_BASE_URL, not an outage', async () => {
    const run = await cli(
      'family-a-prefix',
      ['--resorts', '20', '--locales', 'en-US', '--endpoints', 'familyA'],
      {
        RC_BASE_URL: `${server.url}/v1`,
        RC_API_KEY: FULL.apiKey,
      },
    );
    expect(run.code, run.stderr).toBe(EXIT.usage);
    expect(run.stderr).toContain(
      "the snow report list answered HTTP 404, so RC_BASE_URL is not the service's base URL",
    );
  });
});
