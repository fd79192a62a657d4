// The playground in headless Chromium (Debian's /usr/bin/chromium, driven
// by playwright-core): served from a loopback server, a message pasted
// (a -32021 error whose error.data.requiredCapabilities is the array
// ["sampling"] where an object belongs, at 2026-07-28) shows its finding at
// /error/data/requiredCapabilities, highlighted; the fixed shape
// ({"sampling":{}}) shows clean. Screenshots go to
// wasm-playground/ in cargo's CARGO_TARGET_TMPDIR (or $MCPWIRE_SCREENSHOT_DIR).
// Without Chromium the test is skipped with how to install it (under
// CI=true it fails).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from '../scripts/serve.mjs';
import { need, targetDir } from './support.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const CHROMIUM = process.env.MCPWIRE_CHROMIUM ?? '/usr/bin/chromium';
const shots = process.env.MCPWIRE_SCREENSHOT_DIR ?? join(targetDir(), 'tmp', 'wasm-playground');

const ARRAY_FOR_OBJECT = JSON.stringify({
  jsonrpc: '2.0',
  id: 7,
  error: {
    code: -32021,
    message: 'Server requires the sampling capability',
    data: { requiredCapabilities: ['sampling'] },
  },
});
const FIXED = ARRAY_FOR_OBJECT.replace('["sampling"]', '{"sampling":{}}');

async function paste(page, text) {
  // A real paste: the text on a DataTransfer, through the paste event, as
  // the browser delivers a clipboard paste into the textarea.
  await page.locator('#input').fill('');
  await page.locator('#input').focus();
  await page.evaluate((t) => {
    const area = document.getElementById('input');
    const data = new DataTransfer();
    data.setData('text/plain', t);
    const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
    if (area.dispatchEvent(event)) {
      area.setRangeText(t, area.selectionStart, area.selectionEnd, 'end');
      area.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste', data: t }));
    }
  }, text);
  await page.locator('#check').click();
}

test('playground: an array for an object shows its finding, the fixed shape is clean', async (t) => {
  if (!need(t, existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install chromium (.ci/setup/40-wasm.sh), or set MCPWIRE_CHROMIUM`)) return;
  mkdirSync(shots, { recursive: true });
  const server = await serve(resolve(here, '..'));
  const profile = mkdtempSync(join(tmpdir(), 'mcpwire-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
    viewport: { width: 1100, height: 820 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const problems = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
    await page.goto(`${server.url}/playground/index.html`);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
    await page.selectOption('#revision', '2026-07-28');

    await paste(page, ARRAY_FOR_OBJECT);
    const finding = page.locator('#findings li.violation');
    await finding.first().waitFor();
    assert.deepEqual(await finding.evaluateAll((els) => els.map((e) => e.dataset.pointer)), ['/error/data/requiredCapabilities']);
    assert.match(await finding.first().innerText(), /MissingRequiredClientCapabilityError/);
    const mark = page.locator('#view mark[data-pointer="/error/data/requiredCapabilities"]');
    assert.equal(await mark.innerText(), '["sampling"]');
    assert.match(await page.locator('#status').innerText(), /^1 violation in 1 message/);
    await finding.first().click();
    await page.screenshot({ path: join(shots, 'array-for-object.png'), fullPage: true });

    await paste(page, FIXED);
    await page.waitForFunction(() => document.getElementById('status').className === 'clean');
    assert.equal(await page.locator('#findings li.violation').count(), 0);
    assert.equal(await page.locator('#view mark:not(.warning)').count(), 0);
    assert.match(await page.locator('#status').innerText(), /^clean: 1 message, no violations/);
    await page.screenshot({ path: join(shots, 'fixed.png'), fullPage: true });

    assert.deepEqual(problems, []);
  } finally {
    await context.close();
    await server.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
