/**
 * The list's template: a caption, a header of sort buttons, one row per resort, and the attribution once.
 * Every name, id and URL from the files is text or an attribute value bound by lit, never markup; a row's
 * link is the page's pattern with the id URL-encoded, and only an http(s) one is kept.
 */
import { html, nothing, type HTMLTemplateResult } from 'lit/html.js';
import { formatter, safeUrl } from '../format.ts';
import { plural, type Loaded } from '../i18n/index.ts';
import { isImperial } from '../locale.ts';
import { renderAttribution } from '../attribution.ts';
import type { ReportContext } from '../context.ts';
import type { ReportView } from '../state.ts';
import type { AttributionRecord } from '../../scripts/api/browser.ts';
import { COLUMNS, firstDirection, type Column, type Row, type Sort } from './rows.ts';
import { hyphenated, listStrings } from './strings.ts';

/** What the list shows: loading (the rows' count known or not), rows, or a message. */
export type ListView =
  | { kind: 'loading' }
  | { kind: 'rows'; rows: Row[]; sort?: Sort; attribution?: AttributionRecord }
  | { kind: 'error' }
  | { kind: 'index-unavailable' }
  | { kind: 'unknown-region' }
  | { kind: 'invalid' };

export interface ListContext {
  t: Loaded;
  locale: string;
  /** The link of a resort's name, or undefined. */
  link(id: number): string | undefined;
  /** The published copy of the attribution's logo. */
  asset(url: unknown): string | undefined;
  /** A page without a clock (the pre-rendered lists). */
  frozen?: boolean;
  onSort(column: Column, direction?: Sort['direction']): void;
  retry(): void;
}

/** The link of each resort from a page's pattern (`https://partner.example/resorts/{id}`): only http(s), the id URL-encoded. */
export function linkPattern(pattern: string | null | undefined): (id: number) => string | undefined {
  if (typeof pattern !== 'string' || !pattern.includes('{id}')) return () => undefined;
  return (id) => safeUrl(pattern.split('{id}').join(encodeURIComponent(String(id))));
}

/**
 * The headers' text, each with what a screen reader says besides (new snow over 24 hours…); the words
 * with their places to hyphenate (`hyphenated`), so that a narrow column breaks none elsewhere.
 */
function headers(ctx: ListContext): Record<Column, [visible: string, hidden?: string]> {
  const l = listStrings(ctx.locale);
  const h = (text: string) => hyphenated(ctx.locale, text);
  return {
    name: [l.resort],
    status: [l.state],
    date: [h(l.updated)],
    snow24: ['24 h', ctx.t.newSnow],
    snow48: ['48 h', ctx.t.newSnow],
    snow72: ['72 h', ctx.t.newSnow],
    base: [h(ctx.t.base)],
    summit: [h(ctx.t.summit)],
    lifts: [h(ctx.t.lifts)],
    runs: [h(ctx.t.runs)],
  };
}

/**
 * The header: a sort button per column, and the stacked rows' select (`renderPick`), each shown where the
 * other is not (list-narrow.css); while the rows load, an empty row of the header's height (no words, no
 * sort), since the locale's words and the order come with the data and a label that changed as they came
 * would move the others. The header's row is no Tab stop of its own: its buttons, or its select, are.
 */
function renderHead(ctx: ListContext, view: ListView) {
  const sort = view.kind === 'rows' ? view.sort : undefined;
  const enabled = view.kind === 'rows' && view.rows.length > 1;
  const h = headers(ctx);
  return html`<thead part="header" role="rowgroup" tabindex="-1" aria-hidden=${view.kind === 'loading' ? 'true' : nothing}><tr role="row">
    ${
      view.kind === 'loading'
        ? nothing
        : COLUMNS.map((column) => {
            const [visible, hidden] = h[column];
            const sorted = sort?.column === column ? sort.direction : undefined;
            const label = html`${hidden ? html`<span class="visually-hidden">${hidden} </span>` : nothing}<span>${visible}</span><span class="arrow" aria-hidden="true">${sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : ''}</span>`;
            return html`<th role="columnheader" class=${column === 'name' || column === 'status' || column === 'date' ? column : 'v'} aria-sort=${sorted ?? nothing}>
            ${ctx.frozen ? html`<span class="sort">${label}</span>` : html`<button type="button" part="sort" ?disabled=${!enabled} @click=${() => ctx.onSort(column)}>${label}</button>`}
          </th>`;
          })
    }${view.kind === 'loading' ? nothing : renderPick(ctx, h, sort, enabled)}
  </tr></thead>`;
}

/**
 * Narrower than a table (under TABLE_FROM, list-narrow.css), the header's one control: a select labelled
 * "Sort by" of every column in both directions, its first direction first (a button's first press), the
 * rows' order selected, sorting by the same keys as the buttons (`sortBy` with the option's direction); in
 * a pre-rendered copy, which sorts nothing, that order as text.
 */
function renderPick(
  ctx: ListContext,
  h: ReturnType<typeof headers>,
  sort: Sort | undefined,
  enabled: boolean,
) {
  const text = (column: Column, direction: Sort['direction']) => {
    const [visible, hidden] = h[column];
    return `${hidden ? `${hidden} ` : ''}${visible.replace(/\u00ad/g, '')} ${direction === 'ascending' ? '▲' : '▼'}`;
  };
  const label = html`<span>${listStrings(ctx.locale).sortBy}</span>`;
  if (ctx.frozen)
    return html`<th class="pick" role="columnheader"><span class="sort">${label}${sort ? html`<b>${text(sort.column, sort.direction)}</b>` : nothing}</span></th>`;
  const options = COLUMNS.flatMap((column) => {
    const first = firstDirection(column);
    return ([first, first === 'ascending' ? 'descending' : 'ascending'] as const).map(
      (direction) =>
        html`<option value="${column} ${direction}" ?selected=${sort?.column === column && sort.direction === direction}>${text(column, direction)}</option>`,
    );
  });
  const pick = (e: Event) => {
    const [column, direction] = (e.target as HTMLSelectElement).value.split(' ') as [
      Column,
      Sort['direction'],
    ];
    ctx.onSort(column, direction);
  };
  return html`<th class="pick" role="columnheader"><label>${label}<select part="sort-select" ?disabled=${!enabled} @change=${pick}>${options}</select><span class="chevron" aria-hidden="true">▾</span></label></th>`;
}

/** A row's figures as text, in the locale's units; an empty cell where the file has none. */
function renderRow(row: Row, ctx: ListContext, rc: Pick<ReportContext, 'f'>) {
  const { t, locale } = ctx;
  const l = listStrings(locale);
  const h = headers(ctx);
  const f = rc.f;
  const cell = (column: Column, value: string | undefined, spoken?: string) =>
    html`<td role="cell" class="v ${column}" part="value" aria-label=${spoken ?? nothing}><span class="label" aria-hidden="true">${h[column][0]}</span><span class="fig">${value ?? '–'}</span></td>`;
  const openOf = (forms: typeof t.liftsOpen, open: number | undefined, total: number | undefined) =>
    open === undefined
      ? [undefined, undefined]
      : [
          total === undefined ? f.number(open) : `${f.number(open)}/${f.number(total)}`,
          total === undefined
            ? undefined
            : plural(locale, forms, open, { open: f.number(open), total: f.number(total) }),
        ];
  const href = row.missing ? undefined : ctx.link(row.id);
  const name = row.name ?? `${l.resort} ${row.id}`;
  const [lifts, liftsSpoken] = openOf(t.liftsOpen, row.liftsOpen, row.liftsTotal);
  const [runs, runsSpoken] = openOf(t.runsOpen, row.runsOpen, row.runsTotal);
  return html`<tr part="row" role="row" class=${row.missing ? 'missing' : row.stale ? 'stale' : nothing} data-id=${row.id}>
    <th role="rowheader" class="name" part="name">${href ? html`<a class="clamp" part="link" href=${href}>${name}</a>` : html`<span class="clamp">${name}</span>`}</th>
    <td role="cell" class="status ${row.status ?? ''}" part="status"><span class="clamp">${row.missing ? html`<span class="muted">${l.missing}</span>` : row.status ? t.status[row.status] : '–'}</span></td>
    <td role="cell" class="date" part="updated"><span class="clamp">${row.date ? html`<time datetime=${row.date}>${dayOf(locale, row.date)}</time>` : '–'}${row.stale ? html`<strong class="warning">${l.stale}</strong>` : nothing}</span></td>
    ${cell('snow24', row.snow24 === undefined ? undefined : f.snowfall(row.snow24))}
    ${cell('snow48', row.snow48 === undefined ? undefined : f.snowfall(row.snow48))}
    ${cell('snow72', row.snow72 === undefined ? undefined : f.snowfall(row.snow72))}
    ${cell('base', row.base === undefined ? undefined : f.depth(row.base))}
    ${cell('summit', row.summit === undefined ? undefined : f.depth(row.summit))}
    ${cell('lifts', lifts, liftsSpoken)}
    ${cell('runs', runs, runsSpoken)}
  </tr>`;
}

const days = new Map<string, Intl.DateTimeFormat>();
/** A report's day, short: "Nov 24", "24. Nov.". */
function dayOf(locale: string, date: string): string {
  let format = days.get(locale);
  if (!format)
    days.set(
      locale,
      (format = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: 'numeric', month: 'short' })),
    );
  return format.format(new Date(`${date}T12:00:00Z`));
}

function renderMessage(text: string, ctx: ListContext, retry: boolean, alert: boolean) {
  return html`<tr class="message" part="row" role="row"><td role="cell" colspan="10" part="message"><p role=${alert ? 'alert' : nothing}>${text}</p>${retry ? html`<button type="button" class="retry" part="retry" @click=${ctx.retry}>${ctx.t.retry}</button>` : nothing}<slot></slot></td></tr>`;
}

/** The whole frame for a view. */
export function renderList(view: ListView, ctx: ListContext): HTMLTemplateResult {
  const l = listStrings(ctx.locale);
  const f = formatter(ctx.locale, ctx.t.units);
  let body: unknown;
  if (view.kind === 'rows')
    body = view.rows.length
      ? view.rows.map((row) => renderRow(row, ctx, { f }))
      : renderMessage(l.nothing, ctx, false, false);
  else if (view.kind === 'loading')
    body = html`<tr class="message" part="row" role="row"><td role="cell" colspan="10" part="message" aria-busy="true"><span class="visually-hidden" role="status">${ctx.t.loading}</span><span class="ph"></span><slot></slot></td></tr>`;
  else if (view.kind === 'error' || view.kind === 'index-unavailable')
    body = renderMessage(ctx.t.error, ctx, true, true);
  else if (view.kind === 'unknown-region') body = renderMessage(l.unknownRegion, ctx, false, true);
  else body = renderMessage(l.nothing, ctx, false, true);
  const attribution =
    view.kind === 'rows' && view.attribution
      ? renderAttribution(
          {
            kind: 'report',
            data: { combined: { resortName: '', info: {} }, attribution: view.attribution },
          } as unknown as ReportView,
          {
            t: ctx.t,
            locale: ctx.locale,
            now: 0,
            days: 0,
            f,
            imperial: isImperial(ctx.locale),
            asset: ctx.asset,
          },
        )
      : nothing;
  // a pre-rendered list carries its rows' count in its markup; the element sets it through the CSSOM
  const rows = ctx.frozen && view.kind === 'rows' ? `--_n:${Math.max(1, view.rows.length)}` : nothing;
  return html`<div class="frame" part="frame" lang=${ctx.locale} dir=${ctx.t.dir} ?data-static=${ctx.frozen} style=${rows}>
    <div class="table-box">
      <table part="table" role="table">
        <caption part="caption">${view.kind === 'loading' ? '' : l.caption}</caption>
        <colgroup><col /><col class="c-status" /><col class="c-date" /><col class="v" /><col class="v" /><col class="v" /><col class="v" /><col class="v" /><col class="v" /><col class="v" /></colgroup>
        ${renderHead(ctx, view)}
        <tbody role="rowgroup">${body}</tbody>
      </table>
    </div>
    ${attribution}${ctx.frozen ? html`<i hidden></i>` : nothing}
  </div>`;
}
