/** The links of a resort's links record, in the order the service writes them (spec 2B). */
export const LINK_NAMES = ['seasonpasses', 'news', 'cams', 'skireport', 'weather', 'lifttickets', 'travel', 'profile'] as const;
export type LinkName = (typeof LINK_NAMES)[number];
