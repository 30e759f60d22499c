/**
 * The flows of existing clients (scripts/docs/hosting.md, "Moving an existing client to the mirror"), replayed
 * against the embedded service and a mirror host side by side: the countries list, every region's list, each
 * quick link (the service's own URL, sent to the mirror as is, and the mirror's relative link followed from
 * the list it came in), then the snow reports, profiles, forecasts and the other files of each resort, in
 * each locale form a client uses. Every answer of the mirror must equal the service's as the build publishes
 * it (sanitised: overview HTML cut down, only http and https URLs), but for the token fields of the region
 * lists (rewritten by design).
 */
import { ErrorBody } from '../../scripts/api/schemas/error.ts';
import { sanitizeBody } from '../../scripts/snapshot/release/sanitize.ts';

export interface HostRequest {
  method?: string;
  /** Path and query string, as a client sends them. */
  path: string;
  headers?: Readonly<Record<string, string>>;
}

export interface HostAnswer {
  status: number;
  body: string;
}

export type Host = (request: HostRequest) => Promise<HostAnswer>;

/** What a kind of host cannot do (scripts/docs/hosting.md, "Moving an existing client to the mirror"). */
export interface Limits {
  /** Answers the service's multi-resort URLs for the published groups (Netlify cannot match repeated parameters). */
  multi: boolean;
  /** Reads Family A's `locale` header (Netlify cannot read request headers: English). */
  localeHeader: boolean;
  /** Answers a missing file with a JSON error body (Netlify answers with its 404 page). */
  jsonMissing: boolean;
}

export interface Replay {
  /** URLs sent to the mirror. */
  urls: number;
  /** Of them, answers equal to the service's (or, where the host has a documented limit, to what scripts/docs/hosting.md says). */
  equal: number;
  mismatches: string[];
}

/** The token fields of a region list: rewritten to the mirror's files by design. */
const TOKEN_FIELDS = new Set([
  'restSnowReport',
  'restRegionProfile',
  'restCombinedReport',
  'resortQueryParam',
]);

function withoutTokenFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokenFields);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !TOKEN_FIELDS.has(key))
        .map(([key, v]) => [key, withoutTokenFields(v)]),
    );
  }
  return value;
}

/** JSON text in a canonical form (member order kept); undefined when it is not JSON. */
export function canonical(body: string, sanitize = false): string | undefined {
  try {
    const value = JSON.parse(body) as unknown;
    return JSON.stringify(withoutTokenFields(sanitize ? sanitizeBody(value) : value));
  } catch {
    return undefined;
  }
}

/** Why a mirror answer differs from the service's; undefined when they are equal. */
export function difference(expected: HostAnswer, actual: HostAnswer, limits?: Limits): string | undefined {
  if (expected.status !== actual.status)
    return `status ${actual.status}, expected ${expected.status}: ${actual.body.slice(0, 160)}`;
  if (expected.status === 200)
    return canonical(expected.body, true) === canonical(actual.body) && canonical(actual.body) !== undefined
      ? undefined
      : 'a different body';
  if (expected.status === 404 && limits && !limits.jsonMissing) return undefined;
  const e = ErrorBody.safeParse(JSON.parse(expected.body));
  let body: unknown;
  try {
    body = JSON.parse(actual.body);
  } catch {
    return `not a JSON error body: ${actual.body.slice(0, 80)}`;
  }
  const a = ErrorBody.safeParse(body);
  if (!a.success) return `an error body not in the service's shape: ${actual.body.slice(0, 160)}`;
  if (a.data.status !== actual.status) return `the body says ${a.data.status}`;
  return e.success && e.data.error !== a.data.error
    ? `error ${a.data.error}, expected ${e.data.error}`
    : undefined;
}

export interface ReplayOptions {
  token: string;
  apiKey: string;
  /** The locale forms a client sends: '' (none: en-US), 'language=en&country=US', 'language=de&country=DE'. */
  forms: readonly string[];
  limits: Limits;
  /** The mirror's answer where the host cannot do what the service does. */
  refused: (name: 'resort-set') => HostAnswer;
}

/** Memoised service answers: the service is asked once per request, whichever host is replayed. */
export function memo(host: Host): Host {
  const seen = new Map<string, Promise<HostAnswer>>();
  return (request) => {
    const key = JSON.stringify(request);
    let answer = seen.get(key);
    if (!answer) seen.set(key, (answer = host(request)));
    return answer;
  };
}

export async function replay(mirror: Host, service: Host, options: ReplayOptions): Promise<Replay> {
  const result: Replay = { urls: 0, equal: 0, mismatches: [] };
  const { token } = options;
  const compare = async (
    request: HostRequest,
    expectedFrom: HostRequest = request,
    expect?: HostAnswer,
  ): Promise<{ service: HostAnswer; mirror: HostAnswer }> => {
    const [s, m] = await Promise.all([service(expectedFrom), mirror(request)]);
    result.urls++;
    const why = difference(expect ?? s, m, options.limits);
    if (why === undefined) result.equal++;
    else
      result.mismatches.push(
        `${request.method ?? 'GET'} ${request.path}${request.headers ? ` ${JSON.stringify(request.headers)}` : ''}: ${why}`,
      );
    return { service: s, mirror: m };
  };

  const allRegions = new Set<number>();
  for (const form of options.forms) {
    const q = form ? `&${form}` : '';
    const countriesPath = `/externalservice/region/countries/list?token=${token}${q}`;
    const countries = await compare({ path: countriesPath });
    const lists = JSON.parse(countries.service.body) as Array<{
      id: number;
      states?: Array<{ id: number }>;
      regions?: Array<{ id: number }>;
    }>;
    const regionIds = [
      ...new Set(
        lists.flatMap((c) => [
          c.id,
          ...(c.states ?? []).map((s) => s.id),
          ...(c.regions ?? []).map((r) => r.id),
        ]),
      ),
    ];
    const resorts = new Set<number>();
    for (const id of regionIds) allRegions.add(id);
    for (const id of regionIds) {
      const listPath = `/externalservice/region/${id}/list?token=${token}${q}`;
      const list = await compare({ path: listPath });
      const ours = JSON.parse(list.service.body) as Record<string, string> & {
        resorts: Array<{ id: number }>;
      };
      const theirs = JSON.parse(list.mirror.body) as Record<string, string>;
      for (const r of ours.resorts) resorts.add(r.id);
      for (const link of ['restSnowReport', 'restRegionProfile', 'restCombinedReport']) {
        const own = new URL(ours[link]!);
        const serviceLink = { path: own.pathname + own.search };
        // the quick link a client saved from the service, sent to the mirror as it is
        await compare(
          serviceLink,
          serviceLink,
          options.limits.multi ? undefined : options.refused('resort-set'),
        );
        // the mirror's own quick link, followed from the list's URL
        if (theirs[link]) {
          const followed = new URL(theirs[link]!, `http://mirror.test${listPath}`);
          await compare({ path: followed.pathname + followed.search }, serviceLink);
        }
      }
    }
    const paths: string[] = [`/externalservice/myaccount/attribution?token=${token}${q}`];
    for (const id of [...resorts].sort((a, b) => a - b)) {
      const r = `/externalservice/resort/${id}`;
      paths.push(
        `${r}/snowreport?token=${token}${q}`,
        `${r}/snowreport?token=${token}&forecast_only=true${q}`,
        `${r}/profile?token=${token}${q}`,
      );
      for (const n of [0, 2, 5]) paths.push(`${r}/${n}/day/forecast?token=${token}${q}`);
      paths.push(`${r}/3/day/forecast?token=${token}&forecast_only=true${q}`);
      paths.push(
        `${r}/combinedreport?token=${token}${q}`,
        `${r}/combinedreport?token=${token}&forecast=true&links=false${q}`,
      );
      paths.push(
        `${r}/links?token=${token}${q}`,
        `${r}/overview?token=${token}${q}`,
        `${r}/webcams?token=${token}${q}`,
      );
    }
    await inBatches(paths, (path) => compare({ path }));
  }

  // Family A: the key and locale travel in headers
  const headers = (locale?: string) => ({ 'x-api-key': options.apiKey, ...(locale ? { locale } : {}) });
  const familyA: HostRequest[] = [];
  for (const locale of [undefined, 'de-DE', 'de']) {
    familyA.push({ path: '/resorts/snowreport', headers: headers(locale) });
    for (const id of [20, 25, 60])
      familyA.push({ path: `/resort/${id}/snowreport`, headers: headers(locale) });
  }
  // every country, state and region, those without resorts too (the service answers `[]` for them)
  for (const id of [...allRegions].sort((a, b) => a - b)) {
    for (const locale of [undefined, 'de-DE'])
      familyA.push({ path: `/resorts/snowreport?regionId=${id}`, headers: headers(locale) });
  }
  await inBatches(familyA, (request) =>
    options.limits.localeHeader ? compare(request) : compare(request, { ...request, headers: headers() }),
  );
  return result;
}

/** A few requests under way at once, as a client would send them. */
async function inBatches<T>(
  items: readonly T[],
  run: (item: T) => Promise<unknown>,
  size = 8,
): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}
