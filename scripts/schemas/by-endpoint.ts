/**
 * The schema each endpoint's 200 body must satisfy. Kept apart from the endpoint table so that the table
 * stays free of zod at run time (the widget shares it).
 */
import type { z } from 'zod';
import { z as zod } from 'zod';
import type { Endpoint, MultiType } from '../service/endpoints.ts';
import { ResortSnowReport, SnowReportList } from './family-a.ts';
import {
  AccountRecord,
  AttributionRecord,
  CombinedReportRecord,
  ForecastRecord,
  LinksRecord,
  OverviewRecord,
  ProfileRecord,
  SnowReportRecord,
  TokenRecord,
  WebcamList,
  resortMap,
} from './family-b.ts';
import { CountriesList, RegionList } from './regions.ts';

const RECORD_OF: Record<MultiType, z.ZodType> = {
  snowreport: SnowReportRecord,
  webcams: WebcamList,
  combinedreport: CombinedReportRecord,
  forecast: ForecastRecord,
  profile: ProfileRecord,
};

const SINGLE: Record<string, z.ZodType> = {
  'a.snowreport': SnowReportList,
  'a.resort.snowreport': ResortSnowReport,
  'region.countries': CountriesList,
  'region.list': RegionList,
  forecast: ForecastRecord,
  links: LinksRecord,
  overview: OverviewRecord,
  profile: ProfileRecord,
  snowreport: SnowReportRecord,
  combinedreport: CombinedReportRecord,
  webcams: WebcamList,
  'auth.token': TokenRecord,
  'auth.account': AccountRecord,
  attribution: AttributionRecord,
};

export function schemaFor(endpoint: Endpoint): z.ZodType {
  if (endpoint.multi) {
    const record = RECORD_OF[endpoint.multi.type];
    return endpoint.multi.ordered ? zod.array(record) : resortMap(record);
  }
  const schema = SINGLE[endpoint.id];
  if (!schema) throw new Error(`no schema for endpoint "${endpoint.id}"`);
  return schema;
}
