/**
 * The element's files a release publishes: both elements' scripts, their chunks and style sheets as the
 * bundle holds them (browser-files.ts, `elementFiles`), one part, `element`. The list's style sheet is
 * the embeds' (it holds the snapshot's rows: scripts/embeds/publisher.ts).
 */
import { filesPublisher, type FilesPart, type Publisher } from '../snapshot/release/publisher.ts';
import type { ExtraFile } from '../snapshot/store/staging.ts';

/** The element's scripts as one part. */
export const elementPart = (scripts: readonly ExtraFile[]): FilesPart => ({
  artefact: 'element',
  paths: scripts.map((f) => f.path),
  files: () => scripts,
});

/** The step that publishes the element's `scripts`. */
export const elementPublisher = (scripts: readonly ExtraFile[]): Publisher<FilesPart> =>
  filesPublisher('element', () => [elementPart(scripts)]);
