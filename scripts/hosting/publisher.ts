/**
 * What a release publishes for the hosts that serve it (scripts/docs/hosting.md, "Hosting"): the headers of
 * the whole tree (`_headers`, from the contract's rules: scripts/api/headers.ts), the 404 page, and with
 * the full profile the rules that answer the service's own URLs for each host (mirror.ts).
 */
import { headersFile } from '../api/headers.ts';
import { filePart, filesPublisher, type FilesPart, type Publisher } from '../snapshot/release/publisher.ts';
import type { Scope } from '../snapshot/model.ts';
import { mirrorFiles } from './mirror.ts';
import { NOT_FOUND_PAGE, notFoundPage } from './not-found.ts';
import { MIRROR_FOLDER } from './rewrites.ts';

export interface HostingOptions {
  locales: readonly string[];
  /** `widget`: no rules for the service's URLs (the mirror's files are not published). */
  profile?: 'full' | 'widget';
}

/** The hosting's parts: `_headers`, the 404 page, the mirror's rules. */
export function* hostingParts(
  options: HostingOptions & { groups: Scope['groups']; files: Iterable<string> },
): Generator<FilesPart> {
  yield filePart('_headers', () => Buffer.from(headersFile(options.files)));
  yield filePart(NOT_FOUND_PAGE, () => Buffer.from(notFoundPage()));
  if (options.profile !== 'widget')
    yield {
      artefact: 'mirror rules',
      paths: ['_redirects', '.htaccess'],
      under: [MIRROR_FOLDER],
      files: () => mirrorFiles({ locales: options.locales, groups: options.groups, files: options.files }),
    };
}

/** The hosting's step. */
export const hostingPublisher = (options: HostingOptions): Publisher<FilesPart> =>
  filesPublisher('hosting', (context) =>
    hostingParts({ ...options, groups: context.scope.groups, files: context.files }),
  );
