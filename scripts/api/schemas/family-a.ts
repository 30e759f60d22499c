/**
 * Family A: the partner snow report API (scripts/api/README.md, "The two families"). Documented fields are
 * typed exactly; members the specification does not list pass through (`z.looseObject`), so a newer upstream
 * does not break a build.
 */
import { z } from 'zod';
import { Difficulty, ItemStatus, LiftType, OpenFlag, SurfaceType } from './enums.ts';

/** ISO 8601 calendar date, `YYYY-MM-DD`. */
export const IsoDate = z.iso.date();
/** ISO 8601 date-time with an offset or `Z`. */
export const IsoDateTime = z.iso.datetime({ offset: true });

const OpenTotal = z.looseObject({ total: z.number(), open: z.number().optional() });

const RunsByDifficulty = z.looseObject({
  total: z.number(),
  totalLen: z.number(),
  totalPercent: z.number(),
  openNum: z.number().optional(),
  openLen: z.number().optional(),
  openPercent: z.number().optional(),
});

export const LiftDetail = z.looseObject({
  name: z.string().optional(),
  type: LiftType.optional(),
  status: ItemStatus.optional(),
});
export type LiftDetail = z.infer<typeof LiftDetail>;

export const RunDetail = z.looseObject({
  name: z.string().optional(),
  difficulty: Difficulty.optional(),
  status: ItemStatus.optional(),
  grooming: z.boolean().optional(),
  snowmaking: z.boolean().optional(),
  nightskiing: z.boolean().optional(),
});
export type RunDetail = z.infer<typeof RunDetail>;

export const ResortSnowReport = z.looseObject({
  resort: z.number().optional(),
  status: z
    .looseObject({
      openFlag: OpenFlag,
      openingDate: IsoDate.optional(),
      closingDate: IsoDate.optional(),
    })
    .optional(),
  depth: z.looseObject({ base: z.number(), summit: z.number(), middle: z.number().optional() }).optional(),
  surfaceType: SurfaceType.optional(),
  surfaceTypeBottom: SurfaceType.optional(),
  comment: z.string().nullable().optional(),
  lifts: z
    .looseObject({ total: z.number(), open: z.number().optional(), details: z.array(LiftDetail).optional() })
    .optional(),
  terrain: z
    .looseObject({
      parks: OpenTotal.optional(),
      pipes: OpenTotal.optional(),
      tubes: OpenTotal.optional(),
      acres: OpenTotal.optional(),
      km: OpenTotal.optional(),
      nordic: z
        .looseObject({
          total: z.number(),
          skategroomed: z.number().optional(),
          trackset: z.number().optional(),
          open: z.number().optional(),
        })
        .optional(),
      canReturnBySki: z.boolean().optional(),
      runsBeginner: RunsByDifficulty.optional(),
      runsIntermediate: RunsByDifficulty.optional(),
      runsAdvanced: RunsByDifficulty.optional(),
      runsExpert: RunsByDifficulty.optional(),
      runs: z
        .looseObject({
          total: z.int32(),
          open: z.int32().optional(),
          openPercent: z.int32().optional(),
          details: z.array(RunDetail).optional(),
        })
        .optional(),
    })
    .optional(),
  recent: z.array(z.looseObject({ date: IsoDate, snow: z.number() })).optional(),
  url: z.string().optional(),
  updatedAt: IsoDateTime.optional(),
});
export type ResortSnowReport = z.infer<typeof ResortSnowReport>;

/** Body of `GET /resorts/snowreport`. */
export const SnowReportList = z.array(ResortSnowReport);
export type SnowReportList = z.infer<typeof SnowReportList>;
