/** The links of a links record, in the order the service writes them (scripts/api/README.md, "Records"). */
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
