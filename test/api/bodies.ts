/**
 * Bodies of the embedded service for the contract's tests: one of each sampled endpoint, made fresh on
 * every call so a test may change it.
 */
import { beforeAll } from 'vitest';
import type { EndpointId } from '../../scripts/api/endpoints.ts';
import type { Dataset } from '../../scripts/dataset/schema.ts';
import { createService, type Service } from '../../scripts/service/service.ts';
import { FROZEN_NOW, FULL, sample } from '../helpers.ts';

let dataset: Dataset;
let service: Service;
let token: string;
/** Three resorts, ascending, for the multi-resort bodies. */
export let three: number[];

beforeAll(async () => {
  dataset = await sample();
  service = createService(dataset, { now: () => FROZEN_NOW });
  token = dataset.accounts.find((a) => a.email === FULL.email)!.token;
  three = dataset.resorts.slice(0, 3).map((r) => r.id);
});

function get(url: string, headers: Record<string, string> = {}): any {
  const response = service({ method: 'GET', url, headers });
  if (response.status !== 200) throw new Error(`${url}: HTTP ${response.status}`);
  return JSON.parse(response.body);
}

/** The endpoints `bodyOf` has a request for. */
export const SAMPLED: EndpointId[] = [
  'region.countries',
  'region.list',
  'snowreport',
  'combinedreport',
  'forecast',
  'profile',
  'links',
  'webcams',
  'attribution',
  'multi.combinedreport',
  'multi.combinedreport.ordered',
  'multi.forecast',
  'a.snowreport',
  'a.resort.snowreport',
];

/** The embedded service's 200 body for `endpoint`, on the first resort (or three resorts, or France). */
export function bodyOf(endpoint: EndpointId): any {
  const id = three[0];
  const b = (path: string, query = '') => get(`/externalservice${path}?token=${token}${query}`);
  const many = three.map((r) => `&resortId=${r}`).join('');
  switch (endpoint) {
    case 'region.countries':
      return b('/region/countries/list');
    case 'region.list':
      return b('/region/240/list');
    case 'snowreport':
      return b(`/resort/${id}/snowreport`);
    case 'combinedreport':
      return b(`/resort/${id}/combinedreport`);
    case 'forecast':
      return b(`/resort/${id}/3/day/forecast`);
    case 'profile':
      return b(`/resort/${id}/profile`);
    case 'links':
      return b(`/resort/${id}/links`);
    case 'webcams':
      return b(`/resort/${id}/webcams`);
    case 'attribution':
      return b('/myaccount/attribution');
    case 'multi.combinedreport':
      return b('/resort/combinedreport', many);
    case 'multi.combinedreport.ordered':
      return b('/resort/combinedreport/ordered', many);
    case 'multi.forecast':
      return b('/resort/forecast', many);
    case 'a.snowreport':
      return get('/resorts/snowreport', { 'x-api-key': FULL.apiKey });
    case 'a.resort.snowreport':
      return get(`/resort/${id}/snowreport`, { 'x-api-key': FULL.apiKey });
    default:
      throw new Error(`no sample request for ${endpoint}`);
  }
}
