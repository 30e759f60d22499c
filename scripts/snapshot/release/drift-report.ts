/**
 * The run's drift (scripts/api/README.md, "Drift and wrong"): each answer's issues added up per endpoint,
 * one line per JSON path and kind however many answers show it, for the summary and the private state.
 */
import type { DriftIssue } from '../../api/schemas/drift.ts';

export class DriftReport {
  readonly #byEndpoint = new Map<string, Map<string, DriftIssue>>();

  /** Adds one answer's issues. */
  add(endpoint: string, issues: readonly DriftIssue[]): void {
    if (issues.length === 0) return;
    const byPath = this.#byEndpoint.get(endpoint) ?? new Map<string, DriftIssue>();
    for (const issue of issues) {
      const key = `${issue.path} ${issue.kind}`;
      const seen = byPath.get(key);
      byPath.set(key, seen ? { ...seen, count: seen.count + issue.count } : { ...issue });
    }
    this.#byEndpoint.set(endpoint, byPath);
  }

  /** The drift so far, per endpoint, endpoints in order. */
  get issues(): Record<string, DriftIssue[]> {
    return Object.fromEntries(
      [...this.#byEndpoint]
        .sort((a, b) => a[0].localeCompare(b[0]))
        .map(([endpoint, issues]) => [endpoint, [...issues.values()]]),
    );
  }
}
