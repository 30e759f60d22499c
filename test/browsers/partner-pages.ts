/**
 * For test/browsers/partner-pages.test.ts: partner pages as partners build them (a WordPress-style theme whose
 * root is 62.5 %, a right-to-left site, a strict Content-Security-Policy, a narrow sidebar), each with a card,
 * a strip and a list of the snapshot's site on another origin, and the watcher each page loads first, from
 * its own origin: CSP violations, errors and console errors, and how far the text below each element moved
 * from the first frame on.
 */
import { createServer } from 'node:http';
import { handled, listen, type Listening } from '../../scripts/service/listen.ts';

export const PARTNER_KINDS = ['plain', 'wordpress', 'rtl', 'csp', 'sidebar'] as const;
export type PartnerKind = (typeof PARTNER_KINDS)[number];

/** The policy widget/README.md ("Requests and safety") documents, with the page's own origin for its own files. */
export const strictPolicy = (site: string) =>
  `default-src 'none'; script-src 'self' ${site}; style-src 'self' ${site}; connect-src ${site}; img-src 'self' ${site}`;

/** Each page's own style sheet (a file of its origin, so that the strict policy needs no inline style). */
const PAGE_CSS: Record<PartnerKind, string> = {
  plain: 'body { margin: 8px; font: 16px/1.5 Georgia, serif; }',
  // a WordPress-style theme: rem arithmetic on a 10 px root, 18 px body text
  wordpress: 'html { font-size: 62.5%; } body { margin: 8px; font-size: 1.8rem; line-height: 1.6; }',
  rtl: 'body { margin: 8px; font: 16px/1.5 system-ui, sans-serif; text-align: start; }',
  csp: 'body { margin: 8px; font: 16px/1.5 system-ui, sans-serif; }',
  // a Bootstrap-like layout: a 182 px sidebar beside the article
  sidebar:
    'body { margin: 0; font: 1rem/1.5 system-ui, sans-serif; } .row { display: flex; gap: 24px; padding: 0 12px; } aside { flex: 0 0 182px; width: 182px; } main { flex: 1; min-width: 0; }',
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
  const first = new Map();
  const tick = () => {
    document.querySelectorAll('.below').forEach((p, i) => {
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
  const body =
    kind === 'sidebar'
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
<link rel="stylesheet" href="/${kind}.css">
<script type="module" async src="${site}/resort-conditions.js"></script>
<script type="module" async src="${site}/resort-conditions-list.js"></script>
</head>
<body>
${control ? '<p style="color: red">refused</p>' : ''}${body}
</body>
</html>
`;
}

/** The partner's origin: `/<kind>.html` (`?control` for the control), `/<kind>.css`, `/watch.js` (its clock at `now`); the CSP page with its policy. */
export function servePartnerPages(site: string, now: number): Promise<Listening> {
  const server = createServer(
    handled(async (request, response) => {
      const url = new URL(request.url ?? '/', 'http://x');
      const [, name = '', ext = ''] = /^\/([a-z]+)\.(html|css|js)$/.exec(url.pathname) ?? [];
      const kind = PARTNER_KINDS.find((k) => k === name);
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
