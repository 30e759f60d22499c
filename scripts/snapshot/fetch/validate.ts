/**
 * Every upstream body is parsed and judged before anything is derived from it (scripts/api/README.md,
 * "Drift and wrong"; `scripts/api/schemas/verdict.ts`):
 * - its *problems*: what breaks the contract (what the paths, the derivations and the element rely on) or
 *   what the specification calls wrong (a member of the wrong type, a required one missing, an impossible
 *   value, nesting deeper than any record). A body that is not JSON, or whose problems are not confined to
 *   records that can go on their own, cannot be used: its collection keeps its last good files, marked
 *   stale with the JSON paths. Records with problems (a resort's in a many-resort answer, a country or an
 *   entry of a region list) are left out, and the rest is used.
 * - its *drift*: a member the specification does not name, a new enumeration value, `null` for a member
 *   that may be absent. Published as received, and reported.
 * No reason quotes the body: an answer that failed is named by its endpoint and JSON paths only.
 */
import { judge } from '../../api/schemas/verdict.ts';
import type { DriftIssue } from '../../api/schemas/drift.ts';
import type { Collection } from '../model.ts';

export type Validated =
  | { ok: true; body: unknown; drift: DriftIssue[]; broken?: BrokenRecords; dropped?: string[] }
  | { ok: false; reason: string };

/** Records of a many-resort answer that broke the contract, left out of the body: resort id → why. */
export type BrokenRecords = ReadonlyMap<number, string>;

/** Where a collection's body came from, for messages: `/externalservice/resort/combinedreport (en-US)`. */
export const whereOf = (c: Collection) =>
  `${c.endpoint.pattern} (${c.locale}${c.resorts.length === 1 ? `, resort ${c.resorts[0]}` : ''})`;

/**
 * Why a text is not JSON, without a character of it: V8's message quotes the text around the fault (and
 * an answer echoing a credential would have it quoted into the log and the index).
 */
export function notJson(error: unknown): string {
  const at = /position (\d+)/.exec(error instanceof Error ? error.message : '')?.[1];
  return `the body is not valid JSON${at !== undefined ? ` (at character ${at})` : ''}`;
}

/** Parses and validates one body of collection `c`. */
export function validateBody(c: Collection, text: string): Validated {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: notJson(error) };
  }
  const verdict = judge(c.endpoint.id, json);
  if (!verdict.ok) return verdict;
  const broken = verdict.broken
    ? new Map(
        [...verdict.broken].map(([id, why]) => [
          id,
          `the record of resort ${id} breaks the contract: ${why.join('; ')}`,
        ]),
      )
    : undefined;
  return {
    ok: true,
    body: verdict.body,
    drift: verdict.drift,
    ...(broken ? { broken } : {}),
    ...(verdict.dropped ? { dropped: verdict.dropped } : {}),
  };
}
