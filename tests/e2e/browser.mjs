// Launches Debian's Chromium through playwright-core, serves the built app on loopback, and
// offers the few steps the end-to-end tests share.
import { chromium } from 'playwright-core';
import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './server.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SHOTS = join(ROOT, 'target', 'screenshots');
mkdirSync(SHOTS, { recursive: true });

const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** Starts the server and a browser context; returns helpers and a `close` to call at the end. */
export async function launch() {
  const { server, url } = await startServer(join(ROOT, 'dist'), 0);
  const userDataDir = mkdtempSync(join(tmpdir(), 'sudoku-lab-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: FLAGS,
    headless: true,
    viewport: { width: 1280, height: 900 },
  });
  const close = async () => {
    await context.close();
    await new Promise((ok) => server.close(ok));
  };
  return { context, url, server, close };
}

/** A browser of its own with a phone's touch screen (`hasTouch`, `isMobile`) at `viewport`:
 * touches sent through CDP then go through the browser's gestures as a finger's would. */
export async function launchPhone(viewport) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: FLAGS,
    headless: true,
  });
  const context = await browser.newContext({ viewport, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  return { context, close: () => browser.close() };
}

/** Opens the app and waits until the board is rendered. */
export async function openApp(context, url) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  await page.getByRole('grid', { name: 'Sudoku board' }).waitFor();
  return { page, errors };
}

export function cell(page, row, col) {
  return page.getByRole('gridcell', { name: new RegExp(`^Row ${row}, column ${col},`) });
}

/** Opens the app with no saved state and waits until the board is drawn and the engine ready. */
export async function freshApp(context, url) {
  const { page, errors } = await openApp(context, url);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await engineReady(page);
  return { page, errors };
}

/** Waits until the engine worker has loaded and answers requests. */
export async function engineReady(page) {
  await page.locator('.app[data-engine="ready"]').waitFor();
}

/** The status line. */
export function status(page) {
  return page.getByRole('status');
}

/** Waits until the status line matches `pattern`; returns its text. */
export async function statusMatching(page, pattern, timeout = 30_000) {
  await status(page).filter({ hasText: pattern }).waitFor({ timeout });
  return status(page).innerText();
}

/** Pastes `text` into the import box and imports it. */
export async function importText(page, text) {
  await page.getByLabel('Puzzle text (line, numeric or JSON)').fill(text);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
}

/** Every cell's accessible name, row-major: the board as a person using a screen reader reads it. */
export async function boardLabels(page) {
  return page.getByRole('gridcell').evaluateAll((cells) => cells.map((c) => c.getAttribute('aria-label')));
}

/** Saves a screenshot of the page under target/screenshots/. */
export async function shot(page, name) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}
