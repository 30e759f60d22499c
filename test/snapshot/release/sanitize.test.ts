import { describe, expect, it } from 'vitest';
import { assertNoSecret, byteNeedles, findNeedle, scanned } from '../../../scripts/snapshot/store/secrets.ts';
import {
  answerSanitizer,
  safeHttpUrl,
  sanitizeBody,
  sanitizeHtml,
} from '../../../scripts/snapshot/release/sanitize.ts';

describe('sanitizeHtml', () => {
  it.each([
    ['<p><strong>Big</strong> mountain</p>', '<p><strong>Big</strong> mountain</p>'],
    ['<p class="x" style="color:red">text</p>', '<p>text</p>'],
    ['<script>alert(1)</script>after', 'after'],
    ['<img src=x onerror=alert(1)>after', 'after'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    [
      '<a href="https://ok.example/a?b=1&amp;c=2" onclick="x()">ok</a>',
      '<a href="https://ok.example/a?b=1&amp;c=2" rel="noopener nofollow">ok</a>',
    ],
    ['<a href="jav&#x09;ascript:alert(1)">x</a>', '<a>x</a>'],
    ['<ul><li>one<li>two</ul>', '<ul><li>one</li><li>two</li></ul>'],
    ['<p>unclosed <em>tags', '<p>unclosed <em>tags</em></p>'],
    ['</p>stray closing', '<p></p>stray closing'],
    ['<!-- <script>x</script> -->kept', 'kept'],
    ['a &lt;script&gt; b &amp; c', 'a &lt;script&gt; b &amp; c'],
    ['<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
    ['<svg onload=alert(1)><circle/></svg>kept', 'kept'],
    ['1 < 2 and 3 > 2', '1 &lt; 2 and 3 &gt; 2'],
    ['<style>p{}</style><p>x</p>', '<p>x</p>'],
    ['<a href="/relative">r</a><a href="//evil.example/x">p</a>', '<a>r</a><a>p</a>'],
    [
      '<a rel="opener" target="_top" href="https://a.example/">x</a>',
      '<a href="https://a.example/" rel="noopener nofollow">x</a>',
    ],
    ['<![CDATA[<script>x</script>]]>kept', 'kept'],
    ['<math><mi xlink:href="javascript:1">x</mi></math>kept', 'kept'],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>">', ''],
    ['<template><script>x</script></template>kept', 'kept'],
    ['<title><img src=x onerror=alert(1)></title>kept', 'kept'],
  ])('turns %j into %j', (input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });
});

describe('safeHttpUrl', () => {
  it.each([
    ['https://a.example/x', 'https://a.example/x'],
    ['http://a.example', 'http://a.example/'],
    ['javascript:alert(1)', ''],
    [' javascript:alert(1)', ''],
    ['java\tscript:alert(1)', ''],
    ['data:text/html,<b>', ''],
    ['//evil.example/x', ''],
    ['/relative', ''],
    ['', ''],
  ])('keeps %j as %j', (input, expected) => {
    expect(safeHttpUrl(input)).toBe(expected);
  });
});

describe('sanitizeBody', () => {
  it('cleans URLs of links, webcams and logos and the overview body, and nothing else', () => {
    const body = {
      links: { news: { url: 'javascript:x', title: 'javascript: is just text here', text: 'ok' } },
      image: {
        thumb: 'data:image/png;base64,AA',
        mid: 'https://cam.example/m.jpg',
        large: 'https://cam.example/l.jpg',
      },
      attributionLogo: 'vbscript:x',
      resortOverviews: { overview: { body: '<p onclick="x">hi</p><script>x</script>' } },
      restSnowReport: '../../../x.json',
    };
    expect(sanitizeBody(body)).toEqual({
      links: { news: { url: '', title: 'javascript: is just text here', text: 'ok' } },
      image: { thumb: '', mid: 'https://cam.example/m.jpg', large: 'https://cam.example/l.jpg' },
      attributionLogo: '',
      resortOverviews: { overview: { body: '<p>hi</p>' } },
      restSnowReport: '../../../x.json',
    });
  });
});

describe('sanitizeBody copies only what changes', () => {
  it('gives back the body itself, every member in place, when nothing needs cleaning', () => {
    const body = { resorts: [{ id: 20, links: [{ url: 'https://elk.example/' }] }], name: 'Elk' };
    expect(sanitizeBody(body)).toBe(body);
  });

  it('copies the path to a cleaned value and shares the rest, members in their order', () => {
    const kept = { id: 25, links: [{ url: 'https://ok.example/' }] };
    const body = { a: 1, resorts: [kept, { id: 20, links: [{ url: 'javascript:x', title: 't' }] }], z: 2 };
    const clean = sanitizeBody(body) as typeof body;
    expect(JSON.stringify(clean)).toBe(
      '{"a":1,"resorts":[{"id":25,"links":[{"url":"https://ok.example/"}]},{"id":20,"links":[{"url":"","title":"t"}]}],"z":2}',
    );
    expect(clean).not.toBe(body);
    expect(clean.resorts[0]).toBe(kept);
    expect(body.resorts[1]!.links[0]!.url).toBe('javascript:x');
  });

  it('leaves out a member named __proto__ wherever it is, and nothing else', () => {
    const body = JSON.parse('{"a":1,"__proto__":{"x":1},"b":{"c":2,"__proto__":"y"}}') as unknown;
    expect(JSON.stringify(sanitizeBody(body))).toBe('{"a":1,"b":{"c":2}}');
  });
});

describe('answerSanitizer', () => {
  it('cleans the files of one answer as sanitizeBody does, each shared object once', () => {
    const overview = { body: '<p onclick="x">hi</p><script>x</script>' };
    const links = { website: 'javascript:alert(1)', url: 'https://ok.example/' };
    const record = { resortName: 'A', links, webcams: [{ url: 'data:x' }], resortOverviews: { overview } };
    // the files of a multi-resort answer: the record alone, its group's map and list, its parts alone;
    // the overview also at the root and under another key, where its body is plain text
    const files = [record, { 7: record }, [record], links, record.webcams, overview, { other: overview }];
    const sanitize = answerSanitizer();
    expect(files.map((f) => JSON.stringify(sanitize(f)))).toEqual(
      files.map((f) => JSON.stringify(sanitizeBody(f))),
    );
    expect(JSON.stringify(sanitize(record))).toBe(
      '{"resortName":"A","links":{"website":"","url":"https://ok.example/"},"webcams":[{"url":""}],"resortOverviews":{"overview":{"body":"<p>hi</p>"}}}',
    );
  });
});

describe('assertNoSecret', () => {
  const secrets = ['ops@partner.example', 'key-0123456789', 'p@ss word/1', 'abc'];
  it.each([
    ['{"a":"ops@partner.example"}', 'an e-mail address'],
    ['{"u":"https://x.example/?e=ops%40partner.example"}', 'an e-mail address'],
    ['{"t":"key-0123456789"}', 'a key, token or password'],
    ['{"q":"p%40ss%20word%2F1"}', 'an e-mail address'],
  ])('refuses %s, naming the kind of secret and never its value', (text, kind) => {
    let message = '';
    try {
      assertNoSecret(text, 'api/x.json', secrets);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(`api/x.json would contain a credential (${kind}); nothing was published`);
    for (const secret of secrets.slice(0, 3)) expect(message).not.toContain(secret);
  });

  it('passes a file with none, and ignores secrets shorter than four characters', () => {
    expect(assertNoSecret('{"a":"abc ops@partner key-01234"}', 'api/x.json', secrets)).toBeUndefined();
  });
});

describe('scanned', () => {
  const secrets = ['key-0123456789'];
  /** `text` in chunks of `size` bytes, each a view of one buffer the next overwrites (as the state's files come). */
  function* reused(text: string, size: number): IterableIterator<Uint8Array> {
    const bytes = Buffer.from(text);
    const out = Buffer.alloc(size);
    for (let at = 0; at < bytes.length; at += size) {
      const n = bytes.copy(out, 0, at, at + size);
      yield out.subarray(0, n);
    }
  }
  const scan = (text: string, size: number) =>
    Array.from(scanned(reused(text, size), 'the private state', secrets), String).join('');

  it.each([1, 3, 7, 13, 64])('finds a secret across chunks of %i bytes of a reused buffer', (size) => {
    expect(() => scan('{"files":{"a":"xx key-0123456789 yy"}}', size)).toThrow(
      'the private state would contain a credential (a key, token or password); nothing was published',
    );
  });

  it('passes every chunk on as it came when there is none', () => {
    const text = '{"files":{"a":"key-012345678 9"}}';
    expect(scan(text, 5)).toBe(text);
  });
});

describe('findNeedle', () => {
  const needles = byteNeedles([
    ['powder-day', 'a password'],
    ['demo@example.com', 'an e-mail address'],
    ['7462108984f629db', 'a key'],
  ]);
  it.each([
    ['powder-day', 'a password'],
    ['{"a":"xx demo@example.com"}', 'an e-mail address'],
    ['wder-dapowder-daypowder-da', 'a password'],
    ['{"t":"7462108984f629db"}', 'a key'],
    ['-day@example.com demo@example.co demo@example.com', 'an e-mail address'],
  ])('finds a needle in %s wherever its anchor falls', (text, kind) => {
    expect(findNeedle(Buffer.from(text), needles)).toBe(kind);
  });

  it.each([
    'powder-da',
    'owder-day',
    'demo@example.co',
    'emo@example.com',
    '7462108984f629d',
    '@example.com',
  ])('finds none in %s, which holds each anchor but never a whole needle', (text) => {
    expect(findNeedle(Buffer.from(text), needles)).toBeUndefined();
  });
});
