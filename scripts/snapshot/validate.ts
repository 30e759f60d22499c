/**
 * Every upstream body is parsed and checked against its endpoint's schema before anything is derived
 * from it. A body that is not JSON or breaks the schema stops the run (nothing is published), with a
 * message that names the endpoint, locale, resort and JSON path.
 */
import type { z } from 'zod';
import { jsonPath } from '../api/json-path.ts';
import { schemaFor } from '../api/schemas/by-endpoint.ts';
import { SnapshotError } from './errors.ts';
import type { Collection } from './plan.ts';

/** Parses and validates one body of collection `c`. */
export function validateBody(c: Collection, text: string): unknown {
  const where = `${c.endpoint.pattern} (${c.locale}${c.resorts.length === 1 ? `, resort ${c.resorts[0]}` : ''})`;
  const context = { endpoint: c.endpoint.id, locale: c.locale };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new SnapshotError('upstream_invalid', `${where}: the body is not valid JSON (${(error as Error).message})`, { cause: error, context });
  }
  const result = (schemaFor(c.endpoint) as z.ZodType).safeParse(json);
  if (!result.success) {
    const issues = result.error.issues.slice(0, 5).map((issue) => {
      const resort = c.endpoint.multi && !c.endpoint.multi.ordered && issue.path.length > 0 ? `resort ${String(issue.path[0])}, ` : '';
      return `${resort}${jsonPath(issue.path)}: ${issue.message}`;
    });
    throw new SnapshotError('upstream_invalid', `${where}: the body breaks the schema:\n  ${issues.join('\n  ')}`, { context });
  }
  return json;
}
