/**
 * Profile records (scripts/api/README.md, "Units"): totals and static facts. In en-US every length is in
 * miles, heights in feet and the area in acres, whatever the field is called (`kmPistes` included).
 */
import type { DatasetResort } from '../../dataset/schema.ts';
import type { ProfileRecord } from '../../api/schemas/family-b.ts';
import { seasonDates } from '../clock.ts';
import type { RenderContext } from '../context.ts';
import { lengthKm, percent, terrainCounts } from './terrain.ts';

export function profileRecord(ctx: RenderContext, resort: DatasetResort): ProfileRecord {
  const u = ctx.units;
  const counts = terrainCounts(resort);
  const [beginner, intermediate, advanced, expert] = counts.byDifficulty.map((g) => g.runs);
  const liftsOf = (...types: string[]) => resort.lifts.filter((l) => types.includes(l.type)).length;
  const season = seasonDates(ctx.now, resort.season.opening, resort.season.closing, resort.location.latitude);
  const region = (id: number) => ctx.index.regions.get(id)?.name ?? '';
  const location: NonNullable<ProfileRecord['location']> = {
    id: resort.id,
    street: resort.location.street,
    zip: resort.location.zip,
    city: resort.location.city,
    stateName: region(resort.stateId),
    countryName: region(resort.countryId),
  };
  // the account record's hasLatlong decides whether coordinates are sent
  if (ctx.account.hasLatlong)
    Object.assign(location, { longitude: resort.location.longitude, latitude: resort.location.latitude });

  return {
    id: resort.id,
    resortName: resort.name,
    resortShortName: resort.shortName,
    terrain: {
      area: u.area(resort.areaHa),
      numExpertRuns: expert!.length,
      numAdvancedRuns: advanced!.length,
      numIntermediateRuns: intermediate!.length,
      numBeginnerRuns: beginner!.length,
      perExpertRuns: percent(expert!.length, counts.runsTotal),
      perAdvancedRuns: percent(advanced!.length, counts.runsTotal),
      perIntermediateRuns: percent(intermediate!.length, counts.runsTotal),
      perBeginnerRuns: percent(beginner!.length, counts.runsTotal),
      numRuns: counts.runsTotal,
      elevationTop: u.elevation(resort.elevationM.top),
      elevationBase: u.elevation(resort.elevationM.base),
      verticalHeight: u.elevation(resort.elevationM.top - resort.elevationM.base),
      longestRun: u.distance(counts.longestRunKm),
      kmPistes: u.distance(counts.totalKm),
      lenExpertRuns: u.distance(lengthKm(expert!)),
      lenAdvancedRuns: u.distance(lengthKm(advanced!)),
      lenIntermediateRuns: u.distance(lengthKm(intermediate!)),
      lenBeginnerRuns: u.distance(lengthKm(beginner!)),
    },
    lifts: {
      numLifts: counts.liftsTotal,
      numSurfaceLifts: liftsOf('surface'),
      numTripleChairs: liftsOf('triple'),
      numDoubleChairs: liftsOf('double'),
      numQuadChairs: liftsOf('quad'),
      numGondolasTrans: liftsOf('gondola', 'tram'),
      numHighSpeedQuads: liftsOf('highSpeedQuad'),
      numHighSpeedSix: liftsOf('highSpeedSix'),
      numHighSpeedEight: liftsOf('highSpeedEight'),
      numOtherLifts: liftsOf('other'),
    },
    location,
    resortContact: { id: resort.id, ...resort.contact },
    facts: {
      projectedClosingDate: season.closing,
      projectedOpeningDate: season.opening,
      numDaysOpenLastYear: resort.season.daysOpenLastYear,
    },
    snowPark: {
      numParks: resort.parks.parks.total,
      numParkPipes: resort.parks.pipes.total,
      numParkJumps: resort.parks.jumps,
      numParkRails: resort.parks.rails,
    },
    nordic: resort.nordic ? { kmNordic: u.distance(resort.nordic.totalKm) } : {},
    services: { ...resort.services },
  };
}
