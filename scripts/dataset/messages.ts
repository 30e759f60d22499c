/**
 * Message keys the service translates: every enumeration name (scripts/api/README.md, "Records"), surface
 * texts, open-flag names and link titles and texts. `data/i18n/en.json` must hold all of them; other
 * languages fall back to it.
 */
import { LINK_NAMES } from '../api/links.ts';
import { DIFFICULTIES, ITEM_STATUSES, LIFT_TYPES, OPEN_FLAGS, SURFACE_TYPES } from '../api/schemas/enums.ts';

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
