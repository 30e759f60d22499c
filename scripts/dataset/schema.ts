/**
 * The embedded dataset in `data/`: canonical records in metric units, from which the service renders both
 * families in every locale. Times are relative to the moment of the request (minutes or days before it,
 * forecast day 0 = today), so the sample always looks current and a frozen clock makes it reproducible.
 */
import { z } from 'zod';
import { Difficulty, ItemStatus, LiftType, OpenFlag, SurfaceType } from '../api/schemas/enums.ts';
import { ACCOUNT_FLAGS } from '../api/schemas/family-b.ts';
import { RegionType } from '../api/schemas/regions.ts';

import { LANGUAGES } from '../api/locales.ts';
export const Language = z.enum(LANGUAGES);
export type Language = z.infer<typeof Language>;

/** A text in several languages; English is required because it is the fallback. */
export const Translated = z
  .strictObject({ en: z.string().min(1) })
  .catchall(z.string().min(1))
  .superRefine((value, ctx) => {
    for (const key of Object.keys(value)) {
      if (!(LANGUAGES as readonly string[]).includes(key)) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `"${key}" is not one of the languages ${LANGUAGES.join(', ')}`,
        });
      }
    }
  });
export type Translated = z.infer<typeof Translated>;

const positiveId = z.int().positive();
const cm = z.number().nonnegative();
const celsius = z.number().min(-60).max(50);
const windMs = z.number().nonnegative().max(80);
/** An `MM-DD` day of the season; the year comes from the clock (the season that contains "now"). */
const monthDay = z.string().regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: 'expected "MM-DD"' });
const httpsUrl = z.url({ protocol: /^https?$/ });

export const DatasetRegion = z.strictObject({
  id: positiveId,
  name: z.string().min(1),
  type: RegionType,
  /** The country (for states and regions) or state (for regions) this region belongs to. */
  parentId: positiveId.optional(),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
});
export type DatasetRegion = z.infer<typeof DatasetRegion>;

export const DatasetLift = z.strictObject({ name: z.string().min(1), type: LiftType, status: ItemStatus });
export type DatasetLift = z.infer<typeof DatasetLift>;

export const DatasetRun = z.strictObject({
  name: z.string().min(1),
  difficulty: Difficulty,
  status: ItemStatus,
  lengthKm: z.number().positive(),
  grooming: z.boolean(),
  snowmaking: z.boolean(),
  nightskiing: z.boolean(),
});
export type DatasetRun = z.infer<typeof DatasetRun>;

const openTotal = z.strictObject({ total: z.int().nonnegative(), open: z.int().nonnegative() });

/** One day of weather (forecast day, or the resort's own reading), canonical metric. */
export const DatasetWeather = z.strictObject({
  symbol: z.string().min(1),
  bottomSymbol: z.string().min(1),
  tempTop: celsius,
  tempBottom: celsius,
  tempTopMax: celsius,
  tempTopMin: celsius,
  tempBottomMax: celsius,
  tempBottomMin: celsius,
  snowfallCm: cm,
  windMs: windMs,
  bottomWindMs: windMs,
  direction: z.enum(['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW']),
  bottomDirection: z.enum(['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW']),
  /** Minutes between the last update of this forecast record and the request. */
  modifiedMinutesAgo: z.int().nonnegative(),
});
export type DatasetWeather = z.infer<typeof DatasetWeather>;

export const DatasetReport = z.strictObject({
  openFlag: OpenFlag,
  /** Minutes between the last update of the snow report and the request. */
  updatedMinutesAgo: z.int().nonnegative(),
  /**
   * Not published: the season model replaces the depths with the day's (scripts/api/README.md, "The
   * embedded service"). Only whether `middle` is present counts: the resort has a middle station.
   */
  depthCm: z.strictObject({ base: cm, summit: cm, middle: cm.optional() }),
  surfaceTop: SurfaceType,
  surfaceBottom: SurfaceType,
  offSlopeTop: SurfaceType.optional(),
  offSlopeBottom: SurfaceType.optional(),
  /**
   * Snowfall of the last 7 days in cm, oldest first; the last entry is today. Not published either: the
   * season model replaces it with the day's new snow.
   */
  recentCm: z.array(cm).length(7),
  comment: Translated.nullable(),
  canReturnBySki: z.boolean(),
  /** What the resort itself reports about today's weather; absent when it reports none. */
  reportedWeather: z
    .strictObject({ tempTop: celsius, tempBottom: celsius, snowfallCm: cm, symbol: z.string().min(1) })
    .optional(),
  /** Early-season gaps: report members that this resort leaves empty, sent as `null`. */
  gaps: z.array(z.enum(['acresOpen', 'lowerDepth', 'upperDepth', 'liftsOpen', 'perLiftsOpen'])).optional(),
});
export type DatasetReport = z.infer<typeof DatasetReport>;

export const DatasetWebcam = z.strictObject({
  id: positiveId,
  name: z.string().min(1),
  orderNr: z.int().nonnegative(),
  /** Offline webcams are left out of every feed (scripts/api/README.md, "Records"). */
  online: z.boolean(),
  updatedMinutesAgo: z.int().nonnegative(),
  image: z.strictObject({ thumb: httpsUrl, mid: httpsUrl, large: httpsUrl }),
  credit: z.strictObject({ text: z.string().min(1), url: httpsUrl }),
});
export type DatasetWebcam = z.infer<typeof DatasetWebcam>;

export const DatasetResort = z.strictObject({
  id: positiveId,
  name: z.string().min(1),
  shortName: z.string().min(1),
  countryId: positiveId,
  stateId: positiveId,
  regionIds: z.array(positiveId),
  /** Offset of the resort's local standard time from UTC; forecast dates are local dates. */
  utcOffsetHours: z.number().min(-12).max(14),
  location: z.strictObject({
    street: z.string(),
    zip: z.string(),
    city: z.string().min(1),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
  }),
  contact: z.strictObject({
    website: httpsUrl,
    lodgingPhone: z.string(),
    phone800: z.string(),
    skierEmail: z.email(),
  }),
  services: z.strictObject({
    hasSummer: z.boolean(),
    hasNordic: z.boolean(),
    hasSnowPark: z.boolean(),
    hasSkiing: z.boolean(),
    indoorResort: z.boolean(),
    glacierResort: z.boolean(),
  }),
  elevationM: z.strictObject({ top: z.number(), base: z.number() }),
  areaHa: z.number().nonnegative(),
  lifts: z.array(DatasetLift),
  runs: z.array(DatasetRun),
  parks: z.strictObject({
    parks: openTotal,
    pipes: openTotal,
    tubes: openTotal,
    jumps: z.int().nonnegative(),
    rails: z.int().nonnegative(),
  }),
  nordic: z
    .strictObject({
      totalKm: z.number().nonnegative(),
      skategroomedKm: z.number().nonnegative(),
      tracksetKm: z.number().nonnegative(),
      openKm: z.number().nonnegative(),
    })
    .nullable(),
  season: z.strictObject({ opening: monthDay, closing: monthDay, daysOpenLastYear: z.int().nonnegative() }),
  report: DatasetReport.nullable(),
  /** Forecast for today and the next 5 days (N is 0 to 5: scripts/api/README.md, "The two families"). */
  forecast: z.array(DatasetWeather).length(6),
  overview: z.partialRecord(Language, z.string().min(1)),
  webcams: z.array(DatasetWebcam),
});
export type DatasetResort = z.infer<typeof DatasetResort>;

export const DatasetAccount = z.strictObject({
  accountId: positiveId,
  email: z.email(),
  password: z.string().min(1),
  apiKey: z.string().min(8),
  /** Family B token: 48 lower-case hex characters, like the real ones. */
  token: z.string().regex(/^[0-9a-f]{48}$/, { message: 'a token is 48 lower-case hex characters' }),
  company: z.string(),
  websiteMain: z.string(),
  domain: z.string(),
  maxPerMonth: z.int().positive(),
  ...ACCOUNT_FLAGS,
});
export type DatasetAccount = z.infer<typeof DatasetAccount>;

export const DatasetAttribution = z.strictObject({
  logo: httpsUrl,
  text: Translated,
  requiresAttribution: z.boolean(),
  requiresResortAttribution: z.boolean(),
  iosLink: httpsUrl,
  androidLink: httpsUrl,
  iosText: Translated,
  androidText: Translated,
});
export type DatasetAttribution = z.infer<typeof DatasetAttribution>;

const notice = z.string().min(1);

export const ResortsFile = z.strictObject({ notice, resorts: z.array(DatasetResort).min(1) });
export const RegionsFile = z.strictObject({ notice, regions: z.array(DatasetRegion).min(1) });
export const AccountsFile = z.strictObject({ notice, accounts: z.array(DatasetAccount).min(1) });
export const AttributionFile = z.strictObject({ notice, attribution: DatasetAttribution });
/** `data/i18n/<language>.json`: flat map of message keys; English holds every key. */
export const MessagesFile = z.record(z.string(), z.string().min(1));

export interface Dataset {
  resorts: DatasetResort[];
  regions: DatasetRegion[];
  accounts: DatasetAccount[];
  attribution: DatasetAttribution;
  messages: Record<Language, Record<string, string>>;
}
