/**
 * Deterministic generator of fictional resorts. It made the committed sample in `data/resorts.json` and
 * makes the large datasets `npm run bench` measures. Every enumeration value (scripts/api/README.md,
 * "Records") is spread over the first resorts, so any dataset of 18 or more resorts covers them all.
 */
import type {
  DatasetLift,
  DatasetRegion,
  DatasetResort,
  DatasetRun,
  DatasetWeather,
  DatasetWebcam,
} from './schema.ts';
import {
  CITIES,
  COMMENTS,
  DIRECTIONS,
  LIFT_PREFIXES,
  LIFT_SUFFIXES,
  LIFT_TYPE_KEYS,
  NAMES,
  OVERVIEWS,
  PHONES,
  RUN_NAMES,
  SYMBOLS,
  UTC_OFFSETS,
} from './words.ts';

/** mulberry32: small, fast, and the same sequence on every machine. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface GenerateOptions {
  count: number;
  seed?: number;
  regions: readonly DatasetRegion[];
  /** Ids to use, in order; more are made up after the largest. */
  ids?: readonly number[];
}

const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;
const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The generator's draws, from one seeded sequence: each resort takes them in one fixed order. */
interface Draw {
  rnd: () => number;
  pick: <T>(list: readonly T[]) => T;
  int: (min: number, max: number) => number;
}

/** The `i`th resort's place in the sequence of the sample's special cases. */
interface Nth {
  i: number;
  /** The sixth resort closed for good, the fifth out of season: their lifts and runs closed. */
  permanentlyClosed: boolean;
  outOfSeason: boolean;
}

const closed = ({ permanentlyClosed, outOfSeason }: Nth) => permanentlyClosed || outOfSeason;

/** The first resort has a lift of every type; the first two every status. */
function makeLifts(draw: Draw, nth: Nth): DatasetLift[] {
  const { i } = nth;
  const liftCount = nth.permanentlyClosed ? 3 : draw.int(4, 12);
  return Array.from({ length: i === 0 ? LIFT_TYPE_KEYS.length : liftCount }, (_, j) => {
    const type = i === 0 ? LIFT_TYPE_KEYS[j]! : LIFT_TYPE_KEYS[(i + j * 3) % LIFT_TYPE_KEYS.length]!;
    return {
      name: `${LIFT_PREFIXES[(i + j) % LIFT_PREFIXES.length]!} ${LIFT_SUFFIXES[type]}`,
      type,
      status: closed(nth)
        ? 2
        : i < 2
          ? ((j % 6) as DatasetLift['status'])
          : draw.pick([1, 1, 1, 1, 2, 3, 4] as const),
    };
  });
}

/** The first three resorts have runs of every difficulty; the first two every status. */
function makeRuns(draw: Draw, nth: Nth): DatasetRun[] {
  const { i } = nth;
  return Array.from({ length: draw.int(8, 18) }, (_, j) => ({
    name: RUN_NAMES[(i * 3 + j) % RUN_NAMES.length]!,
    difficulty: (i < 3 ? j % 5 : 1 + ((i + j) % 4)) as DatasetRun['difficulty'],
    status: closed(nth) ? 2 : i < 2 ? ((j % 6) as DatasetRun['status']) : draw.pick([1, 1, 1, 2, 5] as const),
    lengthKm: round(0.4 + draw.rnd() * 3.6, 1),
    grooming: draw.rnd() < 0.7,
    snowmaking: draw.rnd() < 0.4,
    nightskiing: i % 4 === 1 && j < 3,
  }));
}

/** Today and five days; the first two resorts take the symbols in turn, so the sample shows them all. */
function makeForecast({ rnd, pick, int }: Draw, i: number): DatasetWeather[] {
  return Array.from({ length: 6 }, (_, day) => {
    const tempTop = round(-16 + rnd() * 14, 1);
    const tempBottom = round(tempTop + 3 + rnd() * 6, 1);
    const symbol = i < 2 ? SYMBOLS[(i * 6 + day) % SYMBOLS.length]! : pick(SYMBOLS);
    const snowy = /SNOW|SLEET/.test(symbol);
    return {
      symbol,
      bottomSymbol: symbol === 'HEAVY_SNOW' ? 'SNOW' : symbol,
      tempTop,
      tempBottom,
      tempTopMax: round(tempTop + 1 + rnd() * 3, 1),
      tempTopMin: round(tempTop - 2 - rnd() * 5, 1),
      tempBottomMax: round(tempBottom + 1 + rnd() * 3, 1),
      tempBottomMin: round(tempBottom - 2 - rnd() * 5, 1),
      snowfallCm: snowy ? int(1, 30) : 0,
      windMs: round(rnd() * 18, 1),
      bottomWindMs: round(rnd() * 8, 1),
      direction: pick(DIRECTIONS),
      bottomDirection: pick(DIRECTIONS),
      modifiedMinutesAgo: int(10, 300),
    };
  });
}

/**
 * The snow report: none out of season; every open flag, surface and gap in the first resorts' reports, one
 * outdated (the seventh, four days old); more snow in Germany's.
 */
function makeReport(
  { rnd, int }: Draw,
  nth: Nth,
  { openFlag, countryId, forecast }: { openFlag: number; countryId: number; forecast: DatasetWeather[] },
): DatasetResort['report'] {
  const { i, permanentlyClosed } = nth;
  const seasonalSnow = countryId === 276 ? 1.6 : 1;
  const recentCm = Array.from({ length: 7 }, () => (rnd() < 0.45 ? 0 : round(rnd() * 25 * seasonalSnow)));
  const baseCm = int(30, 120);
  if (nth.outOfSeason) return null;
  return {
    openFlag,
    updatedMinutesAgo: i === 6 ? 60 * 24 * 4 : int(20, 60 * 14),
    // the season model replaces these depths with the day's; only whether `middle` is present counts
    depthCm: {
      base: permanentlyClosed ? 0 : baseCm,
      summit: permanentlyClosed ? 0 : baseCm + int(20, 180),
      ...(i % 5 === 3 ? { middle: baseCm + int(10, 60) } : {}),
    },
    surfaceTop: ((2 * i) % 18) + 1,
    surfaceBottom: ((2 * i + 1) % 18) + 1,
    ...(i % 3 === 0 ? { offSlopeTop: ((i + 7) % 18) + 1, offSlopeBottom: ((i + 8) % 18) + 1 } : {}),
    recentCm,
    comment: i % 3 === 1 ? null : COMMENTS[i % COMMENTS.length]!,
    canReturnBySki: rnd() < 0.6,
    ...(i % 2 === 0
      ? {
          reportedWeather: {
            tempTop: round(forecast[0]!.tempTop + rnd() * 2 - 1, 1),
            tempBottom: round(forecast[0]!.tempBottom + rnd() * 2 - 1, 1),
            snowfallCm: recentCm[6]!,
            symbol: forecast[0]!.symbol,
          },
        }
      : {}),
    ...(i === 7 || i === 19
      ? { gaps: ['acresOpen', 'lowerDepth', 'upperDepth', 'liftsOpen', 'perLiftsOpen'] as const }
      : {}),
  } as DatasetResort['report'];
}

/** The overview in its languages, with the resort's name and city; every fourth resort has none. */
function makeOverview(i: number, name: string, city: string): Record<string, string> {
  const template = i % 4 === 3 ? undefined : OVERVIEWS[i % OVERVIEWS.length]!;
  const overview: Record<string, string> = {};
  for (const [language, html] of Object.entries(template ?? {})) {
    overview[language] = html!
      .replaceAll('{name}', name)
      .replaceAll('{city}', city)
      .replaceAll('{citySlug}', slug(city));
  }
  return overview;
}

/** None at every third resort; one offline at every fifth. */
function makeWebcams(
  { int }: Draw,
  i: number,
  { id, name, domain }: { id: number; name: string; domain: string },
) {
  return Array.from({ length: i % 3 === 1 ? 0 : int(1, 4) }, (_, j): DatasetWebcam => {
    const camId = id * 10 + j + 1;
    const image = (size: string) => `https://cams.${domain}/${camId}/${size}.jpg`;
    return {
      id: camId,
      name: ['Summit', 'Base Area', 'Snow Park', 'Valley Station'][j]!,
      orderNr: j + 1,
      online: !(i % 5 === 0 && j === 1),
      updatedMinutesAgo: int(1, 90),
      image: { thumb: image('thumb'), mid: image('mid'), large: image('large') },
      credit: { text: `© ${name}`, url: `https://${domain}/` },
    };
  });
}

/** Makes `count` resorts spread over the states of `regions`. */
export function generateResorts({ count, seed = 2026, regions, ids = [] }: GenerateOptions): DatasetResort[] {
  const rnd = random(seed);
  const draw: Draw = {
    rnd,
    pick: (list) => list[Math.floor(rnd() * list.length)]!,
    int: (min, max) => min + Math.floor(rnd() * (max - min + 1)),
  };
  const states = regions.filter((r) => r.type === 'STATE');
  const names = new Map<string, number>();
  const perCountry = new Map<number, number>();
  let nextId = Math.max(0, ...ids) + 1;
  return Array.from({ length: count }, (_, i) => {
    const state = states[i % states.length]!;
    const countryId = state.parentId!;
    const pool = NAMES[countryId] ?? ['Snow Valley'];
    const nth = perCountry.get(countryId) ?? 0;
    perCountry.set(countryId, nth + 1);
    const base = pool[nth % pool.length]!;
    const used = names.get(base) ?? 0;
    names.set(base, used + 1);
    const name = used === 0 ? base : `${base} ${used + 1}`;
    const city = draw.pick(CITIES[countryId] ?? ['Alpine Village']);
    const id = i < ids.length ? ids[i]! : nextId++;
    return makeResort(
      draw,
      { i, permanentlyClosed: i === 5, outOfSeason: i === 4 },
      {
        id,
        name,
        city,
        state,
        local: regions.filter(
          (r) => r.type === 'REGION' && (r.parentId === state.id || r.parentId === countryId),
        ),
      },
    );
  });
}

/** One resort, its name, city and id chosen: its parts drawn in the order the sample was made with. */
function makeResort(
  draw: Draw,
  nth: Nth,
  {
    id,
    name,
    city,
    state,
    local,
  }: { id: number; name: string; city: string; state: DatasetRegion; local: DatasetRegion[] },
): DatasetResort {
  const { rnd, pick, int } = draw;
  const { i, permanentlyClosed } = nth;
  const countryId = state.parentId!;
  const domain = `${slug(name)}.example`;
  const lifts = makeLifts(draw, nth);
  const runs = makeRuns(draw, nth);
  const baseM = int(600, 1900);
  const top = baseM + int(500, 1800);
  const hasParks = i % 3 !== 2;
  const hasNordic = i % 4 === 0;
  const forecast = makeForecast(draw, i);
  const openFlag = permanentlyClosed ? 6 : ([1, 1, 2, 3, 4, 5, 1, 1, 4, 1] as const)[i % 10]!;
  const report = makeReport(draw, nth, { openFlag, countryId, forecast });
  const overview = makeOverview(i, name, city);
  const webcams = makeWebcams(draw, i, { id, name, domain });
  return {
    id,
    name,
    shortName: name.split(' ')[0]!,
    countryId,
    stateId: state.id,
    utcOffsetHours: UTC_OFFSETS[state.id] ?? UTC_OFFSETS[countryId] ?? 0,
    regionIds: local.length > 0 && i % 2 === 0 ? [local[(i / 2) % local.length]!.id] : [],
    location: {
      street: `${int(1, 400)} ${pick(['Mountain Road', 'Route du Col', 'Talstraße', 'Via delle Alpi', 'Lift Street'])}`,
      zip: String(int(10000, 99999)),
      city,
      latitude: round((state.latitude ?? 46) + (rnd() - 0.5), 4),
      longitude: round((state.longitude ?? 8) + (rnd() - 0.5), 4),
    },
    contact: {
      website: `https://${domain}/`,
      lodgingPhone: `${PHONES[countryId] ?? '+1'} ${int(100, 999)} ${int(1000, 9999)}`,
      phone800: countryId === 429 || countryId === 430 ? `+1 800 ${int(100, 999)} ${int(1000, 9999)}` : '',
      skierEmail: `info@${domain}`,
    },
    services: {
      hasSummer: rnd() < 0.6,
      hasNordic: hasNordic,
      hasSnowPark: hasParks,
      hasSkiing: true,
      indoorResort: false,
      glacierResort: i % 7 === 2,
    },
    elevationM: { top, base: baseM },
    areaHa: int(80, 1600),
    lifts,
    runs,
    parks: {
      parks: hasParks ? { total: int(1, 3), open: closed(nth) ? 0 : 1 } : { total: 0, open: 0 },
      pipes: hasParks && i % 2 === 0 ? { total: 1, open: openFlag === 1 ? 1 : 0 } : { total: 0, open: 0 },
      tubes: i % 5 === 1 ? { total: int(2, 6), open: 1 } : { total: 0, open: 0 },
      jumps: hasParks ? int(3, 20) : 0,
      rails: hasParks ? int(2, 15) : 0,
    },
    nordic: hasNordic
      ? {
          totalKm: int(10, 80),
          skategroomedKm: int(5, 30),
          tracksetKm: int(5, 40),
          openKm: permanentlyClosed ? 0 : int(2, 10),
        }
      : null,
    season: {
      // early openers and late closers: the sample is in season from late October to early April
      opening: pick(['10-24', '10-31', '11-07', '11-14']),
      closing: pick(['04-05', '04-12', '04-19', '05-03']),
      daysOpenLastYear: permanentlyClosed ? 0 : int(90, 160),
    },
    report,
    forecast,
    overview,
    webcams,
  };
}
