/**
 * The upstream's enumerations, with their English names (scripts/api/README.md, "Records").
 *
 * The names are the English reference texts; translations live in `data/i18n/<language>.json`
 * under the same keys (`openFlag.1`, `liftType.gondola`, …).
 */
import { z } from 'zod';

/** Resort open status (`status.openFlag`, Family A; `report.openflag`, Family B). */
export const OPEN_FLAGS = {
  1: 'Open',
  2: 'Closed',
  3: 'Temporarily Closed',
  4: 'Weekends only',
  5: 'No Report Available',
  6: 'Permanently Closed',
} as const;

/** Lift and run status (`status`). */
export const ITEM_STATUSES = {
  0: 'No Info',
  1: 'Open',
  2: 'Closed',
  3: 'Temporarily Closed (On Hold)',
  4: 'Delayed',
  5: 'Open to Mid Station only',
} as const;

/** Lift type (`lifts.details[].type`). */
export const LIFT_TYPES = {
  surface: 'surface lift',
  double: 'double chairs',
  triple: 'three chairs',
  quad: 'four chair',
  highSpeedQuad: 'four chair high speed',
  highSpeedSix: 'six chair high speed',
  highSpeedEight: 'eight chair high speed',
  gondola: 'gondola',
  tram: 'tram',
  other: 'other',
} as const;

/** Run difficulty; 0 is allowed by the schema but has no label. */
export const DIFFICULTIES = {
  0: '',
  1: 'Easy',
  2: 'Intermediate',
  3: 'Advanced',
  4: 'Expert',
} as const;

/** Surface type (`surfaceType`, `surfaceTypeBottom`, Family B `surface*Id`). */
export const SURFACE_TYPES = {
  1: 'Powder',
  2: 'Packed Powder',
  3: 'Machine Made',
  4: 'Machine Groomed',
  5: 'Hard Packed',
  6: 'Spring Snow',
  7: 'Corn Snow',
  8: 'Loose Granular',
  9: 'Frozen Granular',
  10: 'Granular',
  11: 'Icy Spots',
  12: 'Bare Spots',
  13: 'Obstacles',
  14: 'Skiers Packed',
  15: 'Variable Conditions',
  16: 'Wet Snow',
  17: 'Thin Cover',
  18: 'Wind Blown',
} as const;

type NumericKeys<T> = {
  [K in keyof T]: K extends `${infer N extends number}` ? N : K extends number ? K : never;
}[keyof T];

function intEnum<T extends Record<number, string>>(table: T) {
  return z.literal(Object.keys(table).map(Number)) as unknown as z.ZodLiteral<NumericKeys<T>>;
}

export const OpenFlag = intEnum(OPEN_FLAGS);
export type OpenFlag = z.infer<typeof OpenFlag>;
export const ItemStatus = intEnum(ITEM_STATUSES);
export type ItemStatus = z.infer<typeof ItemStatus>;
export const Difficulty = intEnum(DIFFICULTIES);
export type Difficulty = z.infer<typeof Difficulty>;
export const SurfaceType = intEnum(SURFACE_TYPES);
export type SurfaceType = z.infer<typeof SurfaceType>;
export const LiftType = z.enum(
  Object.keys(LIFT_TYPES) as [keyof typeof LIFT_TYPES, ...(keyof typeof LIFT_TYPES)[]],
);
export type LiftType = z.infer<typeof LiftType>;
