/**
 * The files the mirror publishes beside `api/` (scripts/docs/hosting.md, "Moving an existing client to the mirror"): one rule
 * file per kind of host, each written by its own module from what `rewrites.ts` says the mirror answers,
 * and the static error bodies. Pure: options in, files out.
 */
import {
  errorFile,
  MIRROR_FOLDER,
  mirrorErrors,
  type MirrorErrorName,
  type MirrorOptions,
} from './rewrites.ts';
import { apacheRules } from './rewrites-apache.ts';
import { edgeWorker } from './rewrites-edge.ts';
import { netlifyRedirects } from './rewrites-netlify.ts';
import { nginxRules } from './rewrites-nginx.ts';
import type { ExtraFile } from '../snapshot/store/staging.ts';

/** The rule files and the static error bodies a release publishes beside `api/`. */
export async function mirrorFiles(options: MirrorOptions): Promise<ExtraFile[]> {
  const text = (path: string, content: string): ExtraFile => ({ path, bytes: Buffer.from(content) });
  const errors = mirrorErrors(options.locales);
  return [
    text('_redirects', netlifyRedirects(options)),
    text('.htaccess', apacheRules(options)),
    text(`${MIRROR_FOLDER}/nginx.conf`, nginxRules(options)),
    text(`${MIRROR_FOLDER}/edge-worker.js`, await edgeWorker(options)),
    ...Object.entries(errors).map(([name, body]) =>
      text(errorFile(name as MirrorErrorName), `${JSON.stringify(body)}\n`),
    ),
  ];
}
