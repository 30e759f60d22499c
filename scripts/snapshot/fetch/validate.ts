/**
 * Every upstream body is parsed and checked on two levels before anything is derived from it (scripts/README.md,
 * "The snapshot"):
 * - the *contract*: what the paths, the derivations and the element rely on. A body that is not JSON or
 *   breaks it cannot be used: its collection keeps its last good files, marked stale with the JSON path.
 * - *drift*: whatever else the specification's schema says (a missing or null member, an extra member, an
 *   unknown enum value, a number sent as text). The body is published as received and the drift reported.
 * A many-resort answer (a multi-resort map, Family A's list) is checked record by record when it breaks the
 * contract: the broken records' resorts keep their last good files, the others' are used.
 */
import type { EndpointId } from '../../api/endpoints.ts';
import { contractIssues, driftOf, splitRecords, type DriftIssue } from '../../api/schemas/drift.ts';
import type { Collection } from '../plan/plan.ts';

export type Validated =
  { ok: true; body: unknown; drift: DriftIssue[]; broken?: BrokenRecords } | { ok: false; reason: string };

/** Records of a many-resort answer that broke the contract, left out of the body: resort id → why. */
export type BrokenRecords = ReadonlyMap<number, string>;

/** Where a collection's body came from, for messages: `/externalservice/resort/combinedreport (en-US)`. */
export const whereOf = (c: Collection) =>
  `${c.endpoint.pattern} (${c.locale}${c.resorts.length === 1 ? `, resort ${c.resorts[0]}` : ''})`;

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
  if (issues.length === 0) return { ok: true, body: json, drift: driftOf(endpoint, json) };
  // one broken record of a many-resort answer is its resort's problem: the other resorts' records are used
  const split = splitRecords(endpoint, json);
  if (!split) return { ok: false, reason: `the body breaks the contract: ${issues.join('; ')}` };
  const broken = new Map(
    [...split.broken].map(([id, why]) => [
      id,
      `the record of resort ${id} breaks the contract: ${why.join('; ')}`,
    ]),
  );
  return { ok: true, body: split.body, drift: driftOf(endpoint, split.body), broken };
}
