// Launches Debian's Chromium through playwright-core and serves the built app on loopback.
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
