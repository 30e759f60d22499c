/**
 * Region lists in the shape the real service sends (scripts/api/README.md, "Endpoints", region lists).
 */
import { z } from 'zod';

export const RegionType = z.enum(['COUNTRY', 'STATE', 'REGION']);
export type RegionType = z.infer<typeof RegionType>;

export const RegionRef = z.looseObject({
  id: z.number(),
  regionName: z.string(),
  // test/fixtures/upstream/README.md: the real countries list has a state without a `regionType`
  regionType: RegionType.optional(),
  longitude: z.number().optional(),
  latitude: z.number().optional(),
});
export type RegionRef = z.infer<typeof RegionRef>;

/** Body of `/region/{id}/list`; each element of the countries list has the same shape. */
export const RegionList = z.looseObject({
  id: z.number(),
  regionName: z.string(),
  regionType: RegionType,
  resorts: z.array(z.looseObject({ id: z.number(), resortName: z.string() })),
  states: z.array(RegionRef).optional(),
  regions: z.array(RegionRef).optional(),
  restSnowReport: z.string(),
  restRegionProfile: z.string(),
  restCombinedReport: z.string(),
  resortQueryParam: z.string(),
});
export type RegionList = z.infer<typeof RegionList>;

/** Body of `/region/countries/list`: countries sorted by name. */
export const CountriesList = z.array(RegionList);
export type CountriesList = z.infer<typeof CountriesList>;
