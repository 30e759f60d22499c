/**
 * The style sheets of the frames' heights, each written from its layout's table (`npm run geometry`), the one
 * file a maintainer edits to change that layout's height: the full card's widget/card/geometry.css from
 * widget/card/geometry.ts, the compact strip's widget/card/compact-geometry.css from
 * widget/card/compact-geometry.ts, the list's widget/list/geometry.css from widget/list/geometry.ts.
 * test/tooling/reservations.test.ts fails when a written sheet is not its table's, and when a line height the
 * layout's own style sheets set is not the one its table counts. The element adopts these sheets as written
 * and the build rewrites them for the pages' selectors (scripts/tooling/reservations.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'prettier';
import {
  CARD,
  lineHeight,
  type CardCount,
  type CardFrame,
  type CardStep,
  type CardTable,
} from '../../widget/card/geometry.ts';
import {
  STRIP_LINES,
  STRIP_STEPS,
  type StripGroup,
  type StripLength,
  type StripStep,
} from '../../widget/card/compact-geometry.ts';
import { LIST, type ListFrame, type ListTable } from '../../widget/list/geometry.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The sheets, under `widget/`. */
export const CARD_SHEET = 'card/geometry.css';
export const STRIP_SHEET = 'card/compact-geometry.css';
export const LIST_SHEET = 'list/geometry.css';

/** A rule: its selector and its declarations, in order. */
const rule = (selector: string, declarations: readonly (readonly [string, string | number])[]) =>
  `${selector} {\n${declarations.map(([p, v]) => `${p}: ${v};`).join('\n')}\n}\n`;

/** A container query's rules. */
const query = (condition: string, rules: string) => `@container (${condition}) {\n${rules}}\n`;

/** The text scaling down with the width under `narrowest` em, to `least` px at the least. */
const scale = ({ narrowest, least }: { narrowest: number; least: number }) =>
  ['font-size', `max(${least}px, min(1em, 100cqi / ${narrowest}))`] as const;

/** `text` as the lines of a block comment, at most 110 characters wide. */
function comment(text: string): string {
  const lines = [''];
  for (const word of text.split(' '))
    if (` * ${lines.at(-1)} ${word}`.length > 110) lines.push(word);
    else lines[lines.length - 1] = lines.at(-1) ? `${lines.at(-1)} ${word}` : word;
  return `/*\n${lines.map((line) => ` * ${line}\n`).join('')} */\n`;
}

/** The header of a written sheet: which table it is written from, and what it is. */
const header = (table: string, what: string) =>
  comment(
    `Written by \`npm run geometry\` from ${table}, which is where ${what} is edited: a test ` +
      "(test/tooling/reservations.test.ts) fails when this sheet is not that table's. The same rules make the " +
      'room a page reserves before the script runs and the room of a pre-rendered copy in an iframe, for ' +
      'selectors of their own (scripts/tooling/reservations.ts).',
  );

const count = (c: CardCount) => (c === 'n' ? 'var(--n)' : c);
/** A card step's declarations, in the order the table writes them (`n` is the frame's tiles, `--n`). */
const cardDeclarations = (frame: CardFrame & { readonly n?: number }) =>
  Object.entries(frame).map(([key, value]: [string, CardCount]) => {
    const css = key === 'rh' || key === 'base' ? `${value}em` : count(value);
    return [key === 'n' ? '--n' : `--_${key}`, css] as const;
  });

/**
 * geometry.css for the card's table (its own by default): the frame at its widest and its height, a
 * `data-n` rule for each number of tiles, then each narrower step in a container query, the frame's rule
 * first, then its tiles', in the order of the table: a step after a narrower one that sets what the narrower
 * one sets would lose to it, and is refused.
 */
export function cardSheet(card: CardTable = CARD): string {
  // what a step sets: each property, on the frame (every number of tiles) or on the frame of `n` tiles
  const sets = (step: CardStep) => [
    ...Object.keys(step.frame ?? {}).map((key) => ({ n: 'any', key })),
    ...Object.entries(step.tiles ?? {}).flatMap(([n, frame]) =>
      Object.keys(frame).map((key) => ({ n, key })),
    ),
  ];
  card.steps.forEach((step, i) =>
    card.steps.slice(0, i).forEach((narrower) => {
      if (narrower.below >= step.below) return;
      const both = sets(step).find((a) =>
        sets(narrower).some((b) => a.key === b.key && (a.n === b.n || a.n === 'any' || b.n === 'any')),
      );
      if (both)
        throw new Error(
          `geometry: the card's step under ${step.below}em sets --_${both.key} after the narrower step under ${narrower.below}em, which would lose to it`,
        );
    }),
  );
  const { widest, rowGap, target, linksLine, attribution } = card;
  const height = [
    'var(--_base)',
    `var(--_rows) * (var(--_rh) + ${rowGap}em) - ${rowGap}em`,
    `var(--_links) * max(0px, ${target}px - ${lineHeight(linksLine)}em)`,
    `${attribution.lines} * max(0px, ${target}px - ${lineHeight(attribution)}em)`,
    'var(--_season, 0px)',
  ].join(' + ');
  const tiles = Array.from({ length: card.tiles }, (_, i) => i + 1);
  let css =
    header('geometry.ts', "the full card's height") +
    rule('.frame', [...cardDeclarations(widest), scale(card), ['height', `calc(${height})`]]) +
    tiles.map((n) => rule(`[data-n='${n}']`, [['--n', n]])).join('');
  for (const step of card.steps)
    css += query(
      `width < ${step.below}em`,
      (step.frame ? rule('.frame', cardDeclarations(step.frame)) : '') +
        Object.entries(step.tiles ?? {})
          .map(([n, frame]) => rule(`[data-n='${n}']`, cardDeclarations(frame)))
          .join(''),
    );
  return css;
}

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
  let css =
    header('compact-geometry.ts', 'the compact strip\'s height (`layout="compact"`)') +
    rule('.compact', [
      ...GROUPS.map((group) => [`--_${group}`, widest[group]] as const),
      ['height', `calc(${height})`],
    ]);
  let before = widest;
  narrower.forEach((step, i) => {
    const changed = GROUPS.filter((group) => step[group] !== before[group]);
    // a step applies under the width of the step above it
    css += query(
      `width < ${steps[i]!.from}em`,
      rule(
        '.compact',
        changed.map((group) => [`--_${group}`, step[group]] as const),
      ),
    );
    before = step;
  });
  return css;
}

/** A list step's declarations, in the order the table names them. */
const listDeclarations = (frame: ListFrame) =>
  (['hr', 'head', 'row', 'af', 'ta', 'tb'] as const).flatMap((key) => {
    const value = frame[key];
    if (value === undefined) return [];
    return [[`--_${key}`, key === 'hr' || key === 'ta' || key === 'tb' ? value : `${value}em`] as const];
  });

/**
 * geometry.css for the list's table (its own by default): the frame at its narrowest and its height, then
 * each wider step in a container query, in the order of the table, which must go from the narrowest.
 */
export function listSheet(list: ListTable = LIST): string {
  list.steps.forEach((step, i) => {
    if (i > 0 && step.from <= list.steps[i - 1]!.from)
      throw new Error(`geometry: the list's step from ${step.from}em is not wider than the one before it`);
  });
  const height = [
    `${2 * list.border}px`,
    `${2 * list.padding}em`,
    `${list.caption}em`,
    'var(--_head)',
    'var(--_n, var(--rc-rows, 1)) * var(--_row)',
    `${list.foot}em`,
    `${2 * list.attributionPadding}px`,
    `var(--_ta) * ${list.attributionLine} * var(--_af)`,
    `var(--_tb) * ${list.target}px`,
  ].join(' + ');
  return (
    header('geometry.ts', "the list's height") +
    rule('.frame', [
      ...listDeclarations({ hr: list.narrowestStep.hr }),
      // the header, at its narrowest, its lines of buttons and the room below them
      ['--_head', `calc(var(--_hr) * ${list.target}px + ${list.headBelow}em)`],
      ...listDeclarations({ row: list.narrowestStep.row, af: list.narrowestStep.af }),
      scale(list),
      ...listDeclarations({ ta: list.narrowestStep.ta, tb: list.narrowestStep.tb }),
      ['height', `calc(${height})`],
    ]) +
    list.steps
      .map((step) => query(`min-width: ${step.from}em`, rule('.frame', listDeclarations(step.frame))))
      .join('')
  );
}

/** A written sheet as prettier leaves it (the repository's style). */
export const formatted = async (css: string): Promise<string> =>
  format(css, {
    parser: 'css',
    ...(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { prettier: object }).prettier,
  });

/** Each sheet written from its table, by its path under `widget/`. */
export const writtenSheets = async (): Promise<Record<string, string>> => ({
  [CARD_SHEET]: await formatted(cardSheet()),
  [STRIP_SHEET]: await formatted(stripSheet()),
  [LIST_SHEET]: await formatted(listSheet()),
});

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [path, css] of Object.entries(await writtenSheets())) {
    writeFileSync(join(ROOT, 'widget', path), css);
    console.log(`widget/${path}`);
  }
}
