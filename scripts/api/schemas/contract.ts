/**
 * The contract of every endpoint's 200 body: only what the static paths, the derivations
 * (`scripts/snapshot/derive/derive.ts`, `scope.ts`), the remote source and the element (`widget/data.ts`,
 * `widget/card/`) rely on. A body that breaks it cannot be used. Everything else the full schemas
 * (`by-endpoint.ts`) check is drift (`drift.ts`): published as received, and reported.
 *
 * Every object is loose (extra members pass), every member not named here may be missing, `null` or of
 * any type. A map keyed by resort id and its ordered form hold records of the single-resort contract,
 * because derivation publishes each map value as that resort's single-resort file.
 */
import { z } from 'zod';
import { perMultiEndpoint, type EndpointId, type MultiType } from '../endpoints.ts';
import { MAX_ID } from '../text.ts';
import { ResortIdKey } from './family-b.ts';

/**
 * An id that names a file: exactly what the path function accepts (`text.ts` `isPositiveId`, `ID_PATTERN`),
 * so an id the contract lets through always names a file, and one it refuses is its record's problem.
 */
export const Id = z.int().positive().max(MAX_ID);

/** A key of a multi-resort map (family-b.ts `resortMap`): at most ten digits, so `Number(key)` stays exact. */
const IdKey = ResortIdKey;

/** A record nobody reads a member of: it must still be a record (it is published as a file of its own). */
const AnyRecord = z.looseObject({});

/** A state or region of a country (`scope.ts` `subregionIds`; `?? []` there, so the lists may be null). */
const SubregionRefs = z
  .array(
    z.looseObject({
      id: Id, // derive: scope.ts subregionIds fetches `region/{id}/list`; paths: names its file
    }),
  )
  .nullish();

/** One region list, alone (`region/{id}/list`) or as an element of the countries list. */
const RegionList = z.looseObject({
  id: Id, // derive: countriesFiles/rewriteRegionList name `region/{id}/list` and the `region-{id}` group
  resorts: z
    .array(
      z.looseObject({
        id: Id, // derive: scope.ts collects the snapshot's resorts; rewriteRegionList builds `resortId=` links
        resortName: z.string(), // derive: scope.ts names each resort in the manifest
      }),
    )
    // rewriteRegionList writes one `resortId=` per entry: a resort named twice is one entry too many
    .superRefine(once('resort', (r) => r.id)),
  states: SubregionRefs, // derive: scope.ts subregionIds
  regions: SubregionRefs, // derive: scope.ts subregionIds
});

/** A refinement of a list whose members name ids: each id once; a later one naming it again is the problem. */
function once<T>(what: string, idOf: (member: T) => number) {
  return (members: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<number>();
    members.forEach((member, i) => {
      const id = idOf(member);
      if (seen.has(id))
        ctx.addIssue({ code: 'custom', path: [i], message: `the id of an earlier ${what} again` });
      seen.add(id);
    });
  };
}

/** Family A record as an element of the list: derivation files it under its `resort`. */
const FamilyARecord = z.looseObject({
  resort: Id, // derive: familyAFiles keys the per-resort and group files by `resort` (optional in the full schema)
});

const SnowReport = AnyRecord; // paths: published as `resort/{id}/snowreport`; nothing reads a member
const Profile = AnyRecord; // paths: published as `resort/{id}/profile`; the element reads `info` members defensively
const Webcams = z.array(z.unknown()); // paths: published as `resort/{id}/webcams`; nothing reads an element

const Forecast = z.looseObject({
  currentWeather: z.looseObject({}), // element: data.ts drops a forecast whose `currentWeather` is not an object
  forecast: z.array(z.unknown()), // derive: multiFiles slices it for every N; element: data.ts checks it is an array
});

const CombinedReport = z.looseObject({
  resortName: z.string(), // element: data.ts rejects the file unless `resortName` is a string (card heading)
  info: z.looseObject({}), // element: data.ts requires an object; derive: multiFiles publishes it as the profile file
  report: z.looseObject({}).optional(), // element: data.ts rejects a `report` that is present but not an object
  links: z.looseObject({}).nullish(), // derive: multiFiles publishes a present `links` as the links file
});

const RECORD_OF: Record<MultiType, z.ZodType> = {
  snowreport: SnowReport,
  webcams: Webcams,
  combinedreport: CombinedReport,
  forecast: Forecast,
  profile: Profile,
};

/** derive: multiFiles files every value under `Number(key)` (`checkId`); a non-id key cannot name a file. */
const map = (type: MultiType) => z.record(IdKey, RECORD_OF[type]);
/** paths: the ordered form is an array (`…/ordered` file); derivation builds it and never reads one. */
const list = (type: MultiType) => z.array(RECORD_OF[type]);

/** What every endpoint's 200 body must satisfy to be used at all. */
export const CONTRACT: Record<EndpointId, z.ZodType> = {
  // derive: familyAFiles files each record under its `resort`: two records of one resort cannot both be it
  'a.snowreport': z.array(FamilyARecord).superRefine(once('resort', (r) => r.resort)),
  'a.resort.snowreport': AnyRecord, // element: data.ts ignores a Family A file that is not an object
  ...perMultiEndpoint((type, ordered) => (ordered ? list(type) : map(type))),
  // derive: countriesFiles maps over the countries, each its own `region/{id}/list` file: one id once
  // scope.ts finds every resort and region in it: a list that names no country is missing, not an account
  // of none, and is refused whole, so it keeps its last good copy (scripts/docs/snapshot.md, "Missing is not broken")
  'region.countries': z
    .array(RegionList)
    .min(1, 'a countries list names at least one country')
    .superRefine(once('country', (c) => c.id)),
  'region.list': RegionList,
  forecast: Forecast,
  links: AnyRecord, // paths: published as `resort/{id}/links`; the element reads `combined.links` defensively
  overview: AnyRecord, // paths: published as received
  profile: Profile,
  snowreport: SnowReport,
  combinedreport: CombinedReport,
  webcams: Webcams,
  'auth.token': z.looseObject({
    token: z.string(), // source: scripts/snapshot/source/remote.ts sends it with every Family B request
  }),
  'auth.account': z.looseObject({
    // source: scripts/snapshot/source/remote.ts plans by the account's features and monthly budget
    hasWeather: z.boolean(),
    hasOverviews: z.boolean(),
    hasCams: z.boolean(),
    maxPerMonth: z.number(),
  }),
  attribution: AnyRecord, // element: data.ts ignores an attribution that is not an object; members are read defensively
};
