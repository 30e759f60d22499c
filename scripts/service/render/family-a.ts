/**
 * Family A records (scripts/api/README.md, "Units"). Depths and lengths are centimetres and kilometres in
 * every locale; the `locale` header translates `comment` only (scripts/api/README.md, "Locales").
 */
import type { DatasetResort, Language } from '../../dataset/schema.ts';
import type { ResortSnowReport } from '../../api/schemas/family-a.ts';
import { dayString, isoSeconds, localMidnightUtc, minutesBefore, seasonDates } from '../clock.ts';
import { translated } from '../context.ts';
import { METRIC, hectaresToAcres } from '../units.ts';
import { lengthKm, percent, terrainCounts } from './terrain.ts';

const DIFFICULTY_FIELDS = {
  1: 'runsBeginner',
  2: 'runsIntermediate',
  3: 'runsAdvanced',
  4: 'runsExpert',
} as const;
const km = METRIC.distance;

export function familyARecord(resort: DatasetResort, language: Language, now: number): ResortSnowReport {
  const report = resort.report;
  const counts = terrainCounts(resort);
  const season = seasonDates(now, resort.season.opening, resort.season.closing, resort.location.latitude);
  const acres = hectaresToAcres(resort.areaHa);
  const terrain: NonNullable<ResortSnowReport['terrain']> = {};
  const { parks, pipes, tubes } = resort.parks;
  if (parks.total > 0) terrain.parks = { ...parks };
  if (pipes.total > 0) terrain.pipes = { ...pipes };
  if (tubes.total > 0) terrain.tubes = { ...tubes };
  terrain.acres = { total: acres, open: Math.round((acres * counts.openKm) / (counts.totalKm || 1)) };
  terrain.km = { total: km(counts.totalKm), open: km(counts.openKm) };
  if (resort.nordic) {
    const n = resort.nordic;
    terrain.nordic = {
      total: n.totalKm,
      skategroomed: n.skategroomedKm,
      trackset: n.tracksetKm,
      open: n.openKm,
    };
  }
  if (report) terrain.canReturnBySki = report.canReturnBySki;
  for (const group of counts.byDifficulty) {
    terrain[DIFFICULTY_FIELDS[group.difficulty]] = {
      total: group.runs.length,
      totalLen: km(lengthKm(group.runs)),
      totalPercent: percent(group.runs.length, counts.runsTotal),
      openNum: group.open.length,
      openLen: km(lengthKm(group.open)),
      openPercent: percent(group.open.length, group.runs.length),
    };
  }
  terrain.runs = {
    total: counts.runsTotal,
    open: counts.runsOpen,
    openPercent: percent(counts.runsOpen, counts.runsTotal),
    details: resort.runs.map((r) => ({
      name: r.name,
      difficulty: r.difficulty,
      status: r.status,
      grooming: r.grooming,
      snowmaking: r.snowmaking,
      nightskiing: r.nightskiing,
    })),
  };

  const record: ResortSnowReport = {
    resort: resort.id,
    // a resort without a report this season says so with open flag 5 (scripts/api/README.md, "Endpoints")
    status: { openFlag: report?.openFlag ?? 5, openingDate: season.opening, closingDate: season.closing },
  };
  if (report) {
    const { base, summit, middle } = report.depthCm;
    record.depth = {
      base: METRIC.depth(base),
      summit: METRIC.depth(summit),
      ...(middle === undefined ? {} : { middle: METRIC.depth(middle) }),
    };
    record.surfaceType = report.surfaceTop;
    record.surfaceTypeBottom = report.surfaceBottom;
    record.comment = report.comment ? translated(report.comment, language) : null;
  } else {
    record.comment = null;
  }
  record.lifts = {
    total: counts.liftsTotal,
    open: counts.liftsOpen,
    details: resort.lifts.map((l) => ({ name: l.name, type: l.type, status: l.status })),
  };
  record.terrain = terrain;
  if (report) {
    // the last 7 days before the report's own day, as Family B's snowReportedDate names it
    const today = localMidnightUtc(now - report.updatedMinutesAgo * 60_000, resort.utcOffsetHours);
    record.recent = report.recentCm.map((snow, i) => ({
      date: dayString(today - (6 - i) * 86_400_000),
      snow: METRIC.snowfall(snow),
    }));
  }
  record.url = new URL('snow-report', resort.contact.website).href;
  if (report) record.updatedAt = isoSeconds(minutesBefore(now, report.updatedMinutesAgo));
  return record;
}
