/**
 * The publishing steps of a build (scripts/snapshot/release/publisher.ts), one or two from each folder of
 * what a release publishes beside `api/`, listed in the order the build makes them.
 */
import type { BucketSettings } from '../history/bucket-origin.ts';
import { historyPublisher } from '../history/publisher.ts';
import { hostingPublisher } from '../hosting/publisher.ts';
import { feedsPublisher } from '../feeds/publisher.ts';
import { elementPublisher } from '../element/publisher.ts';
import { demoPublisher } from '../demo/publisher.ts';
import type { ImageSource } from '../images/assets.ts';
import { imageCopies, imageSource } from '../images/publisher.ts';
import { LIST_SHEET_BASE } from '../embeds/lists.ts';
import { embedsPublishers } from '../embeds/publisher.ts';
import type { SnapshotConfig } from '../snapshot/config.ts';
import type { PublishingSteps } from '../snapshot/release/publisher.ts';
import type { ExtraFile } from '../snapshot/store/staging.ts';

export interface StepOptions {
  config: Pick<SnapshotConfig, 'locales' | 'profile' | 'alerts' | 'publicUrl' | 'embeds'>;
  /** Whether the data is the embedded sample (its images are in the dataset's folder; the demo page says so). */
  sample: boolean;
  /** The element's bundle as read (scripts/element/browser-files.ts); absent: no element, no list's sheet. */
  bundle?: readonly ExtraFile[];
  /** Whether the element is published (not `--no-widget`): its scripts, the demo page, the embeds. */
  widget: boolean;
  /** Origins a real upstream's images may be copied from: its own and the config's `imageOrigins`. */
  imageOrigins?: readonly string[];
  /** Where the images come from, instead of the sample's folder or `imageOrigins`. */
  images?: ImageSource;
  /** The deploy's bucket, where a lost history is read back from after the published site. */
  bucket?: BucketSettings;
  note?: (line: string) => void;
}

/**
 * The build's publishing steps (scripts/ARCHITECTURE.md, "One fault boundary per part"), in the order the
 * build makes them: each locale's embeds beside the fetching; then, once every API file is in, the season's
 * history first (the feeds and the season cards read what it recorded), the hosts' rules, the feeds, the
 * element's scripts, the demo page, the image copies and the embeds that show them.
 */
export function publishingSteps(options: StepOptions): Required<PublishingSteps> {
  const { config, note } = options;
  const { locales, profile, publicUrl } = config;
  const sheet = options.bundle?.find((f) => f.path === LIST_SHEET_BASE)?.bytes;
  const scripts = options.widget ? options.bundle?.filter((f) => f.path !== LIST_SHEET_BASE) : undefined;
  const lists = !!scripts && profile !== 'widget';
  // the history's bucket is opened at its first read, the images' connections at their first download
  const history = historyPublisher(options.bucket ? { bucket: options.bucket } : {});
  const own = options.images
    ? undefined
    : imageSource({
        sample: options.sample,
        ...(options.imageOrigins ? { origins: options.imageOrigins } : {}),
        ...(note ? { note } : {}),
      });
  // the same copies for the images' step and the embeds that show them
  const images = imageCopies(options.images ?? own!, locales);
  const embeds = embedsPublishers({
    locales,
    widget: !!scripts,
    ...(sheet ? { listSheet: sheet } : {}),
    images,
    ...(publicUrl ? { publicUrl } : {}),
    seasonCards: config.embeds.season,
  });
  return {
    publishers: [
      ...(embeds.locale ? [embeds.locale] : []),
      history,
      hostingPublisher({ locales, ...(profile ? { profile } : {}) }),
      feedsPublisher({
        locales,
        ...(config.alerts ? { alerts: config.alerts } : {}),
        ...(publicUrl ? { publicUrl } : {}),
        pages: { cards: !!scripts, lists },
        ...(note ? { note } : {}),
      }),
      ...(scripts
        ? [
            elementPublisher(scripts),
            demoPublisher({ locales, sample: options.sample, list: lists && !!sheet }),
            images.publisher,
          ]
        : []),
      embeds.release,
    ],
    close: async () => {
      await embeds.close();
      await own?.close();
    },
  };
}
