// End-to-end: playing on the release build, as a person would: notes, Auto candidates, hints,
// difficulty, with screenshots at desktop and phone sizes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, freshApp, cell, status, statusMatching, importText, shot, engineReady, SHOTS } from './browser.mjs';

const PUZZLE = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

/** The board's digits and notes, row-major: what a screen reader reads, one name per cell. */
async function labels(page) {
  return page.getByRole('gridcell').evaluateAll((cells) => cells.map((c) => c.getAttribute('aria-label')));
}

/** Presses Hint and returns the milliseconds until the board marks the hint (measured in the page). */
async function timedHint(page) {
  return page.evaluate(() => new Promise((done) => {
    const board = document.querySelector('.board');
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Hint');
    const t0 = performance.now();
    const seen = () => board.querySelector('.hint-area, .hint-cell');
    const observer = new MutationObserver(() => {
      if (seen()) { observer.disconnect(); done(performance.now() - t0); }
    });
    observer.observe(board, { subtree: true, attributes: true, attributeFilter: ['class'] });
    button.click();
  }));
}

/** A 49x49 puzzle: a pattern solution with a third of its cells emptied (singles all the way). */
function puzzle49() {
  const n = 7, side = 49;
  const rows = [];
  for (let r = 0; r < side; r++) {
    const row = [];
    for (let c = 0; c < side; c++) {
      const v = ((n * (r % n) + Math.floor(r / n) + c) % side) + 1;
      row.push((r * 31 + c * 17) % 3 === 0 ? 0 : v);
    }
    rows.push(row.join(' '));
  }
  return rows.join('\n');
}

const timings = {};

test('notes: Notes mode toggles candidates, Undo takes one back, a placed digit removes them, a reload keeps them', async () => {
  const { page, errors } = await freshApp(env.context, env.url);
  await importText(page, PUZZLE);
  const notes = page.getByRole('button', { name: 'Notes', exact: true });
  assert.equal(await notes.getAttribute('aria-pressed'), 'false');
  await cell(page, 3, 7).click();
  await page.keyboard.press('n');
  assert.equal(await notes.getAttribute('aria-pressed'), 'true');
  for (const key of ['1', '4', '9']) await page.keyboard.press(key);
  await page.getByRole('gridcell', { name: 'Row 3, column 7, notes 1 4 9', exact: true }).waitFor();
  await page.keyboard.press('Control+z');
  await page.getByRole('gridcell', { name: 'Row 3, column 7, notes 1 4', exact: true }).waitFor();
  await cell(page, 3, 8).click();
  await page.keyboard.press('4');
  await page.getByRole('gridcell', { name: 'Row 3, column 8, notes 4', exact: true }).waitFor();
  await shot(page, 'notes-9-typed');
  // Notes off: 4 placed in the same row leaves the others' notes.
  await notes.click();
  assert.equal(await notes.getAttribute('aria-pressed'), 'false');
  await cell(page, 3, 1).click();
  await page.keyboard.press('4');
  await page.getByRole('gridcell', { name: 'Row 3, column 7, notes 1', exact: true }).waitFor();
  await page.getByRole('gridcell', { name: 'Row 3, column 8, empty', exact: true }).waitFor();
  await page.keyboard.press('Control+z');
  await page.getByRole('gridcell', { name: 'Row 3, column 7, notes 1 4', exact: true }).waitFor();
  await page.reload();
  await engineReady(page);
  await page.getByRole('gridcell', { name: 'Row 3, column 7, notes 1 4', exact: true }).waitFor();
  // The JSON download carries the notes, and importing it brings them back exactly.
  const board = await labels(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download JSON', exact: true }).click(),
  ]);
  const chunks = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk);
  const json = Buffer.concat(chunks).toString('utf8');
  assert.deepEqual(JSON.parse(json).notes, { 3: { 7: [1, 4], 8: [4] } }, json);
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await page.getByRole('gridcell', { name: 'Row 3, column 7, empty', exact: true }).waitFor();
  await importText(page, json);
  await statusMatching(page, /^Imported a 9x9 puzzle with 17 clues \(JSON format\)/);
  assert.deepEqual(await labels(page), board);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a click on Notes, Undo or Redo leaves typing on the selected cell', async () => {
  const { page, errors } = await freshApp(env.context, env.url);
  await importText(page, PUZZLE);
  const button = (name) => page.getByRole('button', { name, exact: true });
  const at37 = (what) => page.getByRole('gridcell', { name: `Row 3, column 7, ${what}`, exact: true });
  await cell(page, 3, 7).click();
  await button('Notes').click();
  assert.equal(await button('Notes').getAttribute('aria-pressed'), 'true');
  await page.keyboard.press('5');
  await at37('notes 5').waitFor();
  await button('Undo').click();
  await at37('empty').waitFor();
  await button('Redo').click();
  await at37('notes 5').waitFor();
  await page.keyboard.press('6');
  await at37('notes 5 6').waitFor();
  await button('Notes').click();
  await page.keyboard.press('2');
  await at37('2').waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});

test('Auto candidates fill every empty cell; notes read at 9x9, 16x16 and 25x25', async () => {
  const { page } = await freshApp(env.context, env.url);
  await importText(page, PUZZLE);
  const auto = page.getByRole('switch', { name: 'Auto candidates' });
  await auto.click();
  assert.equal(await auto.getAttribute('aria-checked'), 'true');
  await statusMatching(page, /^Auto candidates: every empty cell shows its candidates \(64 cells\)/);
  const named = await labels(page);
  assert.equal(named.filter((l) => / notes [\d ]+$/.test(l)).length, 64);
  await cell(page, 5, 5).click();
  await shot(page, 'notes-9');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'phone-notes-9');
  await page.setViewportSize({ width: 1280, height: 900 });
  // 16x16: a generated puzzle keeps Auto candidates on.
  await page.getByLabel('Size', { exact: true }).selectOption('4');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await statusMatching(page, /^Generated a 16x16 puzzle/, 60_000);
  await cell(page, 1, 1).click();
  const sixteen = await labels(page);
  assert.ok(sixteen.some((l) => / notes [\d ]+$/.test(l)), 'a 16x16 cell reads its notes');
  await shot(page, 'notes-16');
  // The small digits stay inside their cells.
  const spill = await page.locator('.notes').evaluateAll((all) =>
    all.filter((n) => n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1).length);
  assert.equal(spill, 0);
  await page.close();
});

test('Hint shows where to look, then the exact step; Apply hint changes the board by the step alone', async () => {
  const { page, errors } = await freshApp(env.context, env.url);
  await importText(page, PUZZLE);
  const before = await labels(page);
  // The first press may wait for the worker's warm-up, which runs after it says it is ready.
  timings['9x9, first press after load'] = await timedHint(page);
  const first = await statusMatching(page, /^Hint: /);
  assert.match(first, /Press Hint again for the exact step\.$/);
  assert.ok(await page.locator('.cell.hint-area').count() > 0);
  await page.getByRole('button', { name: 'Hint', exact: true }).click();
  const exact = await statusMatching(page, /Apply hint makes this step\.$/);
  assert.ok(await page.locator('.cell.hint-cell').count() > 0);
  await shot(page, 'hint-9');
  await page.getByRole('button', { name: 'Apply hint', exact: true }).click();
  await statusMatching(page, /^Hint applied: /);
  const after = await labels(page);
  const changed = after.map((l, i) => [before[i], l]).filter(([b, a]) => b !== a);
  // A single places one digit: the cell the sentence names.
  if (/^Hint: (Full house|Naked single|Hidden single)/.test(exact)) {
    assert.equal(changed.length, 1, JSON.stringify(changed));
    const [, now] = changed[0];
    const [, r, c] = exact.match(/r(\d+)c(\d+)/);
    assert.match(now, new RegExp(`^Row ${r}, column ${c}, \\d$`));
  } else {
    assert.ok(changed.length > 0);
  }
  await page.keyboard.press('Control+z');
  assert.deepEqual(await labels(page), before);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a hint says first that a digit is wrong, then where', async () => {
  const { page } = await freshApp(env.context, env.url);
  await importText(page, PUZZLE);
  // r1c2 of this puzzle's solution is not 2.
  await cell(page, 1, 2).click();
  await page.keyboard.press('2');
  await page.getByRole('button', { name: 'Hint', exact: true }).click();
  await statusMatching(page, /^Hint: 1 digit of yours is not the solution's\. Press Hint again to see where\.$/);
  await page.getByRole('button', { name: 'Hint', exact: true }).click();
  await statusMatching(page, /^Hint: not the solution's digit in r1c2/);
  assert.equal(await page.locator('.cell.hint-cell').count(), 1);
  await page.close();
});

test('a 16x16 hint and a 49x49 hint, the page answering meanwhile', async () => {
  const { page } = await freshApp(env.context, env.url);
  // A hint once the worker has warmed up: one hint applied, then the next one timed.
  await importText(page, PUZZLE);
  await page.getByRole('button', { name: 'Hint', exact: true }).click();
  await statusMatching(page, /^Hint: /);
  await page.getByRole('button', { name: 'Apply hint', exact: true }).click();
  await statusMatching(page, /^Hint applied: /);
  timings['9x9'] = await timedHint(page);
  await statusMatching(page, /^Hint: /);
  await page.getByLabel('Size', { exact: true }).selectOption('4');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await statusMatching(page, /^Generated a 16x16 puzzle/, 60_000);
  timings['16x16'] = await timedHint(page);
  await page.getByRole('button', { name: 'Hint', exact: true }).click();
  await statusMatching(page, /Apply hint makes this step\.$/);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'hint-16');
  await importText(page, puzzle49());
  await statusMatching(page, /49x49/);
  const pending = timedHint(page);
  // While the worker looks, the page still takes a click on the board.
  await cell(page, 2, 2).click();
  timings['49x49'] = await pending;
  await statusMatching(page, /^Hint: /, 60_000);
  await page.close();
  writeFileSync(join(SHOTS, 'hint-timings.json'), JSON.stringify(timings, null, 2));
  console.log(`# hint timings (ms): ${JSON.stringify(timings)}`);
});

test('Generate with a difficulty at 9x9 and 25x25; Check states the rating', async () => {
  const { page, errors } = await freshApp(env.context, env.url);
  const difficulty = page.getByLabel('Difficulty', { exact: true });
  await difficulty.selectOption('easy');
  await page.getByLabel('Seed', { exact: true }).fill('42');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await statusMatching(page, /^Easy puzzle, \d+ clues, seed 42 \(9x9, Easy \(/, 60_000);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await statusMatching(page, / Rating: Easy \([^)]*\d+ steps\)\.$/, 60_000);
  await page.getByLabel('Size', { exact: true }).selectOption('5');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await statusMatching(page, /^Easy puzzle, \d+ clues, seed 43 \(25x25, /, 300_000);
  await page.getByRole('switch', { name: 'Auto candidates' }).click();
  await cell(page, 1, 1).click();
  await shot(page, 'notes-25');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'phone-notes-25');
  // The choice survives a reload.
  await page.reload();
  await engineReady(page);
  assert.equal(await page.getByLabel('Difficulty', { exact: true }).inputValue(), 'easy');
  assert.deepEqual(errors, []);
  await page.close();
});

test('Solve step by step lists the steps to "solved"; a step shows the board then', async () => {
  const { page, errors } = await freshApp(env.context, env.url);
  await importText(page, PUZZLE);
  const before = await labels(page);
  await page.getByText('Solve step by step', { exact: true }).first().click();
  // Started from the keyboard, the button keeps the focus when the list comes.
  await page.getByRole('button', { name: 'Solve step by step', exact: true }).focus();
  await page.keyboard.press('Enter');
  const said = await statusMatching(page, /^Solved step by step in \d+ steps/, 60_000);
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Solve step by step');
  const count = Number(said.match(/in (\d+) steps/)[1]);
  const steps = page.getByRole('list', { name: 'Steps' }).getByRole('button');
  assert.equal(await steps.count(), count);
  assert.equal(await page.locator('.steps-end').innerText(), 'solved');
  await steps.nth(0).click();
  await statusMatching(page, new RegExp(`^Step 1 of ${count}, the board before it: .+\\.$`));
  assert.equal(await steps.nth(0).getAttribute('aria-pressed'), 'true');
  assert.ok(await page.locator('.cell.hint-cell').count() > 0, 'the step is marked');
  // The list is one tab stop; arrows and End move between the steps, and the focus with them.
  assert.equal(await page.locator('ol.steps button[tabindex="0"]').count(), 1);
  await page.keyboard.press('ArrowDown');
  await statusMatching(page, new RegExp(`^Step 2 of ${count}, `));
  assert.equal(await page.evaluate(() => document.activeElement.id), 'step-1');
  await page.keyboard.press('End');
  await statusMatching(page, new RegExp(`^Step ${count} of ${count}, `));
  await page.keyboard.press('Home');
  await statusMatching(page, new RegExp(`^Step 1 of ${count}, `));
  await steps.nth(count - 1).click();
  // A step low in the list brings the board's top back into view with the step still seen.
  const board = await page.getByRole('grid', { name: 'Sudoku board' }).boundingBox();
  assert.ok(board.y >= -1, `the board's top in view: ${JSON.stringify(board)}`);
  assert.ok(await steps.nth(count - 1).isVisible());
  const late = await labels(page);
  // Before the last step: every digit but the last step's placed, none of them the player's.
  const placed = late.filter((l) => /, \d$/.test(l)).length;
  assert.ok(placed > 0 && placed < 64, `${placed} digits placed before the last step`);
  await shot(page, 'steps-9');
  await page.getByRole('button', { name: 'Back to the board', exact: true }).click();
  assert.deepEqual(await labels(page), before);
  await statusMatching(page, /^Solved step by step in \d+ steps/);
  // On a phone the list is far under the board: a step selected brings the board, and the
  // step's sentence under it, into view.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Lab', exact: true }).click();
  await steps.nth(2).scrollIntoViewIfNeeded();
  await steps.nth(2).click();
  await statusMatching(page, /^Step 3 of /);
  for (const part of [page.getByRole('grid', { name: 'Sudoku board' }), page.locator('.status-area')]) {
    const box = await part.boundingBox();
    assert.ok(box.y >= 0 && box.y + box.height <= 844, `${part} in view: ${JSON.stringify(box)}`);
  }
  assert.deepEqual(errors, []);
  await page.close();
});
