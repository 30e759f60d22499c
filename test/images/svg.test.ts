import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from '../../scripts/images/svg.ts';
import { DATA_DIR } from '../helpers.ts';

const NS = 'xmlns="http://www.w3.org/2000/svg"';

/** Every element name and attribute name of a document, as a second parser reads it. */
function names(svg: string): { elements: string[]; attributes: string[] } {
  const elements: string[] = [];
  const attributes: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        elements.push(name);
        attributes.push(...Object.keys(attribs));
      },
    },
    { xmlMode: true },
  );
  parser.write(svg);
  parser.end();
  return { elements, attributes };
}

/** What each hostile document runs or loads (a data document by its base64 text). */
const HOSTILE = new RegExp(`alert\\(1\\)|evil\\.example|tracker\\.example|${'PHN2ZyB4bWxucz0iaHR0'}`);

/** What can run, load or restyle a document, in any spelling a browser reads. */
const DANGEROUS =
  /<\s*[\w-]*:?(script|foreignObject|style|iframe|object|embed|a|animate|set|animateTransform|animateMotion|handler|feImage)[\s/>]|\son\w+\s*=|javascript:|@import|url\(\s*['"]?(?!#)/i;

describe('an SVG from an upstream', () => {
  it('keeps the sample’s logo exactly as it is (it is already a plain picture)', async () => {
    const logo = await readFile(join(DATA_DIR, 'attribution', 'logo.svg'), 'utf8');
    expect(sanitizeSvg(logo)).toBe(logo);
  });

  it.each([
    [
      'a script with a prefix of the SVG namespace',
      `<svg ${NS} xmlns:x="http://www.w3.org/2000/svg"><x:script>alert(1)</x:script><circle r="1"/></svg>`,
    ],
    [
      'a script in the XHTML namespace',
      `<svg ${NS}><h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script><circle r="1"/></svg>`,
    ],
    [
      'a default namespace switched to XHTML',
      `<svg ${NS}><g xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></g><circle r="1"/></svg>`,
    ],
    [
      'foreign content with a prefix',
      `<svg ${NS} xmlns:s="http://www.w3.org/2000/svg"><s:foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"/></s:foreignObject><circle r="1"/></svg>`,
    ],
    [
      'a style sheet that imports another',
      `<svg ${NS}><style>@import url(https://evil.example/x.css); circle{fill:red}</style><circle r="1"/></svg>`,
    ],
    [
      'a style sheet in CDATA',
      `<svg ${NS}><style><![CDATA[@import "https://evil.example/x.css";]]></style><circle r="1"/></svg>`,
    ],
    ['an event handler in capitals', `<svg ${NS} ONLOAD="alert(1)"><circle r="1" onclick="alert(1)"/></svg>`],
    [
      'an event handler with a namespace prefix',
      `<svg ${NS} xmlns:e="http://www.w3.org/2001/xml-events"><circle r="1" e:onload="alert(1)"/></svg>`,
    ],
    [
      'a link to a script',
      `<svg ${NS} xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="javascript:alert(1)"><circle r="1"/></a></svg>`,
    ],
    [
      'an animation that sets a link',
      `<svg ${NS}><animate attributeName="href" values="javascript:alert(1)"/><set attributeName="onmouseover" to="alert(1)"/><circle r="1"/></svg>`,
    ],
    [
      'a use of another document',
      `<svg ${NS}><use href="https://evil.example/sprite.svg#x"/><circle r="1"/></svg>`,
    ],
    [
      'an xlink use of a data document',
      `<svg ${NS} xmlns:q="http://www.w3.org/1999/xlink"><use q:href="data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIG9ubG9hZD0iYWxlcnQoMSkiLz4="/><circle r="1"/></svg>`,
    ],
    [
      'an image from a tracker',
      `<svg ${NS}><image href="https://tracker.example/x.png"/><circle r="1"/></svg>`,
    ],
    [
      'a fill from another document',
      `<svg ${NS}><circle r="1" fill="url(https://evil.example/p.svg#g)" style="fill:url('//evil.example/a')"/></svg>`,
    ],
    [
      'an entity declared in a doctype',
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "<script>alert(1)</script>">]><svg ${NS}><text>&x;</text></svg>`,
    ],
    [
      'a processing instruction naming a style sheet',
      `<?xml-stylesheet href="https://evil.example/x.css"?><svg ${NS}><circle r="1"/></svg>`,
    ],
    [
      'a filter image',
      `<svg ${NS}><filter id="f"><feImage href="https://evil.example/x.png"/></filter><circle r="1"/></svg>`,
    ],
  ])('is rebuilt without what can run or load: %s', (_, svg) => {
    // every hostile row runs something or loads something from elsewhere
    expect(svg).toMatch(HOSTILE);
    const clean = sanitizeSvg(svg);
    expect(clean).toBeDefined();
    expect(clean).not.toMatch(HOSTILE);
    expect(clean).not.toMatch(DANGEROUS);
    const { elements, attributes } = names(clean!);
    expect(elements[0]).toBe('svg');
    // one default namespace: no prefix can change what an element is
    expect(elements.filter((e) => e.includes(':'))).toEqual([]);
    expect(attributes.filter((a) => a !== 'xml:space' && a.includes(':'))).toEqual([]);
  });

  it('keeps shapes, text, gradients, local references and raster images inside the picture', () => {
    const svg = `<svg ${NS} viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs><circle id="c" r="4" fill="url(#g)" style="stroke:#000;stroke-width:2;behavior:url(x.htc)"/><radialGradient id="h" href="#g"/><image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/><text x="1" y="9">Snow &amp; ice</text></svg>`;
    expect(sanitizeSvg(svg)).toBe(
      `<svg ${NS} viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs><circle id="c" r="4" fill="url(#g)" style="stroke:#000;stroke-width:2"/><radialGradient id="h" href="#g"/><image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/><text x="1" y="9">Snow &amp; ice</text></svg>\n`,
    );
  });

  it('keeps text that looks like markup as text', () => {
    expect(sanitizeSvg(`<svg ${NS}><text>&lt;script&gt;alert(1)&lt;/script&gt;</text></svg>`)).toBe(
      `<svg ${NS}><text>&lt;script&gt;alert(1)&lt;/script&gt;</text></svg>\n`,
    );
  });

  it('keeps nothing that repeats a part of the picture: a use bomb draws twelve empty groups', () => {
    // ten uses of the level below, twelve levels deep: drawn as written, a trillion circles
    const levels = Array.from(
      { length: 12 },
      (_, i) => `<g id="a${i + 1}">${`<use href="#a${i}"/>`.repeat(10)}</g>`,
    );
    const bomb = `<svg ${NS}><circle id="a0" r="1"/>${levels.join('')}<pattern id="p"><use href="#a12"/></pattern><filter id="f"><feGaussianBlur stdDeviation="1e9"/></filter></svg>`;
    expect(sanitizeSvg(bomb)).toBe(
      `<svg ${NS}><circle id="a0" r="1"/>${Array.from({ length: 12 }, (_, i) => `<g id="a${i + 1}"/>`).join('')}</svg>\n`,
    );
  });

  it('writes a prefixed SVG root as a plain one', () => {
    expect(sanitizeSvg('<s:svg xmlns:s="http://www.w3.org/2000/svg"><s:rect width="1"/></s:svg>')).toBe(
      `<svg ${NS}><rect width="1"/></svg>\n`,
    );
  });

  it.each([
    ['an HTML document', '<html><body><script>alert(1)</script></body></html>'],
    ['an SVG root outside the SVG namespace', '<svg><circle r="1"/></svg>'],
    ['a root of another kind in the SVG namespace', `<g ${NS}><circle r="1"/></g>`],
    ['two roots', `<svg ${NS}/><svg ${NS}><script>alert(1)</script></svg>`],
    ['nesting deeper than a logo', `<svg ${NS}>${'<g>'.repeat(100)}${'</g>'.repeat(100)}</svg>`],
    ['more elements than a logo', `<svg ${NS}>${'<circle r="1"/>'.repeat(20_001)}</svg>`],
    ['no document at all', ''],
  ])('is refused when it is not a picture: %s', (_, svg) => {
    expect(sanitizeSvg(svg)).toBeUndefined();
  });

  it('gives the same document when run on its own result', () => {
    const svg = `<svg ${NS} xmlns:x="http://www.w3.org/1999/xlink"><x:script/><g transform="scale(2)"><path d="M0 0h1"/><linearGradient x:href="#g"/></g><text xml:space="preserve"> a </text></svg>`;
    const once = sanitizeSvg(svg)!;
    expect(sanitizeSvg(once)).toBe(once);
    expect(once).toBe(
      `<svg ${NS}><g transform="scale(2)"><path d="M0 0h1"/><linearGradient href="#g"/></g><text xml:space="preserve"> a </text></svg>\n`,
    );
  });
});
