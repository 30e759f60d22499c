/**
 * The style sheets written from a table (`npm run geometry`): the compact strip's height,
 * widget/card/compact-geometry.css, from widget/card/compact-geometry.ts, the one place a maintainer edits
 * it. The full card's and the list's heights are their style sheets (widget/card/geometry.css,
 * widget/list/geometry.css), written by hand. test/tooling/reservations.test.ts fails when a written sheet
 * is not its table's.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'prettier';
import {
  STRIP_LINES,
  STRIP_STEPS,
  type StripGroup,
  type StripLength,
  type StripStep,
} from '../../widget/card/compact-geometry.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The strip's sheet, under `widget/`. */
export const STRIP_SHEET = 'card/compact-geometry.css';

const GROUPS = ['g1', 'g2', 'ta', 'tb'] as const satisfies readonly StripGroup[];

/** A length as CSS writes it, times `times` (a custom property) when given. */
function length({ em, px }: StripLength, times?: string): string {
  const terms = [
    ...(em ? [[...em.slice(0, -1).map(String), `${em.at(-1)}em`].join(' * ')] : []),
    ...(px === undefined ? [] : [`${px}px`]),
  ];
  return times ? terms.map((t) => `${times} * ${t}`).join(' + ') : terms.join(' + ');
}

/**
 * compact-geometry.css for a table of steps and lines (the strip's own by default): the widest step's lines
 * and the height on `.compact`, then each narrower step's changed lines in a container query.
 */
export function stripSheet(steps: readonly StripStep[] = STRIP_STEPS, lines = STRIP_LINES): string {
  const [widest, ...narrower] = steps;
  if (!widest) throw new Error('geometry: the strip has no steps');
  const height = [
    length(lines.fixed),
    ...GROUPS.map((group) => length(lines[group], `var(--_${group})`)),
  ].join(' + ');
  let css = `/*
 * Written by \`npm run geometry\` from compact-geometry.ts, which is where the strip's height is edited: a test
 * (test/tooling/reservations.test.ts) fails when this sheet is not that table's. The compact strip's height
 * (\`layout="compact"\`), each narrower step's lines in a container query; the same rules make the room a
 * page reserves before the script runs (\`resort-conditions.css\`) and the room of a pre-rendered strip in
 * an iframe (\`resort-conditions-frame.css\`), for selectors of their own (scripts/tooling/reservations.ts).
 */
.compact {
${GROUPS.map((group) => `--_${group}: ${widest[group]};`).join('\n')}
height: calc(${height});
}
`;
  let before = widest;
  narrower.forEach((step, i) => {
    const changed = GROUPS.filter((group) => step[group] !== before[group]);
    // a step applies under the width of the step above it
    css += `@container (width < ${steps[i]!.from}em) {
.compact {
${changed.map((group) => `--_${group}: ${step[group]};`).join('\n')}
}
}
`;
    before = step;
  });
  return css;
}

/** A written sheet as prettier leaves it (the repository's style). */
export const formatted = async (css: string): Promise<string> =>
  format(css, {
    parser: 'css',
    ...(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { prettier: object }).prettier,
  });

/** Each sheet written from its table, by its path under `widget/`. */
export const writtenSheets = async (): Promise<Record<string, string>> => ({
  [STRIP_SHEET]: await formatted(stripSheet()),
});

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [path, css] of Object.entries(await writtenSheets())) {
    writeFileSync(join(ROOT, 'widget', path), css);
    console.log(`widget/${path}`);
  }
}
