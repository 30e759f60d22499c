/**
 * The snow report block: depths (Family B's, else Family A's), new snow with the 7-day chart, surface,
 * lifts, runs by difficulty, parks and the resort's comment. Terrain open counts only while the resort
 * runs (open, weekends): beside "closed" they would contradict it.
 */
import { html, nothing, type HTMLTemplateResult } from 'lit/html.js';
import { num } from '../format.ts';
import { difficultyMark } from '../icons.ts';
import { plural, type Plural } from '../i18n/index.ts';
import type { ReportView } from '../state.ts';
import type { ReportContext } from '../context.ts';

/**
 * Family A is centimetres in every locale; en-US readers get inches like the rest of the card, rounded where
 * they are written (format.ts).
 */
const fromCm = (ctx: ReportContext, cm: number | undefined) =>
  cm === undefined || !ctx.imperial ? cm : cm / 2.54;

const openOf = (ctx: ReportContext, forms: Plural, open: number | undefined, total: number | undefined) =>
  total === undefined
    ? undefined
    : plural(ctx.locale, forms, open ?? 0, { open: ctx.f.number(open ?? 0), total: ctx.f.number(total) });

const figures = (rows: Array<[string, string]>) =>
  html`<dl class="figures">${rows.map(([label, value]) => html`<div><dt>${label}</dt><dd>${value}</dd></div>`)}</dl>`;

function renderChart(view: ReportView, ctx: ReportContext) {
  const recent = (view.data.familyA?.recent ?? []).filter(
    (r) => num(r?.snow) !== undefined && typeof r.date === 'string',
  );
  if (!recent.length) return nothing;
  // each day as its figure reads (inches to a tenth, centimetres whole), so that a bar is as tall as its
  // figure says and a week of traces that read 0 is a week without snow
  const step = ctx.imperial ? 10 : 1;
  const values = recent.map((r) => Math.round(fromCm(ctx, r.snow)! * step) / step);
  // the week's largest day is the plot's height, so that no band stays empty above the bars
  const max = Math.max(...values);
  const label = plural(ctx.locale, ctx.t.lastDays, recent.length, { n: ctx.f.number(recent.length) });
  // a week without snow says so in a line rather than in a plot of empty tracks; the room the plot would
  // take goes to the forecast (content.css)
  if (!max) return html`<p class="dry muted" part="chart">${label}: ${ctx.f.snowfall(0)}</p>`;
  return html`<figure class="chart" part="chart">
    <figcaption>${label} (${ctx.f.snowUnit})</figcaption>
    <ol>
      ${recent.map(
        // each bar's height is an attribute of its SVG rectangle, not a style attribute that a page's
        // Content-Security-Policy may refuse; drawn rather than a background, it keeps its shape in forced
        // colours and on paper (widget/README.md, "Requests and safety")
        (r, i) => html`<li>
          <span class="track"><svg aria-hidden="true"><rect width="100%" height="${Math.round((values[i]! / max) * 100)}%"/></svg></span>
          <span class="value">${ctx.f.snowNumber(values[i]!)}</span>
          <span class="day">${ctx.f.weekday(r.date)}</span>
        </li>`,
      )}
    </ol>
  </figure>`;
}

export function renderSnow(view: ReportView, ctx: ReportContext): HTMLTemplateResult {
  const { combined, familyA } = view.data;
  const report = combined.report;
  const onSlope = report?.snowQuality?.onSlope;
  const depthA = familyA?.depth;
  const depths = (
    [
      [ctx.t.base, num(onSlope?.lowerDepth) ?? fromCm(ctx, num(depthA?.base))],
      [ctx.t.middle, num(onSlope?.middleDepth) ?? fromCm(ctx, num(depthA?.middle))],
      [ctx.t.summit, num(onSlope?.upperDepth) ?? fromCm(ctx, num(depthA?.summit))],
    ] as Array<[string, number | undefined]>
  ).flatMap(([label, v]): Array<[string, string]> => (v === undefined ? [] : [[label, ctx.f.depth(v)]]));
  const snowfall = report?.snowfall;
  const fresh = (
    [
      ['24 h', num(snowfall?.snow24h)],
      ['48 h', num(snowfall?.snow48h)],
      ['72 h', num(snowfall?.snow72h)],
    ] as Array<[string, number | undefined]>
  ).flatMap(([label, v]): Array<[string, string]> => (v === undefined ? [] : [[label, ctx.f.snowfall(v)]]));
  const running = view.status === 'open' || view.status === 'weekends';
  const info = combined.info;
  const lifts = report?.liftsReport as { liftsOpen?: unknown } | undefined;
  const terrain = report?.terrainReport as { trailsOpen?: unknown } | undefined;
  const parks = report?.snowParkReport as { parksOpen?: unknown } | undefined;
  const split = familyA?.terrain;
  const groups = [split?.runsBeginner, split?.runsIntermediate, split?.runsAdvanced, split?.runsExpert];
  const rows = running
    ? (
        [
          [
            ctx.t.lifts,
            openOf(
              ctx,
              ctx.t.liftsOpen,
              num(lifts?.liftsOpen) ?? familyA?.lifts?.open,
              num(info?.lifts?.numLifts) ?? familyA?.lifts?.total,
            ),
          ],
          [
            ctx.t.runs,
            openOf(
              ctx,
              ctx.t.runsOpen,
              num(terrain?.trailsOpen) ?? split?.runs?.open,
              num(info?.terrain?.numRuns) ?? split?.runs?.total,
            ),
          ],
          [
            ctx.t.parks,
            num(info?.snowPark?.numParks)
              ? openOf(ctx, ctx.t.parksOpen, num(parks?.parksOpen), num(info?.snowPark?.numParks))
              : undefined,
          ],
        ] as Array<[string, string | undefined]>
      ).filter((row): row is [string, string] => row[1] !== undefined)
    : [];
  const surface = [
    [ctx.t.top, onSlope?.surfaceTop],
    [ctx.t.bottom, onSlope?.surfaceBottom],
  ].filter((row): row is [string, string] => typeof row[1] === 'string' && row[1] !== '');
  const comment = typeof familyA?.comment === 'string' ? familyA.comment : '';
  return html`
    <div class="figs">
      ${depths.length ? html`<section part="depths"><h3 id="depths">${ctx.t.depths}</h3>${figures(depths)}</section>` : nothing}
      ${fresh.length ? html`<section part="snowfall"><h3 id="fresh">${ctx.t.newSnow}</h3>${figures(fresh)}</section>` : nothing}
    </div>
    ${renderChart(view, ctx)}
    ${
      surface.length
        ? html`<section part="surface" class="row"><h3 id="surface">${ctx.t.surface}</h3>
          <dl class="pairs">${surface.map(([label, v]) => html`<div><dt>${label}</dt><dd class="text">${v}</dd></div>`)}</dl>
        </section>`
        : nothing
    }
    ${
      rows.length
        ? html`<section part="terrain" class="row"><h3 id="terrain" class="visually-hidden">${ctx.t.lifts} · ${ctx.t.runs}</h3>
          <dl class="pairs">${rows.map(([label, v]) => html`<div><dt>${label}</dt><dd>${v}</dd></div>`)}</dl>
          ${
            groups.some((g) => g)
              ? html`<ul class="difficulty" aria-label=${ctx.t.runs}>
                ${groups.map((g, i) =>
                  g
                    ? html`<li class="d${i + 1}">${difficultyMark(i)}<span>${ctx.t.difficulty[i]}</span>
                        <b aria-hidden="true">${ctx.f.number(g.openNum ?? 0)}/${ctx.f.number(g.total)}</b>
                        <span class="visually-hidden">${openOf(ctx, ctx.t.runsOpen, g.openNum, g.total)}</span></li>`
                    : nothing,
                )}
              </ul>`
              : nothing
          }
        </section>`
        : nothing
    }
    ${comment ? html`<blockquote class="comment" part="comment">${comment}</blockquote>` : nothing}
  `;
}
