import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFolder, type StaticServer } from '../../scripts/site/static-server.ts';
import { bundleWidget } from '../../scripts/site/widget.ts';
import { build } from '../../scripts/cli/build.ts';

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.warn(`browser test skipped: ${CHROMIUM} is missing (apt-get install -y chromium)`);

let root: string;
let site: StaticServer;
let other: StaticServer;
let browser: import('playwright-core').Browser;

beforeAll(async () => {
  if (!hasChromium) return;
  root = await mkdtemp(join(tmpdir(), 'rc-browser-'));
  const out = join(root, 'dist');
  const sink = { write: () => true };
  const code = await build({ argv: ['--out', out, '--locales', 'en-US,de-DE'], env: {}, stdout: sink, stderr: sink, widget: bundleWidget });
  expect(code).toBe(0);
  site = await serveFolder(out);
  // a partner page on another origin with nothing but the script tag and the elements
  await mkdir(join(root, 'partner'));
  await writeFile(
    join(root, 'partner', 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner</title>
<script type="module" src="${site.url}/resort-conditions.js"></script></head>
<body><main><h1>Partner page</h1>
<resort-conditions id="en" resort="20"></resort-conditions>
<resort-conditions id="de" resort="20" locale="de-DE"></resort-conditions>
</main></body></html>`,
  );
  other = await serveFolder(join(root, 'partner'));
  const { chromium } = await import('playwright-core');
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await other?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

async function open(url: string) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1400 } });
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  // the machine is offline: images on other hosts (logo, webcams) get a placeholder
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) =>
    route.fulfill({ status: 200, contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"/>' }),
  );
  await page.goto(url);
  return { page, problems };
}

const shadowText = (page: import('playwright-core').Page, selector: string) =>
  page.waitForFunction((sel) => {
    const el = document.querySelector(sel);
    const h2 = el?.shadowRoot?.querySelector('h2');
    return h2 ? el!.shadowRoot!.textContent!.replace(/\s+/g, ' ') : false;
  }, selector).then((handle) => handle.jsonValue() as Promise<string>);

describe.skipIf(!hasChromium)('in Chromium', () => {
  it('shows a resort on a page of another origin, in English with imperial units and in German with metric', async () => {
    const { page, problems } = await open(`${other.url}/`);
    const en = await shadowText(page, '#en');
    const de = await shadowText(page, '#de');
    expect(en).toContain('Snow depth');
    expect(en).toMatch(/Base\d+ in/);
    expect(en).toMatch(/°F/);
    expect(de).toContain('Schneehöhe');
    expect(de).toMatch(/Tal\d+ cm/);
    expect(de).toMatch(/°C/);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('renders every resort of the demo page without console errors or axe violations', async () => {
    const { page, problems } = await open(`${site.url}/`);
    const count = await page.locator('resort-conditions').count();
    expect(count).toBe(36);
    await page.waitForFunction(() => [...document.querySelectorAll('resort-conditions')].every((el) => el.shadowRoot?.querySelector('h2, [role=alert]')));
    const names = await page.evaluate(() => [...document.querySelectorAll('resort-conditions')].map((el) => el.shadowRoot!.querySelector('h2')?.textContent));
    expect(names.every((n) => typeof n === 'string' && n.length > 0)).toBe(true);
    await page.selectOption('#locale', 'de-DE');
    await page.waitForFunction(() => document.querySelector('resort-conditions')!.shadowRoot!.textContent!.includes('Schneehöhe'));
    const axe = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    await page.addScriptTag({ content: axe });
    const violations = await page.evaluate(async () => {
      const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
      return result.violations.map((v: any) => `${v.id}: ${v.nodes.length} × ${v.help}`);
    });
    expect(violations).toEqual([]);
    await mkdir('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/demo.png', fullPage: false });
    expect(problems).toEqual([]);
    await page.close();
  });
});
