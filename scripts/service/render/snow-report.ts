/**
 * Snow report records (scripts/api/README.md, "Endpoints"). The report containers carry the *open*
 * counterparts of the profile's totals, under the names real clients read. Weather elements need
 * `hasWeather`.
 */
import type { DatasetResort } from '../../dataset/schema.ts';
import type { SnowReportBody, SnowReportRecord } from '../../api/schemas/family-b.ts';
import { dayString, localMidnightUtc, minutesBefore, unixSeconds, utcStamp } from '../clock.ts';
import { message, type RenderContext } from '../context.ts';
import { isOpen, percent, terrainCounts } from './terrain.ts';
import { currentWeather } from './weather.ts';

/** The surfaces on and off the slopes, and the depths (a gap is `null`). */
function snowQuality(
  ctx: RenderContext,
  report: NonNullable<DatasetResort['report']>,
  orGap: <T>(key: string, value: T) => T | null,
): SnowReportBody['snowQuality'] {
  const u = ctx.units;
  const surface = (id: number) => message(ctx, `surface.${id}`);
  const { middle } = report.depthCm;
  return {
    offSlope:
      report.offSlopeTop === undefined || report.offSlopeBottom === undefined
        ? {}
        : {
            surfaceBottom: surface(report.offSlopeBottom),
            surfaceBottomId: report.offSlopeBottom,
            surfaceTop: surface(report.offSlopeTop),
            surfaceTopId: report.offSlopeTop,
          },
    onSlope: {
      surfaceBottom: surface(report.surfaceBottom),
      surfaceTop: surface(report.surfaceTop),
      surfaceBottomId: report.surfaceBottom,
      surfaceTopId: report.surfaceTop,
      lowerDepth: orGap('lowerDepth', u.depth(report.depthCm.base)),
      upperDepth: orGap('upperDepth', u.depth(report.depthCm.summit)),
      ...(middle === undefined ? {} : { middleDepth: u.depth(middle) }),
    },
  };
}

export function snowReportBody(ctx: RenderContext, resort: DatasetResort): SnowReportBody {
  const u = ctx.units;
  const report = resort.report;
  const openflag = report?.openFlag ?? 5;
  const name = message(ctx, `openFlag.${openflag}`);
  if (!report) {
    // out of season: the flag says so and every container is empty
    return {
      openflag,
      openflagname: name,
      openflagName: name,
      snowQuality: { offSlope: {}, onSlope: {} },
      terrainReport: {},
      snowParkReport: {},
      nordicReport: {},
      liftsReport: {},
      snowfall: {},
    };
  }
  const counts = terrainCounts(resort);
  const gap = new Set(report.gaps ?? []);
  const orGap = <T>(key: string, value: T): T | null => (gap.has(key as never) ? null : value);
  const recent = report.recentCm;
  const lastDays = (n: number) => recent.slice(7 - n).reduce((a, b) => a + b, 0);

  const body: SnowReportBody = {
    openflag,
    openflagname: name,
    openflagName: name,
    snowQuality: snowQuality(ctx, report, orGap),
    terrainReport: {
      trailsOpen: counts.runsOpen,
      perTrailsOpen: percent(counts.runsOpen, counts.runsTotal),
      acresOpen: orGap('acresOpen', u.area((resort.areaHa * counts.openKm) / (counts.totalKm || 1))),
      numKmOpen: u.distance(counts.openKm),
      numBeginnerOpen: counts.byDifficulty[0]!.open.length,
      numIntermediateOpen: counts.byDifficulty[1]!.open.length,
      numAdvancedOpen: counts.byDifficulty[2]!.open.length,
      numExpertOpen: counts.byDifficulty[3]!.open.length,
      numNightRunsOpen: resort.runs.filter((r) => r.nightskiing && isOpen(r.status)).length,
      canReturnBySki: report.canReturnBySki,
    },
    snowParkReport: {
      parksOpen: resort.parks.parks.open,
      pipesOpen: resort.parks.pipes.open,
      tubesOpen: resort.parks.tubes.open,
    },
    nordicReport: resort.nordic
      ? {
          kmNordicOpen: u.distance(resort.nordic.openKm),
          kmNordicSkateGroomed: u.distance(resort.nordic.skategroomedKm),
          kmNordicTrackset: u.distance(resort.nordic.tracksetKm),
        }
      : {},
    liftsReport: {
      liftsOpen: orGap('liftsOpen', counts.liftsOpen),
      perLiftsOpen: orGap('perLiftsOpen', percent(counts.liftsOpen, counts.liftsTotal)),
    },
    snowfall: {
      snowReportedDate: dayString(
        localMidnightUtc(ctx.now - report.updatedMinutesAgo * 60_000, resort.utcOffsetHours),
      ),
      snow24h: u.snowfall(lastDays(1)),
      snow48h: u.snowfall(lastDays(2)),
      snow72h: u.snowfall(lastDays(3)),
      callAheadPhone: resort.contact.lodgingPhone,
    },
  };
  // resortReportedWeather needs weather access (scripts/api/README.md, "Endpoints")
  if (ctx.account.hasWeather && report.reportedWeather) {
    const w = report.reportedWeather;
    body.resortReportedWeather = {
      tempTop: u.temperature(w.tempTop),
      tempBottom: u.temperature(w.tempBottom),
      snowfall: u.snowfall(w.snowfallCm),
      weatherSymbol: w.symbol,
    };
  }
  return body;
}

export function snowReportRecord(
  ctx: RenderContext,
  resort: DatasetResort,
  forecastOnly: boolean,
): SnowReportRecord {
  const updated = resort.report ? minutesBefore(ctx.now, resort.report.updatedMinutesAgo) : undefined;
  const record: SnowReportRecord = {
    id: resort.id,
    resortName: resort.name,
    resortShortName: resort.shortName,
    activeDate: updated === undefined ? '' : dayString(localMidnightUtc(updated, resort.utcOffsetHours)),
    report: snowReportBody(ctx, resort),
  };
  if (ctx.account.hasWeather) record.currentWeather = currentWeather(ctx, resort, forecastOnly);
  if (updated !== undefined)
    Object.assign(record, { lastModified: unixSeconds(updated), lastModified_str: utcStamp(updated) });
  return record;
}
