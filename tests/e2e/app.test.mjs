// End-to-end: the release build in headless Chromium, used as a person would.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, openApp, cell, SHOTS } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

test('the page shows an empty 9x9 board with title and version', async () => {
  const { page, errors } = await openApp(env.context, env.url);
  await assert.doesNotReject(page.getByRole('heading', { name: 'sudoku-lab' }).waitFor());
  assert.equal(await page.getByRole('gridcell').count(), 81);
  assert.match(await page.locator('footer').innerText(), /sudoku-lab \d+\.\d+\.\d+/);
  await page.screenshot({ path: join(SHOTS, 'empty-board.png') });
  assert.deepEqual(errors, []);
  await page.close();
});

test('clicking a cell and typing a digit shows it', async () => {
  const { page } = await openApp(env.context, env.url);
  await cell(page, 3, 7).click();
  await page.keyboard.press('5');
  await assert.doesNotReject(cell(page, 3, 7).and(page.getByText('5')).waitFor());
  assert.equal(await cell(page, 3, 7).getAttribute('aria-label'), 'Row 3, column 7, given 5');
  await page.screenshot({ path: join(SHOTS, 'typed-digit.png') });
  await page.close();
});
