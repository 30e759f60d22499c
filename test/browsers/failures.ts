/** The sweep's failures: one line per kind of failure for the assertion, one row per case for the table. */
import type { EngineName } from './engines.ts';

/** One failing case of the sweep: what was checked, where (`<width>px <page> #<resort>`), and by how much. */
export interface Failure {
  engine: EngineName;
  check: 'shift' | 'box' | 'value' | 'target' | 'band' | 'page';
  where: string;
  detail: string;
}

/**
 * The failures as lines: the failures of one kind of page at neighbouring widths in one line, each number
 * of their details as its least and greatest (`firefox days="7" font=16px at 240–899 px (93 widths):
 * reserved 726–1059 px, final 840–1158 px, text below moved 74.3–114 px`). The table has each case.
 */
export function grouped(failures: Failure[]): string[] {
  const groups = new Map<string, { where: string; shape: string; widths: number[]; numbers: number[][] }>();
  for (const f of failures) {
    const m = /^(\d+)px (.*?)(?: #\d+)?$/.exec(f.where);
    const where = `${f.engine} ${m ? m[2] : f.where}`;
    // numbers outside quotes vary from width to width; a quoted value is part of the kind
    const numbers: number[] = [];
    const shape = f.detail
      .split(/("[^"]*")/)
      .map((part, i) =>
        i % 2 ? part : part.replace(/-?\d+(?:\.\d+)?/g, (n) => (numbers.push(Number(n)), '\u0001')),
      )
      .join('');
    const key = `${where}\u0000${shape}`;
    const group = groups.get(key) ?? { where, shape, widths: [], numbers: [] };
    groups.set(key, group);
    if (m) group.widths.push(Number(m[1]));
    group.numbers.push(numbers);
  }
  return [...groups.values()].map(({ where, shape, widths, numbers }) => {
    let i = 0;
    const detail = shape.replaceAll('\u0001', () => {
      const column = numbers.map((n) => n[i]!);
      i++;
      const [min, max] = [Math.min(...column), Math.max(...column)];
      return min === max ? `${min}` : `${min}–${max}`;
    });
    if (!widths.length) return `${where}: ${detail}`;
    const runs: number[][] = [];
    for (const w of widths.sort((a, b) => a - b)) {
      const run = runs.at(-1);
      if (run && w - run.at(-1)! <= 8) run.push(w);
      else runs.push([w]);
    }
    const at = runs.map((r) => (r.length === 1 ? `${r[0]}` : `${r[0]}–${r.at(-1)}`)).join(', ');
    return `${where} at ${at} px (${widths.length} width${widths.length === 1 ? '' : 's'}): ${detail}`;
  });
}
