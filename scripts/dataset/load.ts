/**
 * Reads and validates `data/`. Every problem is reported with the file and the JSON path at fault, all at
 * once, so a broken dataset is fixed in one pass.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import { ResortConditionsError } from '../api/errors.ts';
import { jsonPath } from '../api/json-path.ts';
import { LANGUAGES, type Language } from '../api/locales.ts';
import { requiredMessageKeys } from './messages.ts';
import {
  AccountsFile,
  AttributionFile,
  MessagesFile,
  RegionsFile,
  ResortsFile,
  type Dataset,
} from './schema.ts';

const MAX_PROBLEMS = 20;

/** The dataset's own error: every problem found, each with its file and JSON path. */
export class DatasetError extends ResortConditionsError {
  override name = 'DatasetError';
  constructor(message: string) {
    super('invalid_dataset', message);
  }
}

class Problems {
  readonly lines: string[] = [];
  add(file: string, path: readonly PropertyKey[], message: string): void {
    this.lines.push(`${file}: ${jsonPath(path)}: ${message}`);
  }
  throwIfAny(): void {
    if (this.lines.length === 0) return;
    const shown = this.lines.slice(0, MAX_PROBLEMS);
    const more = this.lines.length - shown.length;
    throw new DatasetError(
      `the dataset is invalid (${this.lines.length} problem${this.lines.length === 1 ? '' : 's'}); fix these and run again:\n  ` +
        shown.join('\n  ') +
        (more > 0 ? `\n  … and ${more} more` : ''),
    );
  }
}

async function readJson(dir: string, file: string, problems: Problems): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(join(dir, file), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    problems.add(
      file,
      [],
      code === 'ENOENT' ? 'file is missing' : `cannot be read (${code ?? String(error)})`,
    );
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    problems.add(file, [], `is not valid JSON (${(error as Error).message})`);
    return undefined;
  }
}

function parse<T extends z.ZodType>(
  schema: T,
  value: unknown,
  file: string,
  problems: Problems,
): z.infer<T> | undefined {
  if (value === undefined) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) problems.add(file, issue.path, issue.message);
  return undefined;
}

function duplicates<T>(items: readonly T[], key: (item: T) => unknown): number[] {
  const seen = new Set<unknown>();
  const out: number[] = [];
  items.forEach((item, index) => {
    const k = key(item);
    if (seen.has(k)) out.push(index);
    seen.add(k);
  });
  return out;
}

/** Loads the dataset in `dir` (normally `data/`), or throws a `DatasetError` listing every problem. */
export async function loadDataset(dir: string): Promise<Dataset> {
  const problems = new Problems();
  const [resortsRaw, regionsRaw, accountsRaw, attributionRaw, ...messagesRaw] = await Promise.all([
    readJson(dir, 'resorts.json', problems),
    readJson(dir, 'regions.json', problems),
    readJson(dir, 'accounts.json', problems),
    readJson(dir, 'attribution.json', problems),
    ...LANGUAGES.map((language) => readJson(dir, `i18n/${language}.json`, problems)),
  ]);
  const resorts = parse(ResortsFile, resortsRaw, 'resorts.json', problems);
  const regions = parse(RegionsFile, regionsRaw, 'regions.json', problems);
  const accounts = parse(AccountsFile, accountsRaw, 'accounts.json', problems);
  const attribution = parse(AttributionFile, attributionRaw, 'attribution.json', problems);
  const messages = {} as Record<Language, Record<string, string>>;
  LANGUAGES.forEach((language, i) => {
    messages[language] = parse(MessagesFile, messagesRaw[i], `i18n/${language}.json`, problems) ?? {};
  });
  const parts = {
    resorts: resorts?.resorts,
    regions: regions?.regions,
    accounts: accounts?.accounts,
    messages,
  };
  checkReferences(parts, problems);
  problems.throwIfAny();
  return { ...(parts as Omit<Dataset, 'attribution'>), attribution: attribution!.attribution };
}

type Parts = { [K in 'resorts' | 'regions' | 'accounts']?: Dataset[K] } & Pick<Dataset, 'messages'>;

/**
 * Cross-record rules no single schema can see: unique ids, region hierarchy, message keys. Runs on the
 * files that parsed, so one pass reports every problem it can.
 */
function checkReferences(parts: Parts, problems: Problems): void {
  const { messages } = parts;
  const resorts = parts.resorts ?? [];
  const regions = parts.regions ?? [];
  const accounts = parts.accounts ?? [];
  for (const i of duplicates(resorts, (r) => r.id))
    problems.add('resorts.json', ['resorts', i, 'id'], `resort id ${resorts[i]!.id} is used twice`);
  for (const i of duplicates(regions, (r) => r.id))
    problems.add('regions.json', ['regions', i, 'id'], `region id ${regions[i]!.id} is used twice`);
  for (const field of ['email', 'apiKey', 'token', 'accountId'] as const) {
    for (const i of duplicates(accounts, (a) => a[field]))
      problems.add('accounts.json', ['accounts', i, field], `${field} is used by another account`);
  }
  const required = requiredMessageKeys();
  for (const key of required) {
    if (!(key in messages.en))
      problems.add('i18n/en.json', [key], 'is missing; English must define every message');
  }
  for (const language of LANGUAGES) {
    for (const key of Object.keys(messages[language])) {
      if (!required.includes(key)) problems.add(`i18n/${language}.json`, [key], 'is not a known message key');
    }
  }
  const byId = new Map(regions.map((r) => [r.id, r]));
  regions.forEach((region, i) => {
    const parent = region.parentId === undefined ? undefined : byId.get(region.parentId);
    if (region.type === 'COUNTRY' && region.parentId !== undefined) {
      problems.add('regions.json', ['regions', i, 'parentId'], 'a country has no parent');
    } else if (region.type === 'STATE' && parent?.type !== 'COUNTRY') {
      problems.add('regions.json', ['regions', i, 'parentId'], 'a state needs the id of a country as parent');
    } else if (region.type === 'REGION' && parent?.type !== 'COUNTRY' && parent?.type !== 'STATE') {
      problems.add(
        'regions.json',
        ['regions', i, 'parentId'],
        'a region needs the id of a country or state as parent',
      );
    }
  });
  if (parts.regions === undefined) return; // every resort check needs the regions
  resorts.forEach((resort, i) => {
    const at = (field: string, ...rest: PropertyKey[]) => ['resorts', i, field, ...rest];
    if (byId.get(resort.countryId)?.type !== 'COUNTRY')
      problems.add('resorts.json', at('countryId'), `${resort.countryId} is not a country in regions.json`);
    const state = byId.get(resort.stateId);
    if (state?.type !== 'STATE' || state.parentId !== resort.countryId) {
      problems.add(
        'resorts.json',
        at('stateId'),
        `${resort.stateId} is not a state of country ${resort.countryId} in regions.json`,
      );
    }
    resort.regionIds.forEach((id, j) => {
      const region = byId.get(id);
      if (
        region?.type !== 'REGION' ||
        (region.parentId !== resort.countryId && region.parentId !== resort.stateId)
      ) {
        problems.add(
          'resorts.json',
          at('regionIds', j),
          `${id} is not a region of the resort's country or state in regions.json`,
        );
      }
    });
    for (const j of duplicates(resort.webcams, (w) => w.id))
      problems.add('resorts.json', at('webcams', j, 'id'), 'webcam id is used twice');
  });
}
