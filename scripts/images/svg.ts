/**
 * An SVG image from an upstream, rebuilt as a picture and nothing else (scripts/ARCHITECTURE.md, "Threat
 * model"). The text is read by a real XML parser (htmlparser2 in XML mode), every element and attribute
 * name is resolved to its namespace, and a new document is written from an allowlist: SVG shapes, text,
 * gradients, clipping and masks, with presentation attributes whose values name nothing
 * outside the document. Script, foreign content, style sheets, animation, links, event handlers, external
 * references, repetitions of the picture's own parts, filters and every element of another namespace are
 * left out with what they hold; what is kept is
 * written with one default namespace, so no prefix can change what an element is.
 */
import { Parser } from 'htmlparser2';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/**
 * Elements kept (in the SVG namespace only); any other element goes with everything inside it. Nothing
 * that repeats another part of the picture (`use`, `symbol`, `pattern`) nor a filter is kept: a few
 * kilobytes of nested references make a picture no browser finishes drawing.
 */
const ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'title',
  'desc',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'image',
]);

/** Elements whose text is kept. */
const TEXT_ELEMENTS = new Set(['text', 'tspan', 'title', 'desc']);

/** Attributes kept (without a namespace), each checked by `safeValue`. */
const ATTRIBUTES = new Set([
  'id',
  'width',
  'height',
  'viewBox',
  'preserveAspectRatio',
  'version',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'fr',
  'dx',
  'dy',
  'd',
  'points',
  'pathLength',
  'transform',
  'offset',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'filterUnits',
  'primitiveUnits',
  'stdDeviation',
  'in',
  'in2',
  'result',
  'mode',
  'operator',
  'k1',
  'k2',
  'k3',
  'k4',
  'type',
  'values',
  'textLength',
  'lengthAdjust',
  'rotate',
  'href',
  'style',
  ...presentation(),
]);

/** The presentation attributes, which are also the properties a `style` attribute may set. */
function presentation(): string[] {
  return [
    'fill',
    'fill-opacity',
    'fill-rule',
    'stroke',
    'stroke-width',
    'stroke-linecap',
    'stroke-linejoin',
    'stroke-miterlimit',
    'stroke-dasharray',
    'stroke-dashoffset',
    'stroke-opacity',
    'opacity',
    'color',
    'clip-path',
    'clip-rule',
    'mask',
    'filter',
    'stop-color',
    'stop-opacity',
    'flood-color',
    'flood-opacity',
    'font-family',
    'font-size',
    'font-style',
    'font-weight',
    'font-variant',
    'text-anchor',
    'text-decoration',
    'dominant-baseline',
    'alignment-baseline',
    'baseline-shift',
    'letter-spacing',
    'word-spacing',
    'writing-mode',
    'visibility',
    'display',
    'overflow',
    'vector-effect',
    'shape-rendering',
    'text-rendering',
    'image-rendering',
    'color-interpolation-filters',
    'paint-order',
  ];
}
const PROPERTIES = new Set(presentation());

/** An image inside the picture: a raster image in the document itself, nothing it would fetch. */
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]*$/;
/** A reference inside the document: `url(#id)` in a value, `#id` as an `href`. */
const LOCAL_URL = /url\(\s*(['"]?)#[A-Za-z_][\w.:-]*\1\s*\)/g;
const LOCAL_HREF = /^#[A-Za-z_][\w.:-]*$/;

/** Limits on a logo's document: deeper or larger is not a logo. */
const MAX_DEPTH = 64;
const MAX_ELEMENTS = 20_000;

/** The value if it names nothing outside the document and cannot run, else undefined. */
function safeValue(element: string, name: string, value: string): string | undefined {
  if (name === 'href') {
    if (element === 'image') return DATA_IMAGE.test(value.trim()) ? value.trim() : undefined;
    return LOCAL_HREF.test(value.trim()) ? value.trim() : undefined;
  }
  if (name === 'style') return safeStyle(value);
  return safeText(value) ? value : undefined;
}

/** Text with no reference outside the document, no escape, no script scheme and no CSS at-rule or expression. */
function safeText(value: string): boolean {
  const rest = value.replace(LOCAL_URL, '');
  return !/url\s*\(|[\\@<>]|expression\s*\(|javascript:|image-set|var\s*\(/i.test(rest);
}

/** A `style` attribute with only presentation properties whose values are safe; undefined when none is. */
function safeStyle(value: string): string | undefined {
  const kept: string[] = [];
  for (const declaration of value.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const v = declaration.slice(colon + 1).trim();
    if (PROPERTIES.has(property) && v !== '' && safeText(v)) kept.push(`${property}:${v}`);
  }
  return kept.length > 0 ? kept.join(';') : undefined;
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

interface Open {
  /** Prefix → namespace in scope at this element. */
  namespaces: Map<string, string>;
  /** Written to the output (false: dropped, with everything inside it). */
  kept: boolean;
  name: string;
}

/**
 * The SVG document in `text` rebuilt from the allowlist, or undefined when it is not an SVG document
 * (its root is not an `svg` element of the SVG namespace), is malformed, or is deeper or larger than a
 * logo is.
 */
export function sanitizeSvg(text: string): string | undefined {
  const out: string[] = [];
  const stack: Open[] = [];
  let elements = 0;
  let root = false;
  let refused = false;
  const top = () => stack[stack.length - 1];
  const resolve = (qualified: string, namespaces: Map<string, string>, isAttribute: boolean) => {
    const colon = qualified.indexOf(':');
    if (colon < 0) return { ns: isAttribute ? '' : (namespaces.get('') ?? ''), local: qualified };
    const prefix = qualified.slice(0, colon);
    return { ns: namespaces.get(prefix) ?? '\u0000unbound', local: qualified.slice(colon + 1) };
  };
  const parser = new Parser(
    {
      onopentag(qualified, attributes) {
        if (refused) return;
        const parent = top();
        const namespaces = new Map(parent?.namespaces ?? [['xml', XML_NS]]);
        for (const [name, value] of Object.entries(attributes)) {
          if (name === 'xmlns') namespaces.set('', value);
          else if (name.startsWith('xmlns:')) namespaces.set(name.slice(6), value);
        }
        const { ns, local } = resolve(qualified, namespaces, false);
        elements++;
        const badRoot = !parent && (root || ns !== SVG_NS || local !== 'svg');
        if (stack.length >= MAX_DEPTH || elements > MAX_ELEMENTS || badRoot) {
          refused = true;
          return;
        }
        const kept = (parent?.kept ?? true) && ns === SVG_NS && ELEMENTS.has(local);
        stack.push({ namespaces, kept, name: local });
        if (!kept) return;
        const written: string[] = [];
        for (const [name, value] of Object.entries(attributes)) {
          const attribute = resolve(name, namespaces, true);
          if (attribute.ns === XMLNS_NS || name === 'xmlns' || name.startsWith('xmlns:')) continue;
          const plain =
            attribute.ns === ''
              ? attribute.local
              : attribute.ns === XLINK_NS && attribute.local === 'href'
                ? 'href'
                : attribute.ns === XML_NS && attribute.local === 'space'
                  ? 'xml:space'
                  : undefined;
          if (plain === 'xml:space') {
            if (value === 'preserve' || value === 'default') written.push(`xml:space="${value}"`);
            continue;
          }
          if (plain === undefined || !ATTRIBUTES.has(plain)) continue;
          const safe = safeValue(local, plain, value);
          if (safe !== undefined && !written.some((w) => w.startsWith(`${plain}="`)))
            written.push(`${plain}="${escapeAttribute(safe)}"`);
        }
        if (!parent) {
          root = true;
          written.unshift(`xmlns="${SVG_NS}"`);
        }
        out.push(`<${local}${written.length > 0 ? ` ${written.join(' ')}` : ''}>`);
      },
      ontext(data) {
        const open = top();
        if (!refused && open?.kept && TEXT_ELEMENTS.has(open.name)) out.push(escapeText(data));
      },
      onclosetag() {
        if (refused) return;
        const open = stack.pop();
        if (!open?.kept) return;
        // an element with nothing inside closes itself, as the picture was most likely written
        const last = out.length - 1;
        if (out[last]!.startsWith(`<${open.name}`) && out[last]!.endsWith('>') && !out[last]!.endsWith('/>'))
          out[last] = `${out[last]!.slice(0, -1)}/>`;
        else out.push(`</${open.name}>`);
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeCDATA: true },
  );
  parser.write(text);
  parser.end();
  if (refused || !root || stack.length > 0) return undefined;
  return `${out.join('')}\n`;
}
