/**
 * Where each language's strings are: a chunk of its own beside the bundle (`rc.de.<hash>.js`…), fetched the
 * first time an element needs it (`loadStrings` in i18n/index.ts). This table is a chunk too
 * (`rc.languages.<hash>.js`): a page in English loads neither.
 */
import type { Strings } from './en.ts';

type Loader = () => Promise<{ default: Strings }>;

export const LOADERS: Record<string, Loader | undefined> = {
  de: () => import('./de.ts'),
  fr: () => import('./fr.ts'),
  it: () => import('./it.ts'),
  es: () => import('./es.ts'),
  nl: () => import('./nl.ts'),
  pt: () => import('./pt.ts'),
  sv: () => import('./sv.ts'),
  no: () => import('./no.ts'),
  da: () => import('./da.ts'),
  fi: () => import('./fi.ts'),
  pl: () => import('./pl.ts'),
  cs: () => import('./cs.ts'),
  sl: () => import('./sl.ts'),
  ja: () => import('./ja.ts'),
};
