/**
 * Every upstream body is parsed and checked on two levels before anything is derived from it (scripts/README.md,
 * "The snapshot"):
 * - the *contract*: what the paths, the derivations and the element rely on. A body that is not JSON or
 *   breaks it cannot be used: its collection keeps its last good files, marked stale with the JSON path.
 * - *drift*: whatever else the specification's schema says (a missing or null member, an extra member, an
 *   unknown enum value, a number sent as text). The body is published as received and the drift reported.
 */
import type { EndpointId } from '../api/endpoints.ts';
import { contractIssues, driftOf, type DriftIssue } from '../api/schemas/drift.ts';
import type { Collection } from './plan.ts';

export type Validated = { ok: true; body: unknown; drift: DriftIssue[] } | { ok: false; reason: string };

/** Where a collection's body came from, for messages: `/externalservice/resort/combinedreport (en-US)`. */
export const whereOf = (c: Collection) => `${c.endpoint.pattern} (${c.locale}${c.resorts.length === 1 ? `, resort ${c.resorts[0]}` : ''})`;

/** Parses and validates one body of collection `c`. */
export function validateBody(c: Collection, text: string): Validated {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: `the body is not valid JSON (${(error as Error).message})` };
  }
  const endpoint: EndpointId = c.endpoint.id;
  const issues = contractIssues(endpoint, json);
  if (issues.length > 0) return { ok: false, reason: `the body breaks the contract: ${issues.join('; ')}` };
  return { ok: true, body: json, drift: driftOf(endpoint, json) };
}
