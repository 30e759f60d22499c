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
import { Parser } from 'htmlparser2';
import { judge } from '../../api/schemas/verdict.ts';
import { MAX_NESTING } from '../../api/schemas/zod-defs.ts';
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

/** Bodies longer than this are measured for density before they are parsed (`tooDense`). */
export const DENSE_CHARACTERS = 1 << 20;
/** Characters per value below which a long body is refused: the service's densest answers have 14. */
export const CHARACTERS_PER_VALUE = 8;

/**
 * Why a long body is refused before it is parsed, or undefined: parsed, a body of tiny values (`[{},{},…]`,
 * `[[[[…`) takes twenty times its size in memory, where the service's answers (records of many members)
 * take a few times theirs. Its values are counted by their separators and openings.
 */
export function tooDense(text: string): string | undefined {
  if (text.length <= DENSE_CHARACTERS) return undefined;
  let values = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // , [ {
    if (c === 44 || c === 91 || c === 123) values++;
  }
  return values * CHARACTERS_PER_VALUE > text.length
    ? `the body holds ${values} values in ${text.length} characters, fewer than ${CHARACTERS_PER_VALUE} characters a value: no answer of the service is so dense, and parsed it would take many times its size in memory`
    : undefined;
}

/** Parses and validates one body of collection `c`, its dates held to windows around the build's `clock`. */
export function validateBody(c: Collection, text: string, clock: number): Validated {
  const dense = tooDense(text);
  if (dense) return { ok: false, reason: dense };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: notJson(error) };
  }
  const verdict = judge(c.endpoint.id, json, clock);
  if (!verdict.ok) return verdict;
  const html = c.endpoint.id === 'overview' ? overviewProblem(verdict.body) : undefined;
  if (html) return { ok: false, reason: `the body breaks the contract: ${html}` };
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

/** The longest overview the build sanitises: the service's are a few kilobytes. */
export const MAX_OVERVIEW_CHARACTERS = 256 * 1024;

/**
 * What is wrong with an overview's HTML before it is sanitised, or undefined: longer than any the service
 * writes, or its elements nested deeper than `MAX_NESTING` (an HTML sanitiser's work grows with the
 * square of the nesting; one pass of a parser measures it).
 */
export function overviewProblem(body: unknown): string | undefined {
  const html = (body as { resortOverviews?: { overview?: { body?: unknown } } } | null)?.resortOverviews
    ?.overview?.body;
  if (typeof html !== 'string') return undefined;
  if (html.length > MAX_OVERVIEW_CHARACTERS)
    return `$.resortOverviews.overview.body: longer than ${MAX_OVERVIEW_CHARACTERS} characters`;
  let depth = 0;
  let deepest = 0;
  const parser = new Parser({
    onopentag() {
      deepest = Math.max(deepest, ++depth);
    },
    onclosetag() {
      depth--;
    },
  });
  parser.write(html);
  parser.end();
  return deepest > MAX_NESTING
    ? `$.resortOverviews.overview.body: elements nested deeper than ${MAX_NESTING} levels`
    : undefined;
}
