/**
 * For test/browsers/partner-pages.test.ts: partner pages as partners build them (a WordPress-style theme whose
 * root is 62.5 %, a right-to-left site, a strict Content-Security-Policy, a narrow sidebar), each with a card,
 * a strip and a list of the snapshot's site on another origin, and the watcher each page loads first, from
 * its own origin: CSP violations, errors and console errors, and how far the text below each element moved
 * from the first frame on.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { handled, listen, type Listening } from '../../scripts/service/listen.ts';

export const PARTNER_KINDS = [
  'plain',
  'wordpress',
  'rtl',
  'csp',
  'sidebar',
  'bootstrap',
  'tailwind',
  'pico',
  'normalize',
] as const;
export type PartnerKind = (typeof PARTNER_KINDS)[number];

/** The pages of a kind of their own: a grid of cards, and a page that adds a card after its load. */
export const OTHER_PAGES = ['grid', 'added'] as const;
export type OtherPage = (typeof OTHER_PAGES)[number];

/** A file of a package the tests install (package.json's devDependencies). */
const installed = (path: string) =>
  readFileSync(new URL(`../../node_modules/${path}`, import.meta.url), 'utf8');

/**
 * The frameworks' own style sheets, as the registry's packages ship them, served from the partner's origin
 * before its page's sheet: Bootstrap 5, Tailwind's preflight (its theme's defaults in place of the
 * `--theme()` calls Tailwind's build replaces), Pico and normalize.css.
 */
const FRAMEWORKS: Partial<Record<PartnerKind | OtherPage, () => string>> = {
  bootstrap: () => installed('bootstrap/dist/css/bootstrap.min.css'),
  tailwind: () =>
    installed('tailwindcss/preflight.css').replace(/--theme\(\s*--[\w-]+,\s*([^;]*?)\s*\)(\s*;)/g, '$1$2'),
  pico: () => installed('@picocss/pico/css/pico.min.css'),
  normalize: () => installed('normalize.css/normalize.css'),
  grid: () => installed('bootstrap/dist/css/bootstrap.min.css'),
};

/** The policy widget/README.md ("Requests and safety") documents, with the page's own origin for its own files. */
export const strictPolicy = (site: string) =>
  `default-src 'none'; script-src 'self' ${site}; style-src 'self' ${site}; connect-src ${site}; img-src 'self' ${site}`;

/** Each page's own style sheet (a file of its origin, so that the strict policy needs no inline style). */
const PAGE_CSS: Record<PartnerKind | OtherPage, string> = {
  plain: 'body { margin: 8px; font: 16px/1.5 Georgia, serif; }',
  // a WordPress-style theme: rem arithmetic on a 10 px root, 18 px body text
  wordpress: 'html { font-size: 62.5%; } body { margin: 8px; font-size: 1.8rem; line-height: 1.6; }',
  rtl: 'body { margin: 8px; font: 16px/1.5 system-ui, sans-serif; text-align: start; }',
  csp: 'body { margin: 8px; font: 16px/1.5 system-ui, sans-serif; }',
  // a Bootstrap-like layout: a 182 px sidebar beside the article
  sidebar:
    'body { margin: 0; font: 1rem/1.5 system-ui, sans-serif; } .row { display: flex; gap: 24px; padding: 0 12px; } aside { flex: 0 0 182px; width: 182px; } main { flex: 1; min-width: 0; }',
  // the frameworks' pages: the framework's sheet, and what its documentation's first page would add
  bootstrap: '',
  tailwind: 'body { padding: 1rem; } h1 { font-size: 1.875rem; font-weight: 700; } p { margin-block: 1rem; }',
  pico: '',
  normalize: 'body { margin: 8px; font-family: system-ui, sans-serif; }',
  // Bootstrap's grid of cards, a column each from 768 px, three from 1280 px
  grid: '',
  added: 'body { margin: 8px; font: 16px/1.5 system-ui, sans-serif; }',
};

/** Each framework page's body around the elements, in its framework's own markup. */
const FRAMEWORK_BODY: Partial<Record<PartnerKind, (elements: string) => string>> = {
  bootstrap: (elements) =>
    `<nav class="navbar bg-body-tertiary mb-3"><div class="container"><a class="navbar-brand" href="#">Partner</a></div></nav><div class="container"><div class="row"><main class="col-12 col-md-8"><h1>Fresh snow this weekend</h1><p>${TEXT}</p>${elements}</main><aside class="col-12 col-md-4"><div class="card"><div class="card-body"><p class="card-text">${TEXT}</p><button class="btn btn-primary">Subscribe</button></div></div></aside></div></div>`,
  tailwind: (elements) => `<main><h1>Fresh snow this weekend</h1><p>${TEXT}</p>${elements}</main>`,
  pico: (elements) =>
    `<main class="container"><article><h1>Fresh snow this weekend</h1><p>${TEXT}</p></article>${elements}<button>Subscribe</button></main>`,
};

const TEXT = 'Partners write their own articles around the snow report. '.repeat(6);

/**
 * The watcher, the first script of every page (from its own origin: the strict policy allows it), with the
 * page's clock at `now` (the snapshot's time).
 */
export const watcher = (now: number) => `(() => {
  const w = window;
  Date.now = () => ${now};
  w.__problems = [];
  w.__shift = 0;
  document.addEventListener('securitypolicyviolation', (e) => w.__problems.push('csp: ' + e.violatedDirective + ' ' + (e.blockedURI || e.sample || '')), true);
  addEventListener('error', (e) => w.__problems.push('error: ' + (e.message || (e.target && (e.target.src || e.target.href)) || e.type)), true);
  addEventListener('unhandledrejection', (e) => w.__problems.push('rejection: ' + e.reason));
  for (const level of ['error', 'warn']) {
    const original = console[level].bind(console);
    console[level] = (...args) => { w.__problems.push('console.' + level + ': ' + args.join(' ')); original(...args); };
  }
  // Firefox lays out for a script's reading before the head's style sheets have come, a layout it never
  // paints: the text below is watched from the first frame with every sheet in
  const settled = new Set();
  for (const type of ['load', 'error'])
    addEventListener(type, (e) => { if (e.target instanceof HTMLLinkElement) settled.add(e.target); }, true);
  const styled = () => [...document.querySelectorAll('link[rel=stylesheet]')].every((l) => settled.has(l));
  const first = new Map();
  const tick = () => {
    if (styled()) document.querySelectorAll('.below').forEach((p, i) => {
      const y = p.getBoundingClientRect().top + scrollY;
      if (!first.has(i)) first.set(i, y);
      w.__shift = Math.max(w.__shift, Math.abs(y - first.get(i)));
    });
    if (!w.__stop) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

/** A partner page of `kind` embedding the site's card, strip and list; `control` adds one inline style attribute, which the policy must refuse. */
export function partnerPage(kind: PartnerKind, site: string, control = false): string {
  const below = `<p class="below">${TEXT}</p>`;
  const elements = `<resort-conditions resort="25"><a href="https://partner.example/snow/25">Elk Ridge snow report</a></resort-conditions>
${below}
<resort-conditions resort="25" layout="compact"><a href="https://partner.example/snow/25">Elk Ridge snow report</a></resort-conditions>
${below}
<resort-conditions-list region="429"><a href="https://partner.example/snow">Snow report</a></resort-conditions-list>
${below}`;
  const framework = FRAMEWORK_BODY[kind];
  const body = framework
    ? framework(elements)
    : kind === 'sidebar'
      ? `<div class="row"><aside>${elements}</aside><main><h1>Fresh snow this weekend</h1><p>${TEXT}</p></main></div>`
      : `<h1>Fresh snow this weekend</h1><p>${TEXT}</p>${elements}`;
  return `<!doctype html>
<html lang="en"${kind === 'rtl' ? ' dir="rtl"' : ''}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Partner page: ${kind}</title>
<script src="/watch.js"></script>
<link rel="stylesheet" href="${site}/resort-conditions.css">
<link rel="stylesheet" href="${site}/resort-conditions-list.css">
${FRAMEWORKS[kind] ? `<link rel="stylesheet" href="/framework/${kind}.css">\n` : ''}<link rel="stylesheet" href="/${kind}.css">
<script type="module" async src="${site}/resort-conditions.js"></script>
<script type="module" async src="${site}/resort-conditions-list.js"></script>
</head>
<body>
${control ? '<p style="color: red">refused</p>' : ''}${body}
</body>
</html>
`;
}

/**
 * A page whose first screen is a strip, below one line of heading (`/strip-first.html`): the strip's frame
 * lays out as a strip from its first paint, before its chunk (its skeleton) as after.
 */
export const stripFirstPage = (site: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Partner page: a strip first</title>
<script src="/watch.js"></script>
<link rel="stylesheet" href="${site}/resort-conditions.css">
<link rel="stylesheet" href="/plain.css">
<script type="module" async src="${site}/resort-conditions.js"></script>
</head>
<body>
<h1>Snow now</h1>
<resort-conditions resort="25" layout="compact"><a href="https://partner.example/snow/25">Elk Ridge snow report</a></resort-conditions>
<p class="below">${TEXT}</p>
</body>
</html>
`;

/** Six cards of six resorts, each in a column of Bootstrap's grid (`/grid.html`). */
export const GRID_RESORTS = [25, 189, 117, 20, 136, 25];

/**
 * A page of `kind` of its own: Bootstrap's grid of cards, or a page with a card and a strip whose script
 * (`/add.js`, from its origin) adds a card and the text below it at the end, once the page has loaded.
 */
export function otherPage(kind: OtherPage, site: string): string {
  const card = (resort: number) =>
    `<resort-conditions resort="${resort}"><a href="https://partner.example/snow/${resort}">Snow report</a></resort-conditions>`;
  const body =
    kind === 'grid'
      ? `<div class="container"><h1>Our resorts</h1><div class="row g-3">${GRID_RESORTS.map((r) => `<div class="col-12 col-md-6 col-xl-4">${card(r)}</div>`).join('')}</div><p class="below">${TEXT}</p></div>`
      : `<h1>Fresh snow this weekend</h1>${card(25)}<p class="below">${TEXT}</p><resort-conditions resort="25" layout="compact"></resort-conditions><p class="below">${TEXT}</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Partner page: ${kind}</title>
<script src="/watch.js"></script>
<link rel="stylesheet" href="${site}/resort-conditions.css">
${FRAMEWORKS[kind] ? `<link rel="stylesheet" href="/framework/${kind}.css">\n` : ''}<link rel="stylesheet" href="/${kind}.css">
<script type="module" async src="${site}/resort-conditions.js"></script>
${kind === 'added' ? '<script src="/add.js" defer></script>\n' : ''}</head>
<body>
${body}
</body>
</html>
`;
}

/** The added card's script: after the load event, a card and its text below at the end of the page. */
const ADD = `addEventListener('load', () => {
  const card = document.createElement('resort-conditions');
  card.setAttribute('resort', '189');
  card.dataset.added = '';
  const below = document.createElement('p');
  below.className = 'below';
  below.textContent = ${JSON.stringify(TEXT)};
  document.body.append(card, below);
});`;

/** The partner's origin: `/<kind>.html` (`?control` for the control), `/<kind>.css`, `/watch.js` (its clock at `now`); the CSP page with its policy. */
export function servePartnerPages(site: string, now: number): Promise<Listening> {
  const server = createServer(
    handled(async (request, response) => {
      const url = new URL(request.url ?? '/', 'http://x');
      const [, dir = '', name = '', ext = ''] =
        /^\/(framework\/)?([a-z-]+)\.(html|css|js)$/.exec(url.pathname) ?? [];
      const kind = PARTNER_KINDS.find((k) => k === name);
      const other = OTHER_PAGES.find((k) => k === name);
      const css = (text: string) => void response.writeHead(200, { 'content-type': 'text/css' }).end(text);
      const html = (text: string) =>
        void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(text);
      const page = kind ?? other;
      const framework = page && FRAMEWORKS[page];
      if (dir && ext === 'css' && framework) return css(framework());
      if (dir) return void response.writeHead(404).end();
      if (ext === 'html' && name === 'strip-first') return html(stripFirstPage(site));
      if (ext === 'js' && name === 'add')
        return void response.writeHead(200, { 'content-type': 'text/javascript' }).end(ADD);
      if (other && ext === 'css') return css(PAGE_CSS[other]);
      if (other && ext === 'html') return html(otherPage(other, site));
      if (ext === 'js' && name === 'watch')
        return void response.writeHead(200, { 'content-type': 'text/javascript' }).end(watcher(now));
      // a browser's request for /favicon.ico is no error of the page's
      if (!kind) return void response.writeHead(url.pathname === '/favicon.ico' ? 204 : 404).end();
      if (ext === 'css')
        return void response.writeHead(200, { 'content-type': 'text/css' }).end(PAGE_CSS[kind]);
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        ...(kind === 'csp' ? { 'content-security-policy': strictPolicy(site) } : {}),
      });
      response.end(partnerPage(kind, site, url.searchParams.has('control')));
    }),
  );
  return listen(server, 0);
}

/** In the page: whether every element has drawn its report (the card's and the strip's figures, the list's rows). */
export function allShown(): boolean {
  const roots = [...document.querySelectorAll('resort-conditions, resort-conditions-list')].map(
    (e) => e.shadowRoot,
  );
  return (
    roots.length === 3 &&
    roots.every((r) => r?.querySelector('.report, .compact .vals, tbody tr[data-id]')) &&
    !!roots[0]?.querySelector('.chart li')
  );
}

/** In the page: whether every element has drawn what it shows once its files are read (no skeleton left). */
export function everyShown(): boolean {
  const hosts = [...document.querySelectorAll('resort-conditions, resort-conditions-list')];
  return (
    hosts.length > 0 &&
    hosts.every(
      (h) => h.shadowRoot?.querySelector('.frame:not(.loading)') && !h.shadowRoot.querySelector('.ph'),
    )
  );
}

/** What the test reads of a page once it is drawn. */
export interface PageReading {
  shift: number;
  problems: string[];
  /** Each element's frame: its tag (and layout), `dir`, computed direction and font size. */
  frames: Array<{ what: string; dir: string | null; direction: string; fontSize: number }>;
  /** Reading order, left to right as drawn: the card's first and last chart day, its name and state, the list's first two headers. */
  order: {
    firstDay: number;
    lastDay: number;
    name: number;
    status: number;
    firstHead: number;
    secondHead: number;
  };
  /** Links and buttons outside their frame's content box (the frame's padding or border), by how far. */
  outside: string[];
}

/** In the page: stops the watcher and reads what it saw, and the frames as drawn. */
export function readPage(): PageReading {
  const w = window as unknown as { __stop: boolean; __shift: number; __problems: string[] };
  w.__stop = true;
  const hosts = [...document.querySelectorAll<HTMLElement>('resort-conditions, resort-conditions-list')];
  // the first of `selector`'s elements that shows (a phone's list hides its header's buttons for its select)
  const left = (root: ParentNode | null | undefined, selector: string) =>
    [...(root?.querySelectorAll(selector) ?? [])]
      .find((e) => e.getClientRects().length > 0)
      ?.getBoundingClientRect().left ?? NaN;
  const card = hosts[0]!.shadowRoot;
  const list = hosts[2]!.shadowRoot;
  const outside: string[] = [];
  const frames = hosts.map((host) => {
    const frame = host.shadowRoot!.querySelector<HTMLElement>('.frame')!;
    const what = `${host.localName}${host.getAttribute('layout') ? ` ${host.getAttribute('layout')}` : ''}`;
    const style = getComputedStyle(frame);
    const box = frame.getBoundingClientRect();
    const inner = {
      left: box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft),
      right: box.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight),
    };
    for (const target of host.shadowRoot!.querySelectorAll('a, button, select')) {
      const r = target.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      const past = Math.max(inner.left - r.left, r.right - inner.right);
      if (past > 0.5)
        outside.push(
          `${what}: "${(target.textContent ?? '').trim().slice(0, 30)}" ${past.toFixed(1)} px past the padding`,
        );
    }
    return {
      what,
      dir: frame.getAttribute('dir'),
      direction: style.direction,
      fontSize: parseFloat(style.fontSize),
    };
  });
  return {
    shift: w.__shift,
    problems: w.__problems,
    frames,
    order: {
      firstDay: left(card, '.chart li:first-child'),
      lastDay: left(card, '.chart li:last-child'),
      name: left(card, 'h2'),
      status: left(card, '.status'),
      firstHead: left(list, 'thead th:first-child, thead .pick label > span'),
      secondHead: left(list, 'thead th:nth-child(2), thead .pick select'),
    },
    outside,
  };
}
