/**
 * Links, overview and webcam records, and the combined report that bundles a resort's records
 * (scripts/api/README.md, "Endpoints").
 */
import type { DatasetResort } from '../../dataset/schema.ts';
import { LINK_NAMES, type LinkName } from '../../api/links.ts';
import type {
  CombinedReportRecord,
  LinksRecord,
  OverviewRecord,
  WebcamRecord,
} from '../../api/schemas/family-b.ts';
import { minutesBefore, unixSeconds, utcStamp } from '../clock.ts';
import { message, type RenderContext } from '../context.ts';
import { profileRecord } from './profile.ts';
import { snowReportBody } from './snow-report.ts';
import { currentWeather, forecastDays, MAX_FORECAST_DAYS } from './weather.ts';

/** Where each link points on the resort's own website. */
const LINK_PATHS: Record<LinkName, string> = {
  seasonpasses: 'season-passes',
  news: 'news',
  cams: 'webcams',
  skireport: 'snow-report',
  weather: 'weather',
  lifttickets: 'lift-tickets',
  travel: 'travel',
  profile: 'about',
};

export function linksRecord(ctx: RenderContext, resort: DatasetResort): LinksRecord {
  const links: Record<string, { url: string; title: string; text?: string }> = {};
  for (const name of LINK_NAMES) {
    const link: { url: string; title: string; text?: string } = {
      url: new URL(LINK_PATHS[name], resort.contact.website).href,
      title: message(ctx, `link.${name}.title`),
    };
    if (name !== 'seasonpasses') link.text = message(ctx, `link.${name}.text`, { resort: resort.name });
    links[name] = link;
  }
  return { links: links as LinksRecord['links'] };
}

/** The overview in the requested language, or undefined when the resort has none in it (answered 404). */
export function overviewRecord(ctx: RenderContext, resort: DatasetResort): OverviewRecord | undefined {
  const body = resort.overview[ctx.locale.language];
  return body === undefined ? undefined : { resortOverviews: { overview: { body } } };
}

/** Online webcams in display order; offline ones are left out (scripts/api/README.md, "Records"). */
export function webcamRecords(ctx: RenderContext, resort: DatasetResort): WebcamRecord[] {
  return resort.webcams
    .filter((cam) => cam.online)
    .sort((a, b) => a.orderNr - b.orderNr || a.id - b.id)
    .map((cam) => {
      const updated = minutesBefore(ctx.now, cam.updatedMinutesAgo);
      const creditLine = { ...cam.credit };
      return {
        webcamId: cam.id,
        resort: resort.id,
        title: cam.name,
        lastUpdate: unixSeconds(updated),
        lastUpdate_str: utcStamp(updated),
        orderNr: cam.orderNr,
        creditLine,
        image: { ...cam.image, creditLine: { ...creditLine } },
      };
    });
}

export interface CombinedOptions {
  forecastOnly: boolean;
  /** scripts/api/README.md, "Endpoints": `forecast=true` adds the forecast days (needs weather access). */
  forecast: boolean;
  /** `links=false` leaves the links out to save bandwidth (scripts/api/README.md, "Endpoints"). */
  links: boolean;
}

export function combinedReportRecord(
  ctx: RenderContext,
  resort: DatasetResort,
  options: CombinedOptions,
): CombinedReportRecord {
  const record: CombinedReportRecord = {
    resortId: resort.id,
    resortName: resort.name,
    report: snowReportBody(ctx, resort),
    info: profileRecord(ctx, resort),
  };
  if (ctx.account.hasWeather) record.currentWeather = currentWeather(ctx, resort, options.forecastOnly);
  if (options.forecast) record.forecast = forecastDays(ctx, resort, MAX_FORECAST_DAYS);
  if (options.links) record.links = linksRecord(ctx, resort);
  // members in a fixed order: ids, report, weather, links, then the profile
  const { info, ...rest } = record;
  return { ...rest, info };
}
