/**
 * The snow report block: last update, depths, new snow with the 7-day chart, surface, lifts, runs by
 * difficulty, parks and the resort's comment.
 */
import { html, nothing } from 'lit';
import { num } from '../format.ts';
import { fill } from '../i18n/index.ts';
import type { View } from '../state.ts';
import type { RenderContext } from './context.ts';

type Report = Extract<View, { kind: 'report' }>;

const openOf = (ctx: RenderContext, open: number | undefined, total: number | undefined) =>
  total === undefined ? undefined : fill(ctx.t.open, { open: ctx.f.number(open ?? 0), total: ctx.f.number(total) });

function renderUpdated(view: Report, ctx: RenderContext) {
  if (view.updated === undefined) return nothing;
  const when = new Date(view.updated).toISOString();
  return html`<p class="updated ${view.outdated ? 'outdated' : ''}" part="updated">
    <time datetime=${when}>${fill(ctx.t.updated, { time: ctx.f.relative(view.updated, ctx.now) })}</time>
    ${view.outdated ? html`<strong class="warning" role="note">${ctx.t.outdated}</strong>` : nothing}
  </p>`;
}

function renderChart(view: Report, ctx: RenderContext) {
  const recent = view.data.familyA?.recent;
  if (!recent || recent.length === 0) return nothing;
  // Family A is centimetres in every locale; en-US readers get inches like the rest of the card
  const values = recent.map((r) => (ctx.imperial ? Math.round((r.snow / 2.54) * 10) / 10 : r.snow));
  const max = Math.max(1, ...values);
  return html`<figure class="chart" part="chart">
    <figcaption>${ctx.t.last7}</figcaption>
    <ol>
      ${recent.map(
        (r, i) => html`<li>
          <span class="bar" style="height:${Math.round((values[i]! / max) * 100)}%"></span>
          <span class="value">${ctx.f.snowfall(values[i]!)}</span>
          <span class="day">${ctx.f.day(r.date)}</span>
        </li>`,
      )}
    </ol>
  </figure>`;
}

export function renderSnow(view: Report, ctx: RenderContext) {
  const { combined, familyA } = view.data;
  const report = combined.report;
  const onSlope = report?.snowQuality?.onSlope;
  const snowfall = report?.snowfall;
  const depths: Array<[string, number | undefined]> = [
    [ctx.t.base, num(onSlope?.lowerDepth)],
    [ctx.t.middle, num(onSlope?.middleDepth)],
    [ctx.t.summit, num(onSlope?.upperDepth)],
  ];
  const shownDepths = depths.filter(([, v]) => v !== undefined) as Array<[string, number]>;
  const fresh: Array<[string, number | undefined]> = [
    ['24 h', num(snowfall?.snow24h)],
    ['48 h', num(snowfall?.snow48h)],
    ['72 h', num(snowfall?.snow72h)],
  ];
  const shownFresh = fresh.filter(([, v]) => v !== undefined) as Array<[string, number]>;
  const info = combined.info;
  const lifts = report?.liftsReport as { liftsOpen?: unknown } | undefined;
  const terrain = report?.terrainReport as { trailsOpen?: unknown } | undefined;
  const parks = report?.snowParkReport as { parksOpen?: unknown } | undefined;
  const split = familyA?.terrain;
  const groups = [split?.runsBeginner, split?.runsIntermediate, split?.runsAdvanced, split?.runsExpert];
  const rows: Array<[string, string | undefined]> = [
    [ctx.t.lifts, openOf(ctx, num(lifts?.liftsOpen) ?? familyA?.lifts?.open, info.lifts?.numLifts ?? familyA?.lifts?.total)],
    [ctx.t.runs, openOf(ctx, num(terrain?.trailsOpen) ?? familyA?.terrain?.runs?.open, info.terrain?.numRuns ?? familyA?.terrain?.runs?.total)],
    [ctx.t.parks, info.snowPark?.numParks ? openOf(ctx, num(parks?.parksOpen), info.snowPark.numParks) : undefined],
  ];
  const comment = familyA?.comment;
  return html`
    ${renderUpdated(view, ctx)}
    ${shownDepths.length
      ? html`<section part="depths"><h3 id="depths">${ctx.t.depths}</h3>
          <dl class="figures">${shownDepths.map(([label, v]) => html`<div><dt>${label}</dt><dd>${ctx.f.depth(v)}</dd></div>`)}</dl>
        </section>`
      : nothing}
    ${shownFresh.length
      ? html`<section part="snowfall"><h3 id="fresh">${ctx.t.newSnow}</h3>
          <dl class="figures">${shownFresh.map(([label, v]) => html`<div><dt>${label}</dt><dd>${ctx.f.snowfall(v)}</dd></div>`)}</dl>
          ${renderChart(view, ctx)}
        </section>`
      : renderChart(view, ctx)}
    ${onSlope?.surfaceTop || onSlope?.surfaceBottom
      ? html`<section part="surface"><h3 id="surface">${ctx.t.surface}</h3>
          <dl class="pairs">
            ${onSlope.surfaceTop ? html`<div><dt>${ctx.t.top}</dt><dd>${onSlope.surfaceTop}</dd></div>` : nothing}
            ${onSlope.surfaceBottom ? html`<div><dt>${ctx.t.bottom}</dt><dd>${onSlope.surfaceBottom}</dd></div>` : nothing}
          </dl>
        </section>`
      : nothing}
    <section part="terrain"><h3 id="terrain" class="visually-hidden">${ctx.t.lifts} · ${ctx.t.runs}</h3>
      <dl class="pairs">${rows.filter(([, v]) => v).map(([label, v]) => html`<div><dt>${label}</dt><dd>${v}</dd></div>`)}</dl>
      ${groups.some((g) => g)
        ? html`<ul class="difficulty" aria-label=${ctx.t.runs}>
            ${groups.map((g, i) =>
              g ? html`<li class="d${i + 1}"><span class="dot" aria-hidden="true"></span>${ctx.t.difficulty[i]}: ${openOf(ctx, g.openNum, g.total)}</li>` : nothing,
            )}
          </ul>`
        : nothing}
    </section>
    ${comment ? html`<blockquote class="comment" part="comment">${comment}</blockquote>` : nothing}
  `;
}
