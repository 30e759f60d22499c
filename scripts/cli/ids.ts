/**
 * `npm run ids` and `resort-conditions ids`: the resorts and regions with their ids, for the `resort` of a
 * card and the `region` of a list (scripts/README.md, "Commands"). From the published snapshot when there is
 * one (its index and countries list), else from the source a build would use: the embedded sample, or the
 * real upstream's countries list (one request, or two with RC_EMAIL and RC_PASSWORD).
 */
import { readFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { ResortConditionsError } from '../api/errors.ts';
import { filePath } from '../api/paths.ts';
import { catalogueOf, formatCatalogue, withRegionCounts, type Catalogue } from '../shared/catalogue.ts';
import { loadConfig } from '../snapshot/config.ts';
import { chooseSource } from '../snapshot/source/select.ts';
import type { CliIo } from './build.ts';
import { EXIT } from './exit-codes.ts';
import { parseFlags } from './process.ts';

export const IDS_HELP = `Usage: npm run ids -- [options]
       npx resort-conditions ids [options]   (the installed package)

Lists the resorts and the regions (countries, states, regions) with their ids: a card's resort="…",
a list's region="…". From the published snapshot (<out>/api/manifest.json and its countries list) when
there is one, else from the source a build would use: the embedded sample without credentials, or the
upstream's countries list with them (one request, or two with RC_EMAIL and RC_PASSWORD).

Options:
  --config <file>    JSON config file (default: the "resortConditions" key of package.json)
  --out <dir>        the published snapshot to read (default: the config's "out", dist)
  --source           ask the source even when there is a snapshot (every resort it has, not only those built)
  --locale <locale>  the locale of the names (default: the snapshot's first, else en-US)
  --data <dir>       dataset of the embedded service (default data)
  --json             print { "resorts": [{ id, name }], "regions": [{ id, name, kind, country?, resorts? }] }
  --help             show this text
`;

interface Flags {
  config?: string;
  out?: string;
  source?: boolean;
  locale?: string;
  data?: string;
  json?: boolean;
  help?: boolean;
}

const readJsonFile = (path: string): Promise<unknown> =>
  readFile(path, 'utf8').then(
    (text) => JSON.parse(text) as unknown,
    () => undefined,
  );

/** A region list's file in a snapshot (`api/<locale>/externalservice/region/<id>/list.json`). */
const regionListPath = (api: string, locale: string, id: number) =>
  join(api, filePath({ endpoint: 'region.list', params: { regionId: String(id) }, locale }));

/** The catalogue of a published snapshot, or undefined when `out` holds none. */
async function fromSnapshot(out: string, locale: string | undefined): Promise<Catalogue | undefined> {
  const api = join(out, 'api');
  const manifest = (await readJsonFile(join(api, 'manifest.json'))) as
    { locales?: unknown; resorts?: unknown } | undefined;
  if (!manifest || !Array.isArray(manifest.resorts) || !Array.isArray(manifest.locales)) return undefined;
  const chosen = locale ?? String(manifest.locales[0]);
  if (!manifest.locales.includes(chosen))
    throw new ResortConditionsError(
      'usage',
      `--locale: ${chosen} is not built in ${out} (built: ${manifest.locales.join(', ')})`,
    );
  const countriesFile = join(api, filePath({ endpoint: 'region.countries', locale: chosen }));
  const catalogue = catalogueOf(
    (await readJsonFile(countriesFile)) ?? [],
    countriesFile,
    manifest.resorts as Array<{ id: number; name: string }>,
  );
  const lists = new Map<number, unknown>();
  for (const region of catalogue.regions)
    if (region.kind !== 'country')
      lists.set(region.id, await readJsonFile(regionListPath(api, chosen, region.id)));
  return withRegionCounts(catalogue, lists);
}

/** Runs the command; answers the exit code. Throws on bad flags, config or source. */
export async function idsCommand(io: Omit<CliIo, 'widget'>): Promise<number> {
  const flags = parseFlags<Flags>(io.argv, {
    config: { type: 'string' },
    out: { type: 'string' },
    source: { type: 'boolean' },
    locale: { type: 'string' },
    data: { type: 'string' },
    json: { type: 'boolean' },
  });
  if (flags.help) {
    io.stdout.write(IDS_HELP);
    return EXIT.ok;
  }
  const cwd = io.cwd ?? process.cwd();
  const config = await loadConfig(
    {
      ...(flags.config !== undefined ? { config: flags.config } : {}),
      ...(flags.out !== undefined ? { out: flags.out } : {}),
      ...(flags.locale !== undefined ? { locales: flags.locale } : {}),
    },
    cwd,
  );
  const locale = flags.locale !== undefined ? config.locales[0] : undefined;
  const out = isAbsolute(config.out) ? config.out : join(cwd, config.out);
  let catalogue = flags.source ? undefined : await fromSnapshot(out, locale);
  let from = `in ${config.out}`;
  if (!catalogue) {
    const chosen = await chooseSource({
      env: io.env,
      config,
      now: Date.now,
      data: flags.data ?? 'data',
      localAccount: 'demo@example.com',
    });
    const { source } = chosen;
    try {
      const names = locale ?? 'en-US';
      const answer = await source.fetch({ endpoint: 'region.countries', locale: names });
      if (answer.status !== 200)
        throw new ResortConditionsError(
          'upstream_http',
          `the countries list answered HTTP ${answer.status}; nothing to list`,
        );
      catalogue = catalogueOf(JSON.parse(answer.body) as unknown, 'the countries list');
      // the embedded service answers in-process: each state's and region's list costs nothing there
      if (source.kind === 'local') {
        const lists = new Map<number, unknown>();
        for (const region of catalogue.regions) {
          if (region.kind === 'country') continue;
          const list = await source.fetch({
            endpoint: 'region.list',
            params: { regionId: String(region.id) },
            locale: names,
          });
          if (list.status === 200) lists.set(region.id, JSON.parse(list.body));
        }
        catalogue = withRegionCounts(catalogue, lists);
      }
      from =
        source.kind === 'local'
          ? 'of the embedded sample'
          : `of the upstream (${source.sent()} request${source.sent() === 1 ? '' : 's'}, counted in no ledger)`;
    } finally {
      await source.close?.();
    }
  }
  if (flags.json) io.stdout.write(`${JSON.stringify(catalogue, null, 2)}\n`);
  else io.stdout.write(formatCatalogue(catalogue, from));
  return EXIT.ok;
}
