/**
 * "Did you mean …?": the known word closest to one that was not known (a flag, a command, a config key), by
 * the number of letters to add, remove, change or swap, or a word it begins. Pure.
 */

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of two neighbours. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The word of `known` closest to `given` (compared in lower case): within a third of its length of edits
 * (at least one), or one that `given` begins (`--loc` → `--locales`); undefined when none is that close.
 */
export function closest(given: string, known: readonly string[]): string | undefined {
  const word = given.toLowerCase();
  if (word === '') return undefined;
  let best: { word: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(word, candidate.toLowerCase());
    if (!best || distance < best.distance) best = { word: candidate, distance };
  }
  if (best && best.distance <= Math.max(1, Math.floor(word.length / 3))) return best.word;
  const started = known.filter((candidate) => candidate.toLowerCase().startsWith(word));
  return word.length >= 3 && started.length === 1 ? started[0] : undefined;
}
