/** The browser tests' functions that run inside a page, each self-contained (a driver sends its source). */

/**
 * In the page: every value, label and status of every `<resort-conditions>` cut inside its own box or by the
 * box that clips it (at its right or bottom edge), every figure and day of a 7-day chart past its column (by
 * its text and its box: WebKit's text omits a `::first-letter`), and every value wrapped away from its unit;
 * a card named by the `data-where` of its closest ancestor that has one, else by its width and attributes.
 */
export function valueProblems(): string[] {
  // a value and its unit on one line (a surface's words, `dd.text`, have no unit and may wrap)
  const WRAP = 'dd:not(.text), .value, .temps > *, .more > span, time, .when, .day';
  // no value, label or status cut at its edge by what holds it
  const CUT =
    '.content :is(dd, b, .value, .temps > *, .more > span, time, .status, .difficulty li > *, .when, .day)';
  const out: string[] = [];
  const text = (el: Element) => (el.textContent ?? '').trim().replace(/\s+/g, ' ');
  /** The nearest ancestor whose overflow on `axis` clips, inside the shadow root. */
  const clipper = (el: Element, axis: 'overflowX' | 'overflowY') => {
    let clip: Element | null = el.parentElement;
    while (clip && getComputedStyle(clip)[axis] === 'visible') clip = clip.parentElement;
    return clip;
  };
  for (const el of document.querySelectorAll('resort-conditions')) {
    const root = el.shadowRoot;
    if (!root) continue;
    const where =
      el.closest<HTMLElement>('[data-where]')?.dataset.where ??
      `${Math.round(el.getBoundingClientRect().width)}px ${el.getAttribute('locale') ?? ''} ${el.getAttribute('resort')} days=${el.getAttribute('days')}`;
    for (const v of root.querySelectorAll(WRAP)) {
      if (v.closest('.visually-hidden') || getComputedStyle(v).display === 'none') continue;
      const tops = new Set<number>();
      const walker = document.createTreeWalker(v, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if ((n.parentElement as Element).closest('.visually-hidden') || !n.textContent!.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top / 4));
      }
      if (tops.size > 1) out.push(`${where}: "${text(v)}" wraps`);
    }
    for (const v of root.querySelectorAll(CUT)) {
      const box = v.getBoundingClientRect();
      if (box.width === 0 || v.closest('.visually-hidden')) continue;
      if (getComputedStyle(v).display !== 'inline' && v.scrollWidth > v.clientWidth + 1)
        out.push(`${where}: "${text(v)}" is cut inside (${v.scrollWidth - v.clientWidth} px)`);
      const col = v.closest('.chart li')?.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(v);
      const rects = col ? [box, ...range.getClientRects()] : [];
      const past = Math.max(0, ...rects.map((r) => Math.max(r.right - col!.right, col!.left - r.left)));
      if (past > 0.5) out.push(`${where}: "${text(v)}" runs ${past.toFixed(1)} px past its column`);
      const x = clipper(v, 'overflowX');
      if (x) {
        const cs = getComputedStyle(x);
        const edge =
          x.getBoundingClientRect().right - parseFloat(cs.borderRightWidth) - parseFloat(cs.paddingRight);
        if (box.right > edge + 0.5)
          out.push(`${where}: "${text(v)}" ends ${(box.right - edge).toFixed(1)} px past its box`);
      }
      const y = clipper(v, 'overflowY');
      if (y) {
        const cs = getComputedStyle(y);
        const edge = y.getBoundingClientRect().bottom - parseFloat(cs.borderBottomWidth);
        if (box.bottom > edge + 0.5)
          out.push(`${where}: "${text(v)}" is cut ${(box.bottom - edge).toFixed(1)} px at the bottom`);
      }
    }
  }
  return out;
}

/** In the page: each card whose links or buttons are under 24 px tall (WCAG 2.2, 2.5.8 target size), the least of them named. */
export function smallTargets(): string[] {
  const out: string[] = [];
  for (const el of document.querySelectorAll('resort-conditions')) {
    const where =
      el.closest<HTMLElement>('[data-where]')?.dataset.where ??
      `${el.getAttribute('locale') ?? ''} ${el.getAttribute('resort')}`;
    const small = [...(el.shadowRoot?.querySelectorAll('a, button') ?? [])]
      .map((t) => ({ t, box: t.getBoundingClientRect() }))
      .filter(({ box }) => (box.width > 0 || box.height > 0) && box.height < 24 - 0.01)
      .sort((a, b) => a.box.height - b.box.height);
    if (!small.length) continue;
    const { t, box } = small[0]!;
    const name =
      (t.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40) || t.getAttribute('aria-label');
    out.push(
      `${where}: ${small.length} of its links and buttons are under 24 px tall, the least ${box.height.toFixed(1)} px (${t.nodeName.toLowerCase()} "${name}")`,
    );
  }
  return out;
}

/**
 * In the page, before the data: the place of every box inside each list's shadow root, relative to its host
 * (kept in the page for `innerShifts`).
 */
export function markInnerBoxes(): number {
  const kept: Array<[Element, Element, number, number]> = [];
  for (const host of document.querySelectorAll('resort-conditions-list')) {
    const origin = host.getBoundingClientRect();
    for (const el of host.shadowRoot?.querySelectorAll('*') ?? []) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) kept.push([host, el, r.left - origin.left, r.top - origin.top]);
    }
  }
  (window as unknown as { __boxes: typeof kept }).__boxes = kept;
  return kept.length;
}

/**
 * In the page, after the data: every box `markInnerBoxes` saw that is still shown and whose top-left corner
 * moved inside its list, what a layout shift is made of in any engine (Chromium's own measure, the layout
 * shift entries, exists in no other).
 */
export function innerShifts(): string[] {
  const out: string[] = [];
  for (const [host, el, x, y] of (window as unknown as { __boxes: Array<[Element, Element, number, number]> })
    .__boxes) {
    if (!el.isConnected) continue;
    const origin = host.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const dx = r.left - origin.left - x;
    const dy = r.top - origin.top - y;
    if (Math.abs(dx) > 0.01 || Math.abs(dy) > 0.01)
      out.push(
        `${host.closest<HTMLElement>('[data-where]')?.dataset.where ?? ''}: ${el.nodeName.toLowerCase()}.${el.getAttribute('class') ?? ''} moved ${dx.toFixed(2)}, ${dy.toFixed(2)} px`,
      );
  }
  return out;
}

/** One element's largest empty band: in px, a line of its text, and what stands above and below it. */
export interface Band {
  where: string;
  band: number;
  line: number;
  between: string;
}

/** What `bands` measures: the elements and the frames in them, the lines drawn under some boxes, a line of text. */
export interface BandsOf {
  tag: string;
  frame: string;
  /** A frame that holds this is left out (a skeleton's header holds the element's slot); empty for none. */
  unless: string;
  /** Boxes whose bottom border may be a line drawn (a table's rows), counted where it is; empty for none. */
  lines: string;
  /** One line of the element's text, in its font sizes. */
  lineHeight: number;
  /** A plot counts by the shapes drawn in it, not by its box: a blank plot is an empty band. */
  shapes?: boolean;
}

/**
 * A full card with its report, whose line of text is 1.4 times its font: each chart by its bars and marks
 * (a week or a season drawn without a shape in it is as empty as no chart).
 */
export const CARD_BANDS: BandsOf = {
  tag: 'resort-conditions',
  frame: '.frame:not(.compact):has(.report)',
  unless: '',
  lines: '',
  lineHeight: 1.4,
  shapes: true,
};

/**
 * A compact strip with a resort's report (a name in its header), whose line of text is 1.4 times its font
 * (the frame's line height).
 */
export const STRIP_BANDS: BandsOf = {
  tag: 'resort-conditions',
  frame: '.frame.compact:has(header h2)',
  unless: 'h2 slot',
  lines: '',
  lineHeight: 1.4,
};

/**
 * A list with its rows; the line under each row and under the header shows where it is a bottom border (the
 * table's cells', the stacked rows' and header's); a line of its text is 1.25 times its font.
 */
export const LIST_BANDS: BandsOf = {
  tag: 'resort-conditions-list',
  frame: '.frame:has(tbody tr[data-id])',
  unless: '',
  lines: 'thead, thead th, tbody tr, tbody tr > *',
  lineHeight: 1.25,
};

/**
 * In the page: the largest empty band of each element `tag` whose shadow root has a `frame`: a strip across
 * its width where nothing shows, between what its glyphs, symbols, images and drawn lines cover, from the
 * top of its content (inside the frame's padding) to the bottom, as one projection on the vertical axis. A
 * line of text counts by its glyphs' boxes, so the leading of a 24 px link target is room that shows nothing
 * too; a chart's day by its box as well (WebKit's text omits a `::first-letter`).
 */
export function bands({ tag, frame: frameSelector, unless, lines, lineHeight, shapes }: BandsOf): Band[] {
  const out: Band[] = [];
  for (const el of document.querySelectorAll(tag)) {
    const frame = el.shadowRoot?.querySelector<HTMLElement>(frameSelector);
    if (!frame || (unless && frame.querySelector(unless))) continue;
    const where =
      el.closest<HTMLElement>('[data-where]')?.dataset.where ??
      `${Math.round(el.getBoundingClientRect().width)}px ${el.getAttribute('resort') ?? el.getAttribute('region')}`;
    const spans: Array<{ top: number; bottom: number; name: string }> = [];
    const name = (node: Node) => {
      const host = (node instanceof Element ? node : node.parentElement)!;
      return (
        host.closest('[part]')?.getAttribute('part') ??
        host.closest('[class]')?.getAttribute('class')?.split(' ')[0] ??
        host.nodeName.toLowerCase()
      );
    };
    const walker = document.createTreeWalker(frame, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n instanceof Element ? n : n.parentElement!;
      if (parent.closest('.visually-hidden, [hidden]')) continue;
      let rects: DOMRect[] = [];
      if (n instanceof Text) {
        if (!n.data.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        rects = [...range.getClientRects()];
      } else if (shapes && n instanceof SVGSVGElement)
        rects = [...n.querySelectorAll('rect, path, line, polyline, polygon, circle, ellipse, text')].map(
          (e) => e.getBoundingClientRect(),
        );
      else if (n instanceof SVGSVGElement || n instanceof HTMLImageElement || parent.matches('.chart .day'))
        rects = [parent.getBoundingClientRect()];
      for (const r of rects)
        if (r.width > 0 && r.height > 0) spans.push({ top: r.top, bottom: r.bottom, name: name(n) });
    }
    // a line where a bottom border is drawn, and not where a box that clips it ends above it
    if (lines)
      for (const l of frame.querySelectorAll(lines)) {
        const r = l.getBoundingClientRect();
        const cs = getComputedStyle(l);
        const width = parseFloat(cs.borderBottomWidth);
        if (r.height === 0 || !(width > 0) || ['none', 'hidden'].includes(cs.borderBottomStyle)) continue;
        let clipped = false;
        for (let c = l.parentElement; c && c !== frame.parentElement; c = c.parentElement)
          if (
            getComputedStyle(c).overflowY !== 'visible' &&
            r.bottom > c.getBoundingClientRect().bottom + 0.5
          )
            clipped = true;
        if (!clipped)
          spans.push({ top: r.bottom - width, bottom: r.bottom, name: `${l.nodeName.toLowerCase()}’s line` });
      }
    spans.sort((a, b) => a.top - b.top);
    const fb = frame.getBoundingClientRect();
    const fs = getComputedStyle(frame);
    const top = fb.top + parseFloat(fs.borderTopWidth) + parseFloat(fs.paddingTop);
    const end = fb.bottom - parseFloat(fs.borderBottomWidth) - parseFloat(fs.paddingBottom);
    const line = parseFloat(fs.fontSize) * lineHeight;
    let worst: Band = { where, band: 0, line, between: '' };
    let reach = top;
    let last = 'the frame’s padding';
    for (const s of [...spans, { top: end, bottom: end, name: 'the frame’s padding' }]) {
      if (s.top - reach > worst.band)
        worst = { where, band: s.top - reach, line, between: `${last} and ${s.name}` };
      if (s.bottom > reach) [reach, last] = [s.bottom, s.name];
    }
    out.push(worst);
  }
  return out;
}

/**
 * In the page: everything a compact strip shows that is cut or hidden in part: a name, state, update, figure,
 * weather, note, link or the attribution's text whose box holds more than it shows (an ellipsis, text
 * scrolled sideways), or that ends past the frame's content box or the box that clips it (what a row has no
 * room for is left out whole, never cut: under 48em the resort's links, for the one "more" link; wider, a link
 * left out is a failure too).
 */
export function stripCuts(): string[] {
  const out: string[] = [];
  const text = (el: Element) => (el.textContent ?? '').trim().replace(/\s+/g, ' ');
  for (const el of document.querySelectorAll('resort-conditions')) {
    const frame = el.shadowRoot?.querySelector<HTMLElement>('.frame.compact');
    if (!frame) continue;
    const where =
      el.closest<HTMLElement>('[data-where]')?.dataset.where ??
      `${Math.round(el.getBoundingClientRect().width)}px ${el.getAttribute('resort')}`;
    const fb = frame.getBoundingClientRect();
    const fs = getComputedStyle(frame);
    const inner = {
      left: fb.left + parseFloat(fs.borderLeftWidth),
      right: fb.right - parseFloat(fs.borderRightWidth),
      top: fb.top + parseFloat(fs.borderTopWidth),
      bottom: fb.bottom - parseFloat(fs.borderBottomWidth),
    };
    const shown = frame.querySelectorAll(
      'h2, .status, time, .strip > div, .strip dd > *, .note, .message p, .links a, .attribution > *, [part=retry]',
    );
    const more = frame.querySelector('.links .more');
    const moreShown = !!more && getComputedStyle(more).display !== 'none';
    for (const v of shown) {
      const box = v.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || v.closest('.visually-hidden')) continue;
      if (getComputedStyle(v).display !== 'inline' && v.scrollWidth > v.clientWidth + 1)
        out.push(`${where}: "${text(v)}" is cut inside (${v.scrollWidth - v.clientWidth} px)`);
      // the boxes that clip it, up to the frame
      for (let clip = v.parentElement; clip && clip !== frame.parentElement; clip = clip.parentElement) {
        const cs = getComputedStyle(clip);
        if (cs.overflowX === 'visible' && cs.overflowY === 'visible' && clip !== frame) continue;
        const c = clip === frame ? inner : clip.getBoundingClientRect();
        const past = Math.max(box.right - c.right, c.left - box.left, box.bottom - c.bottom, c.top - box.top);
        // a link its row leaves out whole stands wholly outside it: left out by design, not cut, where the
        // strip shows its "more" link instead (under 48em); wider, every link has its place
        const outside = box.top >= c.bottom - 0.5 || box.bottom <= c.top + 0.5;
        if (outside && clip !== frame && v.closest('.links li') && !moreShown) {
          out.push(`${where}: the link "${text(v)}" is left out where every link has its place`);
          break;
        }
        if (past > 0.5 && !(outside && clip !== frame)) {
          out.push(`${where}: "${text(v)}" ends ${past.toFixed(1)} px past the box that holds it`);
          break;
        }
      }
    }
  }
  return out;
}

/**
 * In the page: how many elements there are, how many of their shadow roots lit rendered and with how many
 * copies of lit (each copy's part class is its own), and whether lit wrote its version registry to the
 * page's globals (the build leaves that out).
 */
export function litCopies(): { elements: number; rendered: number; copies: number; global: boolean } {
  const roots = [...document.querySelectorAll('resort-conditions, resort-conditions-list')].map(
    (el) => el.shadowRoot as unknown as { _$litPart$?: object } | null,
  );
  const parts = roots.flatMap((root) => (root?._$litPart$ ? [root._$litPart$] : []));
  return {
    elements: roots.length,
    rendered: parts.length,
    copies: new Set(parts.map((part) => part.constructor)).size,
    global: 'litHtmlVersions' in globalThis,
  };
}
