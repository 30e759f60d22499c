/**
 * The embedded service behind a test server that misbehaves on request: error statuses, 429 with
 * Retry-After, hangs, resets, truncated bodies, invalid JSON, bodies that break the schema, the token
 * echoed where no rewriting removes it, and hostile HTML and URLs.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Dataset } from '../../scripts/dataset/schema.ts';
import { createService } from '../../scripts/service/service.ts';

export const TRANSIENT = ['500', '503', '429', 'hang', 'reset', 'truncate'] as const;
export const FATAL = ['invalid-json', 'schema', 'token-echo'] as const;
/** `record`: one record of a multi-resort map (the first) breaks the contract; the others are sound. */
export type Fault = 'none' | 'xss' | 'record' | (typeof TRANSIENT)[number] | (typeof FATAL)[number];

/** What a stale file's reason says for each transient fault. */
export const REASON: Record<(typeof TRANSIENT)[number], RegExp> = {
  '500': /HTTP 500/,
  '503': /HTTP 503/,
  '429': /HTTP 429/,
  hang: /timeout after \d+ ms/,
  reset: /ECONNRESET|UND_ERR_SOCKET|other side closed|socket/i,
  truncate: /ended after|CONTENT_LENGTH|UND_ERR_SOCKET|other side closed|terminated|socket/i,
};

export const XSS_HTML = [
  '<strong>kept</strong>',
  '<a href="https://ok.example/" onclick="alert(1)">ok</a>',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="jav&#x09;ascript:alert(1)">tab</a>',
  '<a href=" javascript:alert(1)">space</a>',
  '<a href="JaVaScRiPt:alert(1)">case</a>',
  '<svg onload=alert(1)><circle/></svg>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<scr<script>ipt>alert(1)</script>',
  '<!--<script>alert(1)</script>-->',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '<div onmouseover="alert(1)">hover</div>',
  '<a href="https://ok.example/" onclick="alert(1)">ok</a>',
  '</p><script>alert(1)</script><p>',
  '<<script>script>alert(1)<</script>/script>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<base href="javascript:alert(1)//">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
].join('\n');
export const XSS_URLS = [
  'javascript:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'JAVASCRIPT:alert(1)',
  'java\tscript:alert(1)',
];

export interface FaultServer {
  url: string;
  /** Decides the fault for each request path (sticky per path within a scenario). */
  setFaults(pick: (pathname: string) => Fault): void;
  /** Called with the request URL (path and query) when a request is held by a `hang`. */
  onHang?: (url: string) => void;
  /** Faults served since the last `setFaults`, by path. */
  served: Map<string, Fault>;
  /** Requests received since the server started, whatever their answer. */
  received: number;
  close(): Promise<void>;
}

function breakBody(body: string): string {
  const json = JSON.parse(body);
  return JSON.stringify(Array.isArray(json) ? [{ resort: 'x', id: 'x' }] : { resortName: 42, id: 'x' });
}

/** Breaks the first record of a map keyed by resort id (its `resortName` becomes a number). */
function breakRecord(body: string): string {
  const json = JSON.parse(body) as Record<string, Record<string, unknown>>;
  const first = Object.keys(json)[0];
  if (first !== undefined) json[first] = { ...json[first], resortName: 42 };
  return JSON.stringify(json);
}

/** Puts hostile HTML into overviews and hostile URLs into links, webcams and the attribution logo. */
function hostile(body: string): string {
  let i = 0;
  const url = () => XSS_URLS[i++ % XSS_URLS.length]!;
  const walk = (v: unknown, key = ''): unknown => {
    if (typeof v === 'string') {
      if (key === 'body') return XSS_HTML;
      if (
        [
          'url',
          'thumb',
          'mid',
          'large',
          'attributionLogo',
          'iosAttributionLink',
          'androidAttributionLink',
          'website',
        ].includes(key)
      )
        return url();
      return v;
    }
    if (Array.isArray(v)) return v.map((x) => walk(x));
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k)]));
    return v;
  };
  return JSON.stringify(walk(JSON.parse(body)));
}

export async function startFaultServer(dataset: Dataset, now: () => number): Promise<FaultServer> {
  let pick: (pathname: string) => Fault = () => 'none';
  const served = new Map<string, Fault>();
  let service = createService(dataset, { now });
  const token = dataset.accounts[0]!.token;
  const faults: FaultServer = {
    url: '',
    served,
    received: 0,
    setFaults(next) {
      pick = next;
      served.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '/';
    const pathname = url.split('?')[0]!;
    faults.received++;
    const answer = service({
      method: request.method ?? 'GET',
      url,
      headers: request.headers as Record<string, string>,
    });
    // the pick is made once per request: a picker may draw at random
    const picked = pick(pathname);
    const fault =
      answer.status === 200 || !['invalid-json', 'schema', 'record', 'token-echo', 'xss'].includes(picked)
        ? picked
        : 'none';
    if (fault !== 'none') served.set(pathname, fault);
    const send = (status: number, body: string, headers: Record<string, string> = {}) => {
      response.writeHead(status, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        ...headers,
      });
      response.end(body);
    };
    switch (fault) {
      case 'none':
        return send(answer.status, answer.body);
      case '500':
      case '503':
        return send(
          Number(fault),
          JSON.stringify({ status: Number(fault), error: 'internal', message: 'upstream trouble' }),
        );
      case '429':
        return send(429, JSON.stringify({ status: 429, error: 'internal', message: 'slow down' }), {
          'retry-after': '0',
        });
      case 'hang':
        return faults.onHang?.(url); // never answers; the client's deadline ends it
      case 'reset':
        return request.socket.destroy();
      case 'truncate': {
        response.writeHead(200, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(answer.body),
        });
        response.write(answer.body.slice(0, Math.floor(answer.body.length / 2)));
        return setImmediate(() => request.socket.destroy());
      }
      case 'invalid-json':
        return send(200, answer.body.slice(0, -3) + '},,');
      case 'schema':
        return send(200, breakBody(answer.body));
      case 'record':
        return send(200, breakRecord(answer.body));
      case 'token-echo': {
        const json = JSON.parse(answer.body);
        const target = Array.isArray(json) ? json[0] : json;
        if (target && typeof target === 'object') target.note = `debug token=${token}`;
        return send(200, JSON.stringify(json));
      }
      case 'xss':
        return send(200, hostile(answer.body));
    }
  };

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  faults.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  service = createService(dataset, { now, origin: faults.url });
  return faults;
}
