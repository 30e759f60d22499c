/**
 * The forecast: today and the next days, each with its symbol, top and bottom temperatures, snowfall and
 * wind. An account without weather access has no forecast files; the block says so.
 */
import { html, nothing } from 'lit';
import type { WeatherRecord } from '../../scripts/api/schemas/family-b.ts';
import { num } from '../format.ts';
import { weatherIcon } from '../icons.ts';
import { fill } from '../i18n/index.ts';
import type { View } from '../state.ts';
import type { RenderContext } from './context.ts';

function day(record: WeatherRecord, label: string, ctx: RenderContext) {
  const code = record.weatherSymbol ?? undefined;
  const name = (code && (ctx.t.weather as Record<string, string>)[code]) || ctx.t.weather.other;
  const top = num(record.tempTop);
  const bottom = num(record.tempBottom);
  const snow = num(record.snowfall);
  const wind = num(record.windspeed);
  return html`<li part="day">
    <span class="when">${label}</span>
    ${weatherIcon(code, name)}
    ${top !== undefined && bottom !== undefined
      ? html`<span class="temps">${fill(ctx.t.temperature, { top: ctx.f.temperature(top), bottom: ctx.f.temperature(bottom) })}</span>`
      : nothing}
    ${snow !== undefined ? html`<span class="snow">${ctx.t.snowfall} ${ctx.f.snowfall(snow)}</span>` : nothing}
    ${wind !== undefined ? html`<span class="wind">${ctx.t.wind} ${ctx.f.wind(wind)}${record.direction ? ` ${record.direction}` : ''}</span>` : nothing}
  </li>`;
}

export function renderForecast(view: Extract<View, { kind: 'report' }>, ctx: RenderContext, days: number) {
  const forecast = view.data.forecast;
  if (!forecast) {
    return html`<section part="forecast"><h3 id="forecast">${ctx.t.forecast}</h3>
      <p class="muted">${ctx.t.noForecast}</p></section>`;
  }
  const later = forecast.forecast.slice(0, days);
  return html`<section part="forecast"><h3 id="forecast">${ctx.t.forecast}</h3>
    <ol class="days">
      ${day(forecast.currentWeather, ctx.t.today, ctx)}
      ${later.map((d) => day(d, d.forecastDate ? ctx.f.day(d.forecastDate) : '', ctx))}
    </ol>
  </section>`;
}
