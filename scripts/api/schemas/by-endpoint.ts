/**
 * The schema each endpoint's 200 body must satisfy. Kept apart from the endpoint table so that the table
 * stays free of zod at run time (the widget shares it).
 */
import type { z } from 'zod';
import { z as zod } from 'zod';
import { perMultiEndpoint, type EndpointId, type MultiType } from '../endpoints.ts';
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

const map = (type: MultiType) => resortMap(RECORD_OF[type]);
const list = (type: MultiType) => zod.array(RECORD_OF[type]);

/** The schema of every endpoint's 200 body. */
export const SCHEMAS: Record<EndpointId, z.ZodType> = {
  'a.snowreport': SnowReportList,
  'a.resort.snowreport': ResortSnowReport,
  ...perMultiEndpoint((type, ordered) => (ordered ? list(type) : map(type))),
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

export const schemaFor = (endpoint: { id: EndpointId }): z.ZodType => SCHEMAS[endpoint.id];
