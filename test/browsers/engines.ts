/**
 * Three browser engines behind one small interface, from Debian's packages and no browser downloads:
 * Chromium through playwright-core, Firefox ESR through puppeteer-core over WebDriver BiDi, and WebKitGTK's
 * MiniBrowser through WebKitWebDriver and selenium-webdriver, on an Xvfb display of its own. A WebKitGTK
 * window cannot be narrower than about 450 px: narrower pages load into an iframe of that width.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer as createNetServer } from 'node:net';
import { createServer } from 'node:http';
import { listen, type Listening } from '../../scripts/service/listen.ts';
import { escapeHtml } from '../../scripts/api/html.ts';
import { describe } from 'vitest';
import { describeNeeding } from '../helpers.ts';

export type EngineName = 'chromium' | 'firefox' | 'webkit';
export const ENGINE_NAMES: readonly EngineName[] = ['chromium', 'firefox', 'webkit'];

/** The engines to run: `RC_ENGINES` (`chromium,firefox`), else all three; an unknown name stops the suite. */
export const ENGINES = (process.env.RC_ENGINES ?? ENGINE_NAMES.join(','))
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean) as EngineName[];
const unknownEngines = ENGINES.filter((e) => !ENGINE_NAMES.includes(e));
if (unknownEngines.length)
  throw new Error(
    `RC_ENGINES: ${unknownEngines.join(', ')} is not an engine (engines: ${ENGINE_NAMES.join(', ')})`,
  );

/**
 * `describe` for a file of Chromium-only tests: skipped when `RC_ENGINES` leaves Chromium out, and without
 * Debian's `chromium` as `describeNeeding` does (a failure in CI).
 */
export const describeChromium = (): typeof describe.skip =>
  ENGINES.includes('chromium')
    ? describeNeeding('chromium', existsSync(CHROMIUM), 'apt-get install -y chromium')
    : describe.skip;

export interface Viewport {
  width: number;
  height: number;
}

/** A function run in the page: its argument and its answer travel as JSON. */
export type InPage<A, R> = (arg: A) => R | Promise<R>;

/** One page, loaded up to its DOMContentLoaded (async scripts and the load event may still be pending). */
export interface Tab {
  readonly engine: EngineName;
  /** Runs `fn(arg)` in the page and answers its (awaited) result. */
  evaluate<A, R>(fn: InPage<A, R>, arg: A): Promise<R>;
  /** Polls `fn(arg)` in the page until it is truthy; rejects with `what` after `timeoutMs`. */
  waitFor<A>(fn: InPage<A, unknown>, arg: A, what: string, timeoutMs?: number): Promise<void>;
  /** The visible viewport as a PNG file; `fullPage`: the whole page, where the engine can (not WebKit's driver). */
  screenshot(path: string, options?: { fullPage?: boolean }): Promise<void>;
  /** Presses a key as a reader's keyboard does, on whatever has the focus. */
  press(key: 'Tab' | 'Enter' | 'Space'): Promise<void>;
  close(): Promise<void>;
}

export interface Engine {
  readonly name: EngineName;
  /** Opens `url` in a viewport of exactly `viewport` CSS pixels. */
  open(url: string, viewport: Viewport): Promise<Tab>;
  close(): Promise<void>;
}

/** Debian's Chromium (the Chromium-only files of the suite drive it through playwright-core too). */
export const CHROMIUM = '/usr/bin/chromium';
const FIREFOX = '/usr/bin/firefox-esr';
const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
const XVFB = '/usr/bin/Xvfb';
/** The narrowest MiniBrowser window that keeps its size; narrower pages go into an iframe. */
export const WEBKIT_MIN_WIDTH = 500;

/** Debian's MiniBrowser, wherever the installed webkit2gtk ABI put it. */
function miniBrowser(): string | undefined {
  const lib = '/usr/lib/x86_64-linux-gnu';
  const dirs = existsSync(lib)
    ? readdirSync(lib)
        .filter((d) => d.startsWith('webkit2gtk-'))
        .sort()
        .reverse()
    : [];
  return dirs.map((d) => `${lib}/${d}/MiniBrowser`).find((path) => existsSync(path));
}

/** What an engine needs that this machine lacks, as an install hint; `undefined` when it can run. */
export function missing(name: EngineName): string | undefined {
  if (name === 'chromium')
    return existsSync(CHROMIUM) ? undefined : `${CHROMIUM} is missing (apt-get install -y chromium)`;
  if (name === 'firefox')
    return existsSync(FIREFOX) ? undefined : `${FIREFOX} is missing (apt-get install -y firefox-esr)`;
  if (!existsSync(WEBKIT_DRIVER) || !miniBrowser())
    return `WebKitWebDriver or MiniBrowser is missing (apt-get install -y webkit2gtk-driver)`;
  if (!process.env.DISPLAY && !existsSync(XVFB))
    return `no DISPLAY and no ${XVFB} (apt-get install -y xvfb xauth)`;
  return undefined;
}

/**
 * The media an engine's pages are in: the screen as a reader's browser shows it, Windows' high-contrast mode
 * (`forced-colors: active`, its system colours for every colour a page sets, backgrounds but the page's own
 * left out), or paper (the `print` media type, laid out at the viewport's width).
 */
export type Media = 'screen' | 'forced-colors' | 'print';

/**
 * Why WebKitGTK cannot be put into forced colours or print media through its driver (widget/README.md,
 * "Forced colours and print"): WebCore's `forced-colors` media feature answers `none` whatever the
 * platform or its settings (no WebKit port has a forced colours mode), and WebKitWebDriver has neither the
 * Print Page command nor a way to emulate a media type (it answers "Unknown command").
 */
export const WEBKIT_MEDIA =
  "WebKitGTK has no forced colours mode (WebCore's forced-colors media feature is always none), and WebKitWebDriver can neither print nor emulate the print media type";

/**
 * Starts `name`, its pages in `media`; call `close()` when done (afterAll). WebKit's only in the screen's
 * (`WEBKIT_MEDIA` says why).
 */
export async function launch(name: EngineName, media: Media = 'screen'): Promise<Engine> {
  if (name === 'chromium') return launchChromium(media);
  if (name === 'firefox') return launchFirefox(media);
  if (media !== 'screen') throw new Error(`${media}: ${WEBKIT_MEDIA}`);
  return launchWebKit();
}

/**
 * The polling loop `waitFor` runs in the page, every 20 ms for at most `slice` ms; on `performance.now()`,
 * which a page that freezes `Date.now()` leaves running.
 */
const POLL = `(fn, arg, slice) => new Promise((resolve) => {
  const end = performance.now() + slice;
  const tick = async () => {
    let value, error = '';
    try { value = await fn(arg); } catch (e) { error = String(e); }
    if (value) return resolve(true);
    if (performance.now() > end) return resolve(error || false);
    setTimeout(tick, 20);
  };
  tick();
})`;

/** Polls with `evaluate`, in slices the drivers' script timeouts allow, until `fn` holds or `timeoutMs` has passed. */
async function poll<A>(
  evaluate: (source: string, arg: A, slice: number) => Promise<boolean | string>,
  fn: InPage<A, unknown>,
  arg: A,
  what: string,
  timeoutMs: number,
) {
  const end = performance.now() + timeoutMs;
  for (;;) {
    const slice = Math.max(0, Math.min(10_000, end - performance.now()));
    const answer = await evaluate(fn.toString(), arg, slice);
    if (answer === true) return;
    if (performance.now() >= end)
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}${answer ? ` (last: ${answer})` : ''}`,
      );
  }
}

/**
 * Debian's Chromium through playwright-core, headless, as every Chromium test of the suite launches it;
 * `scrollbars`: with the classic scrollbars of a desktop, which take room from the page as in Firefox.
 */
export async function chromiumBrowser(options: { scrollbars?: boolean } = {}) {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM,
    ...(options.scrollbars ? { ignoreDefaultArgs: ['--hide-scrollbars'] } : {}),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

async function launchChromium(media: Media): Promise<Engine> {
  const browser = await chromiumBrowser({ scrollbars: true });
  return {
    name: 'chromium',
    async open(url, viewport) {
      const context = await browser.newContext({
        viewport,
        timezoneId: 'UTC',
        colorScheme: 'light',
        ...(media === 'forced-colors' ? { forcedColors: 'active' as const } : {}),
      });
      const page = await context.newPage();
      if (media === 'print') await page.emulateMedia({ media: 'print' });
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      return scriptedTab('chromium', page, () => context.close());
    },
    close: () => browser.close(),
  };
}

/** What playwright's and puppeteer's pages have alike: the page's side of a tab. */
interface ScriptedPage {
  evaluate(fn: string | ((arg: never) => unknown), arg?: never): Promise<unknown>;
  screenshot(options: { path: string; fullPage?: boolean }): Promise<unknown>;
  keyboard: { press(key: string): Promise<unknown> };
}

/** A tab over a playwright or puppeteer page. */
function scriptedTab(engine: EngineName, page: ScriptedPage, close: () => Promise<void>): Tab {
  return {
    engine,
    evaluate: <A, R>(fn: InPage<A, R>, arg: A) => page.evaluate(fn as never, arg as never) as Promise<R>,
    waitFor: (fn, arg, what, timeoutMs = 30_000) =>
      poll(
        (source, a, slice) =>
          page.evaluate(`(${POLL})(${source}, ${JSON.stringify(a)}, ${slice})`) as Promise<boolean | string>,
        fn,
        arg,
        what,
        timeoutMs,
      ),
    screenshot: async (path, options = {}) => void (await page.screenshot({ path, ...options })),
    press: async (key) => void (await page.keyboard.press(key === 'Space' ? ' ' : key)),
    close,
  };
}

/** The part of puppeteer's WebDriver BiDi frame the suite uses (the class is not in its public types). */
interface BidiFrame {
  browsingContext: {
    setViewport(options: { viewport: Viewport; devicePixelRatio: number }): Promise<void>;
    userContext: {
      browser: { session: { send(method: string, params: object): Promise<{ result: unknown }> } };
    };
  };
}

/**
 * Puts the Firefox tab whose address is `marker` into print media, as the developer tools' print
 * simulation does (its browsing context's `mediumOverride`), from a script of the browser's own window:
 * WebDriver BiDi has no command for a media type, and Firefox answers these only when started with
 * `--remote-allow-system-access`. Throws when the window, the tab or the field is not there (a Firefox
 * that renamed them), and the test reads `matchMedia('print')` in the page after.
 */
async function firefoxPrintMedia(frame: BidiFrame, marker: string) {
  const { session } = frame.browsingContext.userContext.browser;
  const tree = (await session.send('browsingContext.getTree', { 'moz:scope': 'chrome' })).result as {
    contexts: Array<{ context: string }>;
  };
  const window = tree.contexts[0]?.context;
  if (!window) throw new Error("Firefox: no window of the browser's own to set the print media from");
  const answer = (
    await session.send('script.evaluate', {
      expression: `(() => {
        for (const w of Services.wm.getEnumerator('navigator:browser'))
          for (const b of w.gBrowser.browsers)
            if (b.currentURI.spec === ${JSON.stringify(marker)} && 'mediumOverride' in b.browsingContext) {
              b.browsingContext.mediumOverride = 'print';
              return b.browsingContext.mediumOverride;
            }
        return 'no tab at ' + ${JSON.stringify(marker)};
      })()`,
      target: { context: window },
      awaitPromise: false,
    })
  ).result as { result?: { value?: unknown } };
  if (answer.result?.value !== 'print')
    throw new Error(`Firefox: the print media could not be set: ${JSON.stringify(answer)}`);
}

async function launchFirefox(media: Media): Promise<Engine> {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: FIREFOX,
    headless: true,
    ...(media === 'print' ? { args: ['--remote-allow-system-access'] } : {}),
    // no updates, telemetry or remote settings: nothing but the test's pages
    extraPrefsFirefox: {
      'app.update.enabled': false,
      'toolkit.telemetry.enabled': false,
      'browser.shell.checkDefaultBrowser': false,
      // forced colours as a reader sets them (Settings, Colors, "Override the colors specified by the page
      // with your selections above: Always"): Firefox's forced colours mode, with its system colours
      ...(media === 'forced-colors' ? { 'browser.display.document_color_use': 2 } : {}),
    },
  });
  let tabs = 0;
  return {
    name: 'firefox',
    async open(url, viewport) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      // browsingContext.setViewport alone: puppeteer's page.setViewport also sends
      // emulation.setScreenOrientationOverride, which older Firefox ESR builds refuse as an unknown command
      const frame = page.mainFrame() as unknown as BidiFrame;
      await frame.browsingContext.setViewport({ viewport, devicePixelRatio: 1 });
      if (media === 'print') {
        // the tab found by an address of its own, before the page's first layout
        const marker = `about:blank#rc-tab-${++tabs}`;
        await page.goto(marker);
        await firefoxPrintMedia(frame, marker);
      }
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      return scriptedTab('firefox', page, () => context.close());
    },
    close: () => browser.close(),
  };
}

/** A free TCP port on 127.0.0.1, for WebKitWebDriver (which takes a port number, not 0). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** An X display of our own (`-displayfd` picks a free number), unless one is set. */
async function display(): Promise<{ display: string; process?: ChildProcess }> {
  if (process.env.DISPLAY) return { display: process.env.DISPLAY };
  const xvfb = spawn(XVFB, ['-displayfd', '3', '-screen', '0', '1920x1400x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    detached: true,
  });
  const number = await new Promise<string>((resolve, reject) => {
    let out = '';
    xvfb.stdio[3]!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.trim());
    });
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited with ${code} before it named its display`)));
  });
  return { display: `:${number}`, process: xvfb };
}

/** Waits until WebKitWebDriver answers its status endpoint. */
async function driverReady(url: string, driver: ChildProcess) {
  for (let i = 0; ; i++) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited with ${driver.exitCode}`);
    const ok = await fetch(`${url}/status`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (i > 200) throw new Error(`WebKitWebDriver did not answer at ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The page that holds a narrow page in an iframe of exactly that size. */
function serveFramePage(): Promise<Listening> {
  const server = createServer((request, response) => {
    const params = new URL(request.url ?? '/', 'http://x').searchParams;
    const width = Number(params.get('w'));
    const height = Number(params.get('h'));
    const src = params.get('src') ?? 'about:blank';
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><html><head><meta charset="utf-8"><style>html,body{margin:0;padding:0}iframe{display:block;border:0;margin:0}</style></head>` +
          `<body><iframe src="${escapeHtml(src)}" style="width:${width}px;height:${height}px"></iframe></body></html>`,
      );
  });
  return listen(server, 0);
}

async function launchWebKit(): Promise<Engine> {
  const { Builder, Key } = await import('selenium-webdriver');
  const screen = await display();
  const port = await freePort();
  // a process group of its own: the driver, the MiniBrowser it starts and WebKit's processes end together
  const driverProcess = spawn(WEBKIT_DRIVER, [`--port=${port}`], {
    stdio: 'ignore',
    env: { ...process.env, DISPLAY: screen.display },
    detached: true,
  });
  const server = `http://127.0.0.1:${port}`;
  const frames = await serveFramePage();
  const groups = [driverProcess.pid, screen.process?.pid].filter((pid): pid is number => pid !== undefined);
  const kill = () => {
    for (const pid of groups) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };
  // a test run that ends abruptly leaves no browser behind either
  process.once('exit', kill);
  const stop = async () => {
    await frames.close();
    kill();
    process.off('exit', kill);
  };
  let driver: import('selenium-webdriver').WebDriver;
  try {
    await driverReady(server, driverProcess);
    driver = await new Builder()
      .usingServer(server)
      .withCapabilities({
        browserName: 'MiniBrowser',
        // the tests hold the element's script, which holds the load event: return at once and poll the page
        pageLoadStrategy: 'none',
        'webkitgtk:browserOptions': { binary: miniBrowser(), args: ['--automation'] },
      })
      .build();
    await driver.manage().setTimeouts({ script: 60_000, pageLoad: 60_000 });
  } catch (error) {
    await stop();
    throw error;
  }
  const run = <R>(source: string, arg: unknown): Promise<R> =>
    driver
      .executeAsyncScript<{ ok?: R; error?: string }>(
        `const done = arguments[arguments.length - 1];
         Promise.resolve().then(() => (${source})(arguments[0])).then((ok) => done({ ok: ok === undefined ? null : ok }), (e) => done({ error: String(e && e.stack || e) }));`,
        arg,
      )
      .then((r) => {
        if (r.error !== undefined) throw new Error(`in the page: ${r.error}`);
        return r.ok as R;
      });
  /** `waitFor`'s poll; a document that unloads while it polls (a navigation going on) is polled again. */
  const pollRun = (source: string, arg: unknown, slice: number) =>
    run<boolean | string>(`(a) => (${POLL})(${source}, a, ${slice})`, arg).catch((error: Error) => {
      if (error.name === 'NoSuchFrameError' || /unload/i.test(error.message))
        return `navigating: ${error.message}`;
      throw error;
    });
  /** One window for the whole run, one page at a time: the driver drives one session. */
  let busy = false;
  /** The window's rect that gave each viewport size. */
  const rects = new Map<string, Viewport>();
  return {
    name: 'webkit',
    async open(url, viewport) {
      if (busy) throw new Error('WebKit: one page at a time; close the last one first');
      busy = true;
      const framed = viewport.width < WEBKIT_MIN_WIDTH;
      const window = framed
        ? { width: Math.max(WEBKIT_MIN_WIDTH, viewport.width) + 40, height: viewport.height + 40 }
        : viewport;
      await driver.switchTo().defaultContent();
      // the window's size includes its frame, and GTK applies it a little later: set it, wait until the
      // viewport has it, else correct by the difference. The rect that gave a viewport is kept, and a window
      // whose viewport already has the size is left as it is (the last page's, most of the time)
      const size = async () => {
        const key = `${window.width}×${window.height}`;
        const fits = (w: Viewport) => innerWidth === w.width && innerHeight === w.height;
        if ((await run(fits.toString(), window)) === true) return;
        for (let i = 0, rect = rects.get(key) ?? window; i < 4; i++) {
          await driver
            .manage()
            .window()
            .setRect({ x: 0, y: 0, ...rect });
          const ok = await pollRun(fits.toString(), window, 2_000);
          if (ok === true) return void rects.set(key, rect);
          const inner = await driver.executeScript<Viewport>(
            'return { width: innerWidth, height: innerHeight }',
          );
          rect = {
            width: rect.width + window.width - inner.width,
            height: rect.height + window.height - inner.height,
          };
        }
      };
      await size();
      await driver.get(
        framed
          ? `${frames.url}/?w=${viewport.width}&h=${viewport.height}&src=${encodeURIComponent(url)}`
          : url,
      );
      if (framed) {
        await poll(pollRun, () => document.querySelector('iframe'), null, 'the frame', 30_000);
        await driver.switchTo().frame(0);
      }
      const tab: Tab = {
        engine: 'webkit',
        evaluate: <A, R>(fn: InPage<A, R>, arg: A) => run<R>(fn.toString(), arg),
        waitFor: (fn, arg, what, timeoutMs = 30_000) => poll(pollRun, fn, arg, what, timeoutMs),
        screenshot: async (path) => writeFile(path, Buffer.from(await driver.takeScreenshot(), 'base64')),
        press: async (key) =>
          driver
            .actions()
            .sendKeys(key === 'Tab' ? Key.TAB : key === 'Enter' ? Key.ENTER : Key.SPACE)
            .perform(),
        async close() {
          await driver.switchTo().defaultContent();
          await driver.get('about:blank');
          // the driver does not wait for navigations (page load strategy none): the page is gone once this holds
          await poll(pollRun, () => location.href === 'about:blank', null, 'about:blank', 30_000);
          busy = false;
        },
      };
      // this URL's document (not the last one, still unloading, nor the frame's first about:blank), parsed
      await tab.waitFor(
        (href: string) => location.href === href && document.readyState !== 'loading',
        new URL(url).href,
        `${url} to load`,
      );
      let inner = await tab.evaluate(() => ({ width: innerWidth, height: innerHeight }), null);
      if (inner.width !== viewport.width || inner.height !== viewport.height) {
        // a window that changed its size while the page loaded: once more
        await driver.switchTo().defaultContent();
        await size();
        if (framed) await driver.switchTo().frame(0);
        inner = await tab.evaluate(() => ({ width: innerWidth, height: innerHeight }), null);
      }
      if (inner.width !== viewport.width || inner.height !== viewport.height) {
        throw new Error(
          `WebKit: asked for a ${viewport.width}×${viewport.height} viewport, got ${inner.width}×${inner.height}`,
        );
      }
      return tab;
    },
    async close() {
      // the session's end closes MiniBrowser; the process groups go whatever it answers
      await Promise.race([
        driver.quit().catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, 10_000).unref()),
      ]);
      await stop();
    },
  };
}
