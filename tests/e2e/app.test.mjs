// End-to-end: the release build in headless Chromium, used as a person would.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, freshApp, cell, status, shot } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

test('the page shows an empty 9x9 board with title, version and named controls', async () => {
  const { page, errors } = await freshApp(env.context, env.url);
  await assert.doesNotReject(page.getByRole('heading', { name: 'sudoku-lab' }).waitFor());
  assert.equal(await page.getByRole('gridcell').count(), 81);
  assert.equal(await cell(page, 3, 7).getAttribute('aria-label'), 'Row 3, column 7, empty');
  assert.match(await page.locator('footer').innerText(), /sudoku-lab \d+\.\d+\.\d+/);
  for (const name of ['Solve', 'Count solutions', 'Check', 'Generate', 'Clear', 'Cancel', 'Compare']) {
    assert.equal(await page.getByRole('button', { name, exact: true }).count(), 1, name);
  }
  assert.ok((await page.getByRole('radio').count()) >= 1);
  assert.equal(await page.getByRole('radio', { name: 'Propagation', exact: true }).count(), 1);
  assert.equal(await page.getByLabel('Size', { exact: true }).inputValue(), '3');
  assert.equal(await status(page).count(), 1);
  await shot(page, 'empty-board');
  assert.deepEqual(errors, []);
  await page.close();
});

test('clicking cells and typing enters clues; arrows move; Backspace and Ctrl+Z undo', async () => {
  const { page } = await freshApp(env.context, env.url);
  await cell(page, 3, 7).click();
  await page.keyboard.press('5');
  await cell(page, 3, 7).and(page.getByText('5')).waitFor();
  assert.equal(await cell(page, 3, 7).getAttribute('aria-label'), 'Row 3, column 7, clue 5');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('5');
  await cell(page, 3, 8).and(page.locator('.conflict')).waitFor();
  assert.match(await status(page).innerText(), /^Conflict: digit 5 appears twice in a row/);
  await shot(page, 'conflict');
  await page.keyboard.press('Backspace');
  await page.getByRole('gridcell', { name: 'Row 3, column 8, empty' }).waitFor();
  await page.keyboard.press('Control+z');
  await page.getByRole('gridcell', { name: 'Row 3, column 8, clue 5' }).waitFor();
  // With the focus on a button, not the board, the shortcuts still work.
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await page.getByRole('gridcell', { name: 'Row 3, column 7, empty' }).waitFor();
  await page.keyboard.press('Control+z');
  await page.getByRole('gridcell', { name: 'Row 3, column 7, clue 5' }).waitFor();
  assert.match(await status(page).innerText(), /^Conflict: digit 5 appears twice/);
  await page.keyboard.press('Control+y');
  await page.getByRole('gridcell', { name: 'Row 3, column 7, empty' }).waitFor();
  assert.equal(await status(page).innerText(), 'Redone.');
  await page.close();
});

test('the number pad enters digits and leaves the keyboard on the board', async () => {
  const { page } = await freshApp(env.context, env.url);
  await cell(page, 5, 5).click();
  await page.getByRole('button', { name: 'Digit 4', exact: true }).click();
  await page.getByRole('gridcell', { name: 'Row 5, column 5, clue 4' }).waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('6');
  await page.getByRole('gridcell', { name: 'Row 6, column 5, clue 6' }).waitFor();
  await page.getByRole('button', { name: 'Erase', exact: true }).click();
  await page.getByRole('gridcell', { name: 'Row 6, column 5, empty' }).waitFor();
  await page.keyboard.press('Control+z');
  await page.getByRole('gridcell', { name: 'Row 6, column 5, clue 6' }).waitFor();
  await page.close();
});

test('keyboard only: Tab into the board and type; Enter on Solve keeps the focus on Solve', async () => {
  const { page } = await freshApp(env.context, env.url);
  // Size, the two mode buttons, then the board's first cell.
  await page.getByLabel('Size', { exact: true }).focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'cell-0-0');
  await page.keyboard.press('5');
  await page.getByRole('gridcell', { name: 'Row 1, column 1, clue 5' }).waitFor();

  const solve = page.getByRole('button', { name: 'Solve', exact: true });
  await solve.focus();
  await page.keyboard.press('Enter');
  await status(page).filter({ hasText: /^At least 2 solutions/ }).waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Solve');
  // While nothing runs, Cancel is there but unavailable, and says so.
  assert.equal(await page.getByRole('button', { name: 'Cancel', exact: true }).getAttribute('aria-disabled'), 'true');
  await page.close();
});
