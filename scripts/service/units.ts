/**
 * Unit systems (scripts/api/README.md, "Locales"): en-US is imperial, every other locale metric. The dataset
 * is metric; each converter rounds the way a person reads the value (scripts/api/README.md, "Units").
 */

import type { UnitSystem } from '../api/locales.ts';

const roundTo = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor + 0; // + 0 turns -0 into 0
};

export interface Units {
  system: UnitSystem;
  /** Snow depth: whole inches or whole centimetres. */
  depth(cm: number): number;
  /** Snowfall: inches to one decimal, or whole centimetres. */
  snowfall(cm: number): number;
  /** Elevation and vertical drop: whole feet or whole metres. */
  elevation(m: number): number;
  /** Run and trail lengths: miles or kilometres, one decimal. */
  distance(km: number): number;
  /** Skiable area: whole acres or whole hectares. */
  area(ha: number): number;
  /** Temperature: whole °F, or °C to one decimal. */
  temperature(celsius: number): number;
  /** Wind speed: whole miles per hour, or metres per second to one decimal. */
  wind(metresPerSecond: number): number;
}

export const METRIC: Units = {
  system: 'metric',
  depth: (cm) => roundTo(cm, 0),
  snowfall: (cm) => roundTo(cm, 0),
  elevation: (m) => roundTo(m, 0),
  distance: (km) => roundTo(km, 1),
  area: (ha) => roundTo(ha, 0),
  temperature: (c) => roundTo(c, 1),
  wind: (ms) => roundTo(ms, 1),
};

export const IMPERIAL: Units = {
  system: 'imperial',
  depth: (cm) => roundTo(cm / 2.54, 0),
  snowfall: (cm) => roundTo(cm / 2.54, 1),
  elevation: (m) => roundTo(m / 0.3048, 0),
  distance: (km) => roundTo(km / 1.609344, 1),
  area: (ha) => roundTo(ha * 2.4710538, 0),
  temperature: (c) => roundTo((c * 9) / 5 + 32, 0),
  wind: (ms) => roundTo(ms * 2.2369363, 0),
};

/** Acres are Family A's own unit (`terrain.acres`) whatever the locale. */
export const hectaresToAcres = (ha: number) => IMPERIAL.area(ha);
