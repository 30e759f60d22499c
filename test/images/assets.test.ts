import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetPath } from '../../scripts/api/assets.ts';
import {
  attributionImages,
  checkedImages,
  downloadedImages,
  imageType,
  publishableImage,
  sampleImages,
  type ImageSource,
} from '../../scripts/images/assets.ts';
import { bytes, endless, redirect, startHostile, trickle, type HostileServer } from '../hostile/server.ts';
import { DATA_DIR } from '../helpers.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><circle r="2"/></svg>';

let upstream: HostileServer;
let elsewhere: HostileServer;

beforeAll(async () => {
  elsewhere = await startHostile(() => bytes('image/png', PNG));
  upstream = await startHostile(
    (path) =>
      ({
        '/logo.png': bytes('text/plain', PNG),
        '/logo.svg': bytes('image/svg+xml', SVG),
        '/lying.png': bytes('image/png', SVG),
        '/page.png': bytes('image/png', '<html><script>alert(1)</script></html>'),
        '/moved.png': redirect(`${elsewhere.url}/logo.png`),
        '/endless.png': endless('image/png', PNG),
        '/slow.png': trickle(PNG.toString('latin1').repeat(1000), 20, 'image/png'),
        '/gone.png': bytes('image/png', PNG, 404),
      })[path],
  );
});
afterAll(async () => {
  await upstream.close();
  await elsewhere.close();
});

const refused = async (source: ImageSource, url: string) => {
  const got = await source(url);
  expect(got).not.toBeInstanceOf(Uint8Array);
  return (got as { refused: string }).refused;
};

describe('images from a real upstream', () => {
  it('copies an image of its own origin, typed by its bytes whatever its header says', async () => {
    const download = downloadedImages({ origins: [upstream.url] });
    try {
      expect(await download(`${upstream.url}/logo.png`)).toEqual(PNG);
    } finally {
      await download.close();
    }
  });

  it('sends no request to an origin that is neither the upstream’s nor the config’s', async () => {
    const download = downloadedImages({ origins: [upstream.url] });
    try {
      expect(await refused(download, `${elsewhere.url}/logo.png`)).toMatch(
        /not one of the upstream's origins.*imageOrigins/,
      );
      expect(elsewhere.requests.size).toBe(0);
    } finally {
      await download.close();
    }
  });

  it('follows no redirect: the other host gets no request', async () => {
    const download = downloadedImages({ origins: [upstream.url] });
    try {
      expect(await refused(download, `${upstream.url}/moved.png`)).toMatch(/HTTP 302, a redirect/);
      expect(elsewhere.requests.size).toBe(0);
    } finally {
      await download.close();
    }
  });

  it('stops reading an endless image at its size limit', async () => {
    const download = downloadedImages({ origins: [upstream.url], maxBytes: 512 * 1024 });
    try {
      expect(await refused(download, `${upstream.url}/endless.png`)).toMatch(/larger than 524288 bytes/);
      await upstream.over('/endless.png');
    } finally {
      await download.close();
    }
    // the server could push no more than the limit and what the sockets' buffers held
    expect(upstream.cut.has('/endless.png')).toBe(true);
    expect(upstream.sent.get('/endless.png')!).toBeLessThan(8 * 1024 * 1024);
  });
});

describe('images from a real upstream, the server kept', () => {
  let server: HostileServer;
  beforeAll(async () => {
    server = await startHostile((path) =>
      path === '/slow.png' ? trickle(PNG.toString('latin1').repeat(1000), 20, 'image/png') : undefined,
    );
  });
  afterAll(() => server.close());

  it('ends an image that trickles at its deadline', async () => {
    const download = downloadedImages({ origins: [server.url], timeoutMs: 400 });
    try {
      expect(await refused(download, `${server.url}/slow.png`)).toMatch(/did not arrive within 400 ms/);
      await server.over('/slow.png');
    } finally {
      await download.close();
    }
    // 12,000 bytes at one per 20 ms would take four minutes: the deadline cut it after a few dozen
    expect(server.cut.has('/slow.png')).toBe(true);
    expect(server.sent.get('/slow.png')!).toBeLessThan(200);
  });
});

describe('what is published of an image', () => {
  it.each([
    [PNG, 'png'],
    [Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'jpg'],
    [Buffer.from('GIF89a...'), 'gif'],
    [Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]), 'webp'],
    [Buffer.concat([Buffer.from([0, 0, 0, 0x1c]), Buffer.from('ftypavif')]), 'avif'],
    [Buffer.from('\uFEFF  <?xml version="1.0"?><svg/>'), 'svg'],
    [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'svg'],
    [Buffer.from('<html><svg/></html>'), undefined],
    [Buffer.from('{"not":"an image"}'), undefined],
  ])('takes the type from the bytes: %#', (image, type) => {
    expect(imageType(image)).toBe(type);
  });

  it('refuses bytes of another type than the name says, and rebuilds an SVG', () => {
    expect(publishableImage('assets/1.png', Buffer.from(SVG))).toEqual({
      refused: 'its bytes are SVG, its name says png',
    });
    expect(publishableImage('assets/1.svg', PNG)).toEqual({
      refused: 'its bytes are PNG, its name says svg',
    });
    expect(publishableImage('assets/1.png', Buffer.from('<html>'))).toEqual({
      refused: 'its bytes are not an image of a type the build copies',
    });
    expect(Buffer.from(publishableImage('assets/1.svg', Buffer.from(SVG)) as Uint8Array).toString()).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><circle r="2"/></svg>\n',
    );
  });

  it('fetches each image once, publishes only what passed, and says why the others did not', async () => {
    const notes: string[] = [];
    const download = downloadedImages({ origins: [upstream.url] });
    const images = checkedImages(download, (line) => notes.push(line));
    const body = (logo: string) => Buffer.from(JSON.stringify({ attributionLogo: logo }));
    const logos: Record<string, string> = {
      'en-US': `${upstream.url}/logo.svg`,
      'de-DE': `${upstream.url}/lying.png`,
      'fr-FR': `${upstream.url}/page.png`,
      'it-IT': `${upstream.url}/gone.png`,
      'es-ES': `${upstream.url}/logo.svg`,
    };
    const files = { read: async (path: string) => body(logos[path.split('/')[0]!]!) };
    try {
      const copies = await attributionImages(files, Object.keys(logos), images);
      expect(copies.map((c) => [c.path, Buffer.from(c.bytes).toString()])).toEqual([
        [
          assetPath(`${upstream.url}/logo.svg`),
          '<svg xmlns="http://www.w3.org/2000/svg"><circle r="2"/></svg>\n',
        ],
      ]);
      expect(upstream.requests.get('/logo.svg')).toBe(1);
      expect(notes.map((n) => n.replace(upstream.url, 'U'))).toEqual([
        'the image U/lying.png is not copied: its bytes are SVG, its name says png',
        'the image U/page.png is not copied: its bytes are not an image of a type the build copies',
        'the image U/gone.png is not copied: it answered HTTP 404',
      ]);
    } finally {
      await download.close();
    }
  });

  it('finds the sample’s images under its dataset folder only', async () => {
    const images = sampleImages(DATA_DIR);
    expect(await images('https://snow-conditions.example/attribution/logo.svg')).toBeInstanceOf(Uint8Array);
    expect(await images('https://snow-conditions.example/x/%2F..%2F..%2Fpackage.json')).toEqual({
      refused: 'its path leaves the dataset folder',
    });
  });
});
