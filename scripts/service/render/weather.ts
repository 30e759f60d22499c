/**
 * Weather records: `currentWeather` and forecast days. Member order follows the real service's record,
 * because some clients read the first members positionally (scripts/api/README.md, "Endpoints").
 */
import type { DatasetResort, DatasetWeather } from '../../dataset/schema.ts';
import type { ForecastRecord, WeatherRecord } from '../../api/schemas/family-b.ts';
import { dayString, localMidnightUtc, minutesBefore, unixSeconds, utcStamp } from '../clock.ts';
import { message, type RenderContext } from '../context.ts';

/** Days 0 (today) to 5 exist in the dataset, for N = 0..5 (scripts/api/README.md, "The two families"). */
export const MAX_FORECAST_DAYS = 5;

function dayRecord(
  ctx: RenderContext,
  resort: DatasetResort,
  day: number,
  w: DatasetWeather,
  reported?: NonNullable<DatasetResort['report']>,
): WeatherRecord {
  const u = ctx.units;
  const midnight = localMidnightUtc(ctx.now, resort.utcOffsetHours, day);
  const localMidnight = midnight - resort.utcOffsetHours * 3_600_000;
  const modified = minutesBefore(ctx.now, w.modifiedMinutesAgo);
  const own = day === 0 ? reported?.reportedWeather : undefined;
  const record: WeatherRecord = {
    snowfall: u.snowfall(own ? own.snowfallCm : w.snowfallCm),
    is_reported: own !== undefined,
    is_forecast: own === undefined,
    tempTopMax: u.temperature(w.tempTopMax),
    tempTopMin: u.temperature(w.tempTopMin),
    tempBottomMax: u.temperature(w.tempBottomMax),
    tempBottomMin: u.temperature(w.tempBottomMin),
    tempTop: u.temperature(own ? own.tempTop : w.tempTop),
    tempBottom: u.temperature(own ? own.tempBottom : w.tempBottom),
    weatherSymbol: own ? own.symbol : w.symbol,
    bottomWeatherSymbol: w.bottomSymbol,
    windspeed: u.wind(w.windMs),
    bottomWindspeed: u.wind(w.bottomWindMs),
    direction: w.direction,
    bottomWinddirectionName: w.bottomDirection,
  };
  if (own && reported) {
    // 0 and "N/A" where the resort reports no off-slope surface (scripts/api/README.md, "Endpoints")
    const text = (id: number) => message(ctx, id === 0 ? 'surface.na' : `surface.${id}`);
    const offTop = reported.offSlopeTop ?? 0;
    const offBottom = reported.offSlopeBottom ?? 0;
    Object.assign(record, {
      surfaceTop: reported.surfaceTop,
      surfaceBottom: reported.surfaceBottom,
      surfaceTopOffSlope: offTop,
      surfaceBottomOffSlope: offBottom,
      surfaceTopText: text(reported.surfaceTop),
      surfaceBottomText: text(reported.surfaceBottom),
      surfaceTopOffSlopeText: text(offTop),
      surfaceBottomOffSlopeText: text(offBottom),
    });
  }
  return Object.assign(record, {
    forecastDate: dayString(midnight),
    lastModified: unixSeconds(modified),
    date: unixSeconds(midnight),
    date_str: utcStamp(midnight),
    lastModified_str: utcStamp(modified),
    date_local_str: utcStamp(localMidnight),
    date_local: unixSeconds(localMidnight),
  });
}

/**
 * Today's weather: mixed with what the resort reports unless `forecastOnly` is set or the resort reports
 * nothing (`forecast_only`: scripts/api/README.md, "Endpoints").
 */
export function currentWeather(
  ctx: RenderContext,
  resort: DatasetResort,
  forecastOnly: boolean,
): WeatherRecord {
  return dayRecord(
    ctx,
    resort,
    0,
    resort.forecast[0]!,
    forecastOnly ? undefined : (resort.report ?? undefined),
  );
}

/** Forecast days 1..`days` (today is `currentWeather`). */
export function forecastDays(ctx: RenderContext, resort: DatasetResort, days: number): WeatherRecord[] {
  return resort.forecast.slice(1, days + 1).map((w, i) => dayRecord(ctx, resort, i + 1, w));
}

/** Body of `/resort/{id}/{N}/day/forecast`: `currentWeather` first, then N forecast days. */
export function forecastRecord(
  ctx: RenderContext,
  resort: DatasetResort,
  days: number,
  forecastOnly: boolean,
): ForecastRecord {
  return {
    currentWeather: currentWeather(ctx, resort, forecastOnly),
    forecast: forecastDays(ctx, resort, days),
  };
}
