/**
 * The alert feeds' step (feeds.ts): one part, `feeds`, made from the histories the tree being released holds
 * beside `api/`, so after the history's step (scripts/history/publisher.ts) in the build's list; a feed whose
 * key is unchanged is linked from the previous release (`KeptFiles`).
 */
import { dirname } from 'node:path';
import { FEED_FOLDER } from '../api/feeds.ts';
import { DEFAULT_POWDER_CM } from '../snapshot/config.ts';
import { regionIds, type Scope } from '../snapshot/model.ts';
import { filesPublisher, type FilesPart, type Publisher } from '../snapshot/release/publisher.ts';
import { stagedReader, type KeptFiles, type StagedFiles } from '../snapshot/store/staging.ts';
import { feedFiles } from './feeds.ts';

export interface FeedsOptions {
  locales: readonly string[];
  /** The config's `alerts` (scripts/docs/configuration.md, "Alert feeds"); default: 20 cm, no partner's link. */
  alerts?: { newSnowCm: number; link?: string };
  /** The config's `publicUrl`: the feeds' links and ids. */
  publicUrl?: string;
  /** The pages the entries link: the cards (when the element is built), the lists (and the profile publishes them). */
  pages: { cards: boolean; lists: boolean };
  /** Says why a history could not be read. */
  note?: (line: string) => void;
}

/** The feeds of the tree being released, as one part. */
export function feedsPart(
  options: FeedsOptions & {
    scope: Pick<Scope, 'resorts' | 'groups'>;
    files: Partial<Pick<StagedFiles, 'dir'>>;
    kept?: KeptFiles;
  },
): FilesPart {
  const { dir } = options.files;
  const groups = new Map(options.scope.groups.map((g) => [g.name, g.ids]));
  return {
    artefact: 'feeds',
    under: [FEED_FOLDER],
    files: () =>
      feedFiles({
        ...(dir ? { read: stagedReader(dirname(dir)) } : {}),
        locales: options.locales,
        resorts: options.scope.resorts,
        regions: regionIds(options.scope.groups).map((id) => ({ id, ids: groups.get(`region-${id}`) ?? [] })),
        alerts: options.alerts ?? { newSnowCm: DEFAULT_POWDER_CM },
        ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
        pages: options.pages,
        ...(options.note ? { note: options.note } : {}),
        ...(options.kept ? { kept: options.kept } : {}),
      }),
  };
}

/** The feeds' step. */
export const feedsPublisher = (options: FeedsOptions): Publisher<FilesPart> =>
  filesPublisher('feeds', (context) => [
    feedsPart({
      ...options,
      scope: context.scope,
      files: context.files,
      ...(context.kept ? { kept: context.kept } : {}),
    }),
  ]);
