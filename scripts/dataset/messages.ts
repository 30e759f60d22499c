/**
 * Message keys the service translates: every enumeration name of spec 3, surface texts, open-flag names
 * and link titles and texts. `data/i18n/en.json` must hold all of them; other languages fall back to it.
 */
import { DIFFICULTIES, ITEM_STATUSES, LIFT_TYPES, OPEN_FLAGS, SURFACE_TYPES } from '../schemas/enums.ts';

export const LINK_NAMES = [
  'seasonpasses',
  'news',
  'cams',
  'skireport',
  'weather',
  'lifttickets',
  'travel',
  'profile',
] as const;
export type LinkName = (typeof LINK_NAMES)[number];

/** Every key `data/i18n/en.json` must define. */
export function requiredMessageKeys(): string[] {
  return [
    ...Object.keys(OPEN_FLAGS).map((k) => `openFlag.${k}`),
    ...Object.keys(ITEM_STATUSES).map((k) => `status.${k}`),
    ...Object.keys(LIFT_TYPES).map((k) => `liftType.${k}`),
    ...Object.keys(DIFFICULTIES)
      .filter((k) => k !== '0')
      .map((k) => `difficulty.${k}`),
    ...Object.keys(SURFACE_TYPES).map((k) => `surface.${k}`),
    'surface.na',
    ...LINK_NAMES.map((k) => `link.${k}.title`),
    ...LINK_NAMES.filter((k) => k !== 'seasonpasses').map((k) => `link.${k}.text`),
  ];
}

/** Fills `{name}` placeholders; unknown names stay as they are. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
