/**
 * The files a release publishes beside `api/`: host headers always; the element's bundle and the demo
 * page when the element is built.
 */
import type { ExtraFile } from '../snapshot/release.ts';
import type { Scope } from '../snapshot/scope.ts';
import { demoPage } from './demo.ts';
import { headersFile } from './headers.ts';

export interface SiteOptions {
  scope: Scope;
  /** Published API files, relative to `api/`. */
  files: readonly string[];
  locales: readonly string[];
  /** Whether the data is the embedded sample (the demo page says so). */
  sample: boolean;
  /** Bundles the element; absent: no element, no demo page. */
  widget?: () => Promise<ExtraFile[]>;
}

export async function siteFiles(options: SiteOptions): Promise<ExtraFile[]> {
  const extra: ExtraFile[] = [{ path: '_headers', bytes: Buffer.from(headersFile(options.files)) }];
  if (options.widget) {
    extra.push(...(await options.widget()));
    extra.push({ path: 'index.html', bytes: Buffer.from(demoPage(options.scope.resorts, options.locales, options.sample)) });
  }
  return extra;
}
