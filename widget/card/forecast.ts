/**
 * The forecast: today and the next days, each labelled by its own date ("Today" only when it is), with its
 * symbol, top and bottom temperatures, snowfall and wind. An account without weather access has no
 * forecast files; the block says so.
 */
import { html, nothing, type HTMLTemplateResult } from 'lit/html.js';
import type { WeatherRecord } from '../../scripts/api/browser.ts';
import { num } from '../format.ts';
import { snowSign, weatherIcon, windSign } from '../icons.ts';
import type { ReportView } from '../state.ts';
import type { ReportContext } from '../context.ts';

const COMPASS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];

function day(record: WeatherRecord, ctx: ReportContext, today: string) {
  const code = record.weatherSymbol ?? undefined;
  const name = (code && (ctx.t.weather as Record<string, string>)[code]) || ctx.t.weather.other;
  const date = typeof record.forecastDate === 'string' ? record.forecastDate : '';
  const top = num(record.tempTop);
  const bottom = num(record.tempBottom);
  const snow = num(record.snowfall);
  const wind = num(record.windspeed);
  const point = COMPASS.indexOf(String(record.direction ?? ''));
  return html`<li part="day">
    <span class="when">${date === today ? ctx.t.today : date ? ctx.f.day(date) : ''}</span>
    ${weatherIcon(code, name)}
    <span class="temps">${top !== undefined ? html`<b><span class="visually-hidden">${ctx.t.top} </span>${ctx.f.temperature(top)}</b>` : nothing}
      ${bottom !== undefined ? html`<span><span class="visually-hidden">${ctx.t.bottom} </span>${ctx.f.temperature(bottom)}</span>` : nothing}</span>
    <span class="more">${snow !== undefined ? html`<span>${snowSign}<span class="visually-hidden">${ctx.t.snowfall} </span>${ctx.f.snowfall(snow)}</span>` : nothing}
      ${
        wind !== undefined
          ? html`<span>${windSign}<span class="visually-hidden">${ctx.t.wind} </span>${ctx.f.wind(wind)}${point >= 0 && Math.round(ctx.imperial ? wind : wind * 3.6) > 0 ? html` <abbr>${ctx.t.directions[point]}</abbr>` : nothing}</span>`
          : nothing
      }</span>
  </li>`;
}

export function renderForecast(view: ReportView, ctx: ReportContext): HTMLTemplateResult {
  const forecast = view.data.forecast;
  if (!forecast) {
    return html`<section class="forecast none" part="forecast"><h3 id="forecast">${ctx.t.forecast}</h3>
      <p class="muted">${ctx.t.noForecast}</p></section>`;
  }
  return html`<section class="forecast" part="forecast"><h3 id="forecast">${ctx.t.forecast}</h3>
    <ol class="days">
      ${[forecast.currentWeather, ...forecast.forecast.slice(0, ctx.days)].map((d) => day(d, ctx, view.today))}
    </ol>
  </section>`;
}
