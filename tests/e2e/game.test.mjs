// End-to-end: a game over time on the release build: the play clock and the solved moment, a
// new visitor's first seed, share links that carry a game and ask before replacing one, and
// undo across a reload.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, freshApp, openApp, cell, status, statusMatching, importText, boardLabels, shot, engineReady, ROOT, SHOTS } from './browser.mjs';

const PUZZLE = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const SOLUTION = '417369825632158947958724316825437169791586432346912758289643571573291684164875293';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

/** The puzzle as a JSON board with every cell but row 1, column 2 filled in by the player. */
function almostSolved() {
  const fixed = {}, solved = {};
  for (let i = 0; i < 81; i++) {
    const [r, c] = [Math.floor(i / 9) + 1, (i % 9) + 1];
    if (r === 1 && c === 2) continue;
    const into = PUZZLE[i] === '.' ? solved : fixed;
    (into[r] ??= {})[c] = Number(SOLUTION[i]);
  }
  return JSON.stringify({ dim: 3, fixed, solved });
}

function clock(page) {
  return page.getByRole('timer', { name: 'Time played' });
}

/** The seconds the clock shows. */
async function seconds(page) {
  const [m, s] = (await clock(page).innerText()).trim().split(':').map(Number);
  return m * 60 + s;
}

/** Makes the page look hidden (another tab in front) or shown again, as the browser tells it. */
async function setHidden(page, hidden) {
  await page.evaluate((hidden) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

/** How many times the page shows the solved sentence. */
async function saidSolved(page) {
  return page.evaluate(() => document.body.innerText.split('Solved! You completed').length - 1);
}

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

/** The clock's seconds once `holds` them, or after 10 s whatever they are. */
async function secondsReaching(page, holds) {
  let s = await seconds(page);
  for (let i = 0; i < 100 && !holds(s); i++) {
    await sleep(100);
    s = await seconds(page);
  }
  return s;
}

test('the clock runs while playing, stands while the page is hidden, survives a reload and stops at the solve', async () => {
  const { page, errors } = await freshApp(env.context, env.url);
  assert.equal(await clock(page).count(), 0, 'no game, no clock');
  await importText(page, almostSolved());
  await clock(page).waitFor();
  // The face redraws once a second, which a busy machine may delay: waited for, not slept.
  const played = await secondsReaching(page, (s) => s >= 2);
  assert.ok(played >= 2, `the clock runs: ${played}`);
  await setHidden(page, true);
  await sleep(300);
  const hidden = await seconds(page);
  await sleep(2300);
  assert.equal(await seconds(page), hidden, 'hidden, the clock stands');
  await setHidden(page, false);
  assert.ok(await secondsReaching(page, (s) => s > hidden) > hidden, 'shown again, it runs on');
  const before = await seconds(page);
  await page.reload();
  await engineReady(page);
  await clock(page).waitFor();
  const after = await seconds(page);
  assert.ok(after >= before, `kept across the reload: ${before} then ${after}`);

  await cell(page, 1, 2).click();
  await page.keyboard.press('1');
  const words = await statusMatching(page, /^Solved! You completed this 9x9 puzzle in \d+:\d\d\.$/);
  await page.locator('.solved-moment').filter({ hasText: 'Solved!' }).waitFor();
  assert.equal(await saidSolved(page), 1, 'the solved sentence shows once');
  assert.ok(words.includes(await clock(page).innerText()), `${words} states the clock's time`);
  const stopped = await seconds(page);
  await shot(page, 'solved-9');
  copyFileSync(join(SHOTS, 'solved-9.png'), join(ROOT, 'docs', 'solved-9.png'));
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'phone-solved-9');
  await page.setViewportSize({ width: 1280, height: 900 });
  await sleep(2300);
  assert.equal(await seconds(page), stopped, 'the clock stops at the solve');
  await page.reload();
  await engineReady(page);
  await page.locator('.solved-moment').filter({ hasText: 'Solved!' }).waitFor();
  assert.equal(await saidSolved(page), 1, 'after a reload too, once');
  // The clock sits in the board's top row, beside the size and the entry mode; the solved
  // sentence goes under the status, so the row keeps to one line and the board stays put.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const size = await page.getByLabel('Size').boundingBox();
    const face = await clock(page).boundingBox();
    const mode = await page.getByRole('button', { name: 'Play', exact: true }).boundingBox();
    const middle = (b) => b.y + b.height / 2;
    assert.ok(Math.abs(middle(face) - middle(size)) < 4 && Math.abs(middle(mode) - middle(size)) < 4,
      `${width} px: one row: ${JSON.stringify({ size, face, mode })}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  assert.equal(await seconds(page), stopped, 'a solved game keeps its time');
  // Undone, the game goes on; a full grid with a clash is no solve.
  await page.keyboard.press('Control+z');
  await page.getByRole('gridcell', { name: 'Row 1, column 2, empty', exact: true }).waitFor();
  assert.equal(await page.locator('.solved-moment').count(), 0);
  await cell(page, 1, 2).click();
  await page.keyboard.press('2');
  await statusMatching(page, /^Conflict/);
  assert.equal(await page.locator('.solved-moment').count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a new visitor generates from a random seed shown in the field; later presses move it on', async () => {
  const seeds = [];
  for (let visit = 0; visit < 2; visit++) {
    const { page, errors } = await freshApp(env.context, env.url);
    const field = page.getByLabel('Seed');
    const seed = await field.inputValue();
    assert.match(seed, /^\d+$/);
    seeds.push(seed);
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const words = await statusMatching(page, new RegExp(`seed ${seed}\\b`), 60_000);
    assert.ok(words.includes(`moves on to ${BigInt(seed) + 1n}`), words);
    assert.equal(await field.inputValue(), String(BigInt(seed) + 1n));
    await page.reload();
    await engineReady(page);
    assert.equal(await page.getByLabel('Seed').inputValue(), String(BigInt(seed) + 1n), 'a returning visitor keeps theirs');
    // What was said of the puzzle comes back with it, and again after a note played.
    const restored = await status(page).innerText();
    assert.equal(restored, `Restored. ${words}`);
    const empty = await page.getByRole('gridcell').evaluateAll((c) => c.findIndex((e) => / empty$/.test(e.getAttribute('aria-label'))));
    await page.getByRole('button', { name: 'Notes', exact: true }).click();
    await cell(page, Math.floor(empty / 9) + 1, (empty % 9) + 1).click();
    await page.keyboard.press('1');
    await page.getByRole('gridcell', { name: /, notes 1$/ }).waitFor();
    assert.equal(await status(page).innerText(), words);
    // Undo and Redo say what they did and keep the puzzle's line in sight.
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await page.getByRole('gridcell', { name: /, notes 1$/ }).waitFor({ state: 'detached' });
    assert.equal(await status(page).innerText(), `Undone. ${words}`);
    await page.getByRole('button', { name: 'Redo', exact: true }).click();
    await page.getByRole('gridcell', { name: /, notes 1$/ }).waitFor();
    assert.equal(await status(page).innerText(), `Redone. ${words}`);
    assert.deepEqual(errors, []);
    await page.close();
  }
  assert.notEqual(seeds[0], seeds[1], `two visitors, two first seeds: ${seeds}`);
  assert.ok(!seeds.includes('1'), 'not the old fixed first seed');
});

test('a link carries digits and notes, asks before replacing a game, and a bad one changes nothing', async () => {
  const { page, errors } = await freshApp(env.context, env.url);
  await importText(page, PUZZLE);
  await cell(page, 1, 2).click();
  await page.keyboard.press('1');
  await page.getByRole('button', { name: 'Notes', exact: true }).click();
  await cell(page, 3, 7).click();
  for (const key of ['3', '6']) await page.keyboard.press(key);
  await page.getByRole('gridcell', { name: 'Row 3, column 7, notes 3 6', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Notes', exact: true }).click();
  const game = await boardLabels(page);
  await page.getByRole('button', { name: 'Share my game' }).click();
  await statusMatching(page, /^Share link made.*it opens this board with your digits and notes/);
  const link = await page.getByLabel('Share link').inputValue();
  assert.ok(link.startsWith(`${env.url}#p=`), link);

  // Another game in progress: the link waits for the player's word.
  await importText(page, PUZZLE.replace('4', '.'));
  await cell(page, 9, 9).click();
  await page.keyboard.press('3');
  const other = await boardLabels(page);
  await page.goto(link);
  const dialog = page.getByRole('alertdialog', { name: 'Shared puzzle' });
  await dialog.waitFor();
  assert.match(await dialog.innerText(), /a 9x9 puzzle, 17 clues, 1 digit played and notes/);
  const open = dialog.getByRole('button', { name: 'Open the shared puzzle' });
  assert.ok(await open.evaluate((b) => b === document.activeElement), 'the choice has the focus');
  await shot(page, 'link-offer');
  assert.deepEqual(await boardLabels(page), other, 'nothing replaced yet');
  // A reload while the question waits asks it again: the game and the link both survive.
  await page.reload();
  await engineReady(page);
  await dialog.waitFor();
  assert.ok(!page.url().includes('#p='), `the address no longer holds the link: ${page.url()}`);
  assert.match(await dialog.innerText(), /a 9x9 puzzle, 17 clues, 1 digit played and notes/);
  assert.deepEqual(await boardLabels(page), other, 'the game is as it was');
  await page.waitForFunction(() => document.activeElement?.textContent === 'Open the shared puzzle');
  await dialog.getByRole('button', { name: 'Keep my game' }).click();
  await statusMatching(page, /^Kept your game; the shared puzzle was not opened\.$/);
  assert.equal(await dialog.count(), 0);
  assert.deepEqual(await boardLabels(page), other);
  await page.reload();
  await engineReady(page);
  await statusMatching(page, /^Restored \(\d+ digits? filled in\)\. Imported a 9x9 puzzle/);
  assert.equal(await dialog.count(), 0, 'answered, the question is not asked again');
  assert.deepEqual(await boardLabels(page), other);

  await page.goto(link);
  await dialog.getByRole('button', { name: 'Open the shared puzzle' }).click();
  await statusMatching(page, /Opened the shared 9x9 puzzle/);
  assert.deepEqual(await boardLabels(page), game, 'the digits and notes, exactly');
  await page.keyboard.press('Control+z');
  await page.getByRole('gridcell', { name: 'Row 9, column 9, 3', exact: true }).waitFor();
  assert.deepEqual(await boardLabels(page), other, 'Undo brings the game back');

  // A bad link says so and changes nothing.
  for (const bad of ['%7B%22dim%22%3A3', '12x', '%E0%A4%A']) {
    await page.goto(`${env.url}#p=${bad}`);
    await statusMatching(page, /share link/);
    assert.ok(await status(page).evaluate((s) => s.classList.contains('error')), bad);
    assert.equal(await dialog.count(), 0);
    assert.deepEqual(await boardLabels(page), other, bad);
  }
  assert.deepEqual(errors, []);
  await page.close();

  // A new visitor opens it at once.
  const fresh = await env.context.newPage();
  await fresh.addInitScript(() => {
    if (!sessionStorage.getItem('cleared')) {
      localStorage.clear();
      sessionStorage.setItem('cleared', '1');
    }
  });
  await fresh.goto(link);
  await fresh.getByRole('grid', { name: 'Sudoku board' }).waitFor();
  await statusMatching(fresh, /Opened the shared 9x9 puzzle/);
  assert.deepEqual(await boardLabels(fresh), game);
  await fresh.close();
});

test('undo history survives a reload', async () => {
  const { page, errors } = await freshApp(env.context, env.url);
  await importText(page, PUZZLE);
  const moves = [[1, 2, '1'], [1, 3, '7'], [2, 1, '6']];
  for (const [r, c, key] of moves) {
    await cell(page, r, c).click();
    await page.keyboard.press(key);
  }
  await page.keyboard.press('Control+z');
  await page.getByRole('gridcell', { name: 'Row 2, column 1, empty', exact: true }).waitFor();
  await page.reload();
  await engineReady(page);
  await page.getByRole('gridcell', { name: 'Row 1, column 3, 7', exact: true }).waitFor();
  await page.keyboard.press('Control+y');
  await page.getByRole('gridcell', { name: 'Row 2, column 1, 6', exact: true }).waitFor();
  for (let i = 0; i < 3; i++) await page.keyboard.press('Control+z');
  await page.getByRole('gridcell', { name: 'Row 1, column 2, empty', exact: true }).waitFor();
  await page.getByRole('gridcell', { name: 'Row 1, column 3, empty', exact: true }).waitFor();
  await page.getByRole('gridcell', { name: 'Row 1, column 1, clue 4', exact: true }).waitFor();
  // One more goes back to before the import: the history kept its first step too.
  await page.keyboard.press('Control+z');
  await page.getByRole('gridcell', { name: 'Row 1, column 1, empty', exact: true }).waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});
