/**
 * Family B: the resort web service (scripts/api/README.md, "The two families"). Documented fields are typed exactly; everything else
 * passes through. Report members that real resorts leave missing, `null` or `""` early in the season
 * (test/fixtures/upstream/README.md) are accepted as such.
 */
import { z } from 'zod';
import { ID_PATTERN } from '../text.ts';

/** A number the upstream may leave out, send as `null`, or send as `""` early in the season. */
const gapNumber = z.union([z.number(), z.null(), z.literal('')]).optional();
/** A string the upstream may leave out or send as `null`. */
const gapString = z.string().nullable().optional();
/** A count or a length the upstream may leave out, send as `null` or `""`: never below 0. */
const gapCount = z.union([z.number().min(0), z.null(), z.literal('')]).optional();
/** A share in per cent, as `gapCount`: 0 to 100. */
const gapPercent = z.union([z.number().min(0).max(100), z.null(), z.literal('')]).optional();
const num = z.number().optional();
const str = z.string().optional();
const bool = z.boolean().optional();

/** `YYYY-MM-DD`. */
export const DayString = z.iso.date();
/** `YYYY.MM.DD HH:MM:SS UTC`, the service's own timestamp text (the weather record). */
export const UtcStamp = z.string().regex(/^\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}:\d{2} UTC$/, {
  message: 'expected a timestamp shaped "YYYY.MM.DD HH:MM:SS UTC"',
});

export const ProfileRecord = z.looseObject({
  id: z.number(),
  resortName: z.string(),
  resortShortName: str,
  terrain: z
    .looseObject({
      area: num,
      numExpertRuns: num,
      numAdvancedRuns: num,
      numIntermediateRuns: num,
      numBeginnerRuns: num,
      perExpertRuns: num,
      perAdvancedRuns: num,
      perIntermediateRuns: num,
      perBeginnerRuns: num,
      numRuns: num,
      elevationTop: num,
      elevationBase: num,
      verticalHeight: num,
      longestRun: num,
      kmPistes: num,
      lenExpertRuns: num,
      lenAdvancedRuns: num,
      lenIntermediateRuns: num,
      lenBeginnerRuns: num,
    })
    .optional(),
  lifts: z
    .looseObject({
      numLifts: num,
      numSurfaceLifts: num,
      numTripleChairs: num,
      numDoubleChairs: num,
      numQuadChairs: num,
      numGondolasTrans: num,
      numHighSpeedQuads: num,
      numHighSpeedSix: num,
      // scripts/api/README.md, "Choices where the specification is silent": the embedded service also counts eight-seat and other lifts
      numHighSpeedEight: num.optional(),
      numOtherLifts: num.optional(),
    })
    .optional(),
  location: z
    .looseObject({
      id: num,
      street: gapString,
      zip: gapString,
      city: gapString,
      stateName: gapString,
      countryName: gapString,
      longitude: num,
      latitude: num,
    })
    .optional(),
  resortContact: z
    .looseObject({
      id: num,
      website: gapString,
      lodgingPhone: gapString,
      phone800: gapString,
      skierEmail: gapString,
    })
    .optional(),
  facts: z
    .looseObject({
      projectedClosingDate: DayString.or(z.literal('')).nullable().optional(),
      projectedOpeningDate: DayString.or(z.literal('')).nullable().optional(),
      numDaysOpenLastYear: gapNumber,
    })
    .optional(),
  snowPark: z
    .looseObject({ numParks: num, numParkPipes: num, numParkJumps: num, numParkRails: num })
    .optional(),
  nordic: z.looseObject({ kmNordic: num }).optional(),
  services: z
    .looseObject({
      hasSummer: bool,
      hasNordic: bool,
      hasSnowPark: bool,
      hasSkiing: bool,
      indoorResort: bool,
      glacierResort: bool,
    })
    .optional(),
});
export type ProfileRecord = z.infer<typeof ProfileRecord>;

/** Weather record: `currentWeather` and each forecast day (scripts/api/README.md, "Endpoints"). */
export const WeatherRecord = z.looseObject({
  is_forecast: bool,
  is_reported: bool,
  snowfall: gapNumber,
  tempTop: gapNumber,
  tempBottom: gapNumber,
  tempTopMax: gapNumber,
  tempTopMin: gapNumber,
  tempBottomMax: gapNumber,
  tempBottomMin: gapNumber,
  weatherSymbol: gapString,
  bottomWeatherSymbol: gapString,
  windspeed: gapNumber,
  bottomWindspeed: gapNumber,
  direction: gapString,
  bottomWinddirectionName: gapString,
  surfaceTop: z.int().optional(),
  surfaceBottom: z.int().optional(),
  surfaceTopOffSlope: z.int().optional(),
  surfaceBottomOffSlope: z.int().optional(),
  surfaceTopText: str,
  surfaceBottomText: str,
  surfaceTopOffSlopeText: str,
  surfaceBottomOffSlopeText: str,
  forecastDate: DayString.optional(),
  date: z.int().optional(),
  date_local: z.int().optional(),
  date_str: UtcStamp.optional(),
  date_local_str: UtcStamp.optional(),
  lastModified: z.int().optional(),
  lastModified_str: UtcStamp.optional(),
});
export type WeatherRecord = z.infer<typeof WeatherRecord>;

/** Body of `/resort/{id}/{N}/day/forecast`: `currentWeather` first (real clients read the first member). */
export const ForecastRecord = z.looseObject({
  currentWeather: WeatherRecord,
  forecast: z.array(WeatherRecord),
});
export type ForecastRecord = z.infer<typeof ForecastRecord>;

const surfacePair = {
  surfaceBottom: gapString,
  surfaceBottomId: gapNumber,
  surfaceTop: gapString,
  surfaceTopId: gapNumber,
};

export const SnowReportBody = z.looseObject({
  openflag: z.number().optional(),
  openflagname: gapString,
  openflagName: gapString,
  snowQuality: z
    .looseObject({
      offSlope: z.looseObject(surfacePair).optional(),
      onSlope: z
        .looseObject({ ...surfacePair, lowerDepth: gapNumber, upperDepth: gapNumber, middleDepth: gapNumber })
        .optional(),
    })
    .optional(),
  // the open counterparts of the profile's containers (scripts/api/README.md, "Records"): the members real
  // clients read are typed; any other is drift
  terrainReport: z
    .looseObject({
      trailsOpen: gapCount,
      perTrailsOpen: gapPercent,
      acresOpen: gapCount,
      numKmOpen: gapCount,
      numBeginnerOpen: gapCount,
      numIntermediateOpen: gapCount,
      numAdvancedOpen: gapCount,
      numExpertOpen: gapCount,
      numNightRunsOpen: gapCount,
      canReturnBySki: bool,
    })
    .optional(),
  snowParkReport: z.looseObject({ parksOpen: gapCount, pipesOpen: gapCount, tubesOpen: gapCount }).optional(),
  nordicReport: z
    .looseObject({ kmNordicOpen: gapCount, kmNordicSkateGroomed: gapCount, kmNordicTrackset: gapCount })
    .optional(),
  liftsReport: z.looseObject({ liftsOpen: gapCount, perLiftsOpen: gapPercent }).optional(),
  resortReportedWeather: z
    .looseObject({ tempTop: gapNumber, tempBottom: gapNumber, snowfall: gapCount, weatherSymbol: gapString })
    .optional(),
  snowfall: z
    .looseObject({
      snowReportedDate: DayString.or(z.literal('')).nullable().optional(),
      snow24h: gapNumber,
      snow48h: gapNumber,
      snow72h: gapNumber,
      callAheadPhone: gapString,
    })
    .optional(),
});
export type SnowReportBody = z.infer<typeof SnowReportBody>;

export const SnowReportRecord = z.looseObject({
  id: z.number(),
  resortName: z.string(),
  resortShortName: str,
  activeDate: DayString.or(z.literal('')).nullable().optional(),
  report: SnowReportBody,
  currentWeather: WeatherRecord.optional(),
  // test/fixtures/upstream/README.md: a real client reads a top-level `lastModified_str` of the snow report
  lastModified: z.int().optional(),
  lastModified_str: UtcStamp.optional(),
});
export type SnowReportRecord = z.infer<typeof SnowReportRecord>;

const Link = z.looseObject({ url: z.string(), title: z.string(), text: z.string() });
export const LinksBody = z.looseObject({
  seasonpasses: z.looseObject({ url: z.string(), title: z.string() }),
  news: Link,
  cams: Link,
  skireport: Link,
  weather: Link,
  lifttickets: Link,
  travel: Link,
  profile: Link,
});
export type LinksBody = z.infer<typeof LinksBody>;
export const LinksRecord = z.looseObject({ links: LinksBody });
export type LinksRecord = z.infer<typeof LinksRecord>;

export const OverviewRecord = z.looseObject({
  resortOverviews: z.looseObject({ overview: z.looseObject({ body: z.string() }) }),
});
export type OverviewRecord = z.infer<typeof OverviewRecord>;

/** Credit line of a webcam; its members are not in the specification (scripts/api/README.md, "Endpoints"). */
export const CreditLine = z.looseObject({ text: str, url: str });
export const WebcamRecord = z.looseObject({
  webcamId: z.number(),
  resort: z.number(),
  // scripts/api/README.md, "Choices where the specification is silent": the embedded service names each webcam
  title: str.optional(),
  lastUpdate: z.int(),
  lastUpdate_str: UtcStamp,
  orderNr: z.number(),
  creditLine: CreditLine,
  image: z.looseObject({ thumb: z.string(), mid: z.string(), large: z.string(), creditLine: CreditLine }),
});
export type WebcamRecord = z.infer<typeof WebcamRecord>;
export const WebcamList = z.array(WebcamRecord);

export const CombinedReportRecord = z.looseObject({
  resortId: z.number(),
  resortName: z.string(),
  links: LinksRecord.optional(),
  info: ProfileRecord,
  report: SnowReportBody.optional(),
  currentWeather: WeatherRecord.optional(),
  forecast: z.array(WeatherRecord).optional(),
});
export type CombinedReportRecord = z.infer<typeof CombinedReportRecord>;

/** The account's feature flags (scripts/api/README.md, "The embedded service"), shared by the account record and the embedded dataset. */
export const ACCOUNT_FLAGS = {
  hasLatlong: z.boolean(),
  hasCams: z.boolean(),
  hasReviews: z.boolean(),
  hasNews: z.boolean(),
  canLite: z.boolean(),
  canMobile: z.boolean(),
  canPlus: z.boolean(),
  hasWeather: z.boolean(),
  hasAttribution: z.boolean(),
  canWeb: z.boolean(),
  isActive: z.boolean(),
  hasOverviews: z.boolean(),
};

export const AccountRecord = z.looseObject({
  accountId: z.number(),
  email: z.string(),
  password: z.string(),
  company: z.string(),
  websiteMain: z.string(),
  maxPerMonth: z.number(),
  ...ACCOUNT_FLAGS,
});
export type AccountRecord = z.infer<typeof AccountRecord>;

/** The two mobile platforms of the attribution record are iOS and Android (scripts/api/README.md, "Endpoints"). */
export const AttributionRecord = z.looseObject({
  attributionLogo: z.string(),
  attributionText: z.string(),
  requiresAttribution: z.boolean(),
  requiresResortAttribution: z.boolean(),
  domain: z.string(),
  iosAttributionText: z.string(),
  iosAttributionLink: z.string(),
  androidAttributionText: z.string(),
  androidAttributionLink: z.string(),
});
export type AttributionRecord = z.infer<typeof AttributionRecord>;

export const TokenRecord = z.looseObject({ token: z.string(), domain: z.string() });
export type TokenRecord = z.infer<typeof TokenRecord>;

/** A key of a multi-resort map: a resort id, as the map's JSON writes it. */
export const ResortIdKey = z.string().regex(ID_PATTERN, {
  message: 'map keys must be resort ids (a whole number of 1 to 10 digits, no leading zero)',
});

/** A multi-resort map body: keys are resort ids. */
export function resortMap<T extends z.ZodType>(record: T) {
  return z.record(ResortIdKey, record);
}
