// End-to-end: generating and checking puzzles, and cancelling a long generation.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, freshApp, engineReady, cell, importText, statusMatching, shot } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const PUZZLE = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';

const CHECKED = /^(Minimal|Unique but not minimal|Not unique|No solution)/;

/** Generates a puzzle of the given box size from seed 5; returns its clue count. */
async function generate(page, box, side, symmetry) {
  await page.getByLabel('Size', { exact: true }).selectOption(String(box));
  await page.getByLabel('Seed').fill('5');
  await page.getByLabel('Symmetry').selectOption(symmetry);
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  const text = await statusMatching(page, /^(Generated a |Generating failed)/, 120_000);
  const m = text.match(new RegExp(
    `^Generated a ${side}x${side} puzzle with (\\d+) clues \\(seed 5, symmetry ${symmetry.toLowerCase()}, `));
  assert.ok(m, text);
  assert.equal(await page.getByLabel('Seed').inputValue(), '6', 'Generate again makes another one');
  return Number(m[1]);
}

for (const [box, side] of [[3, 9], [4, 16]]) {
  test(`a generated ${side}x${side} puzzle checks as unique and minimal`, async () => {
    const { page, errors } = await freshApp(env.context, env.url);
    const clues = await generate(page, box, side, 'None');
    assert.equal(await page.locator('.cell.given').count(), clues);
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    const text = await statusMatching(page, CHECKED, 120_000);
    assert.match(text, new RegExp(`^Minimal: one solution, and all ${clues} clues are necessary \\(Propagation, `));
    // Then the logic engine's rating.
    assert.match(text, /Difficulty: (no guessing needed \(propagation alone solves it\)|propagation needs \d+ guess(es)? to solve it and prove it unique)\. Rating: [^.]+\.$/);
    assert.equal(await page.locator('.cell.redundant').count(), 0);
    await shot(page, `generated-${side}`);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('a symmetric puzzle keeps its clue pattern under a half turn', async () => {
  const { page } = await freshApp(env.context, env.url);
  await generate(page, 3, 9, 'Half turn');
  const given = await page.getByRole('gridcell').evaluateAll((cells) =>
    cells.map((c) => c.classList.contains('given')));
  assert.deepEqual(given, [...given].reverse());
  // Minimal as a symmetric pattern: single clues of a pair may still be redundant.
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  assert.match(await statusMatching(page, CHECKED), /^(Minimal|Unique but not minimal)/);
  await shot(page, 'generated-half-turn');
  await page.close();
});

test('Generate waits while the seed field holds no seed', async () => {
  const { page } = await freshApp(env.context, env.url);
  const button = page.getByRole('button', { name: 'Generate', exact: true });
  for (const text of ['-5', '2.5', '1e3', 'seven', '']) {
    await page.getByLabel('Seed').fill(text);
    assert.equal(await button.getAttribute('aria-disabled'), 'true', text);
    assert.equal(await page.getByLabel('Seed').getAttribute('aria-invalid'), 'true');
    assert.equal(await page.getByLabel('Seed').inputValue(), text, 'the field keeps what was typed');
    assert.equal(await page.locator('#seed-help').innerText(),
      'A seed is a whole number from 0 to 18446744073709551615.');
  }
  // Pressed with the field empty, Generate says what it waits for (a person can press a
  // button that is only marked unavailable; Playwright must be told to).
  await button.click({ force: true });
  await statusMatching(page, /^Type a seed; Generate waits for one\.$/);
  await page.getByLabel('Seed').fill('2.5');
  await statusMatching(page, /^'2\.5' is not a seed \(a whole number from 0 to 18446744073709551615\); Generate waits for one\.$/);
  await page.getByLabel('Seed').fill('18446744073709551615');
  assert.equal(await button.getAttribute('aria-disabled'), 'false');
  assert.equal(await page.locator('#seed-help').count(), 0);
  await button.click();
  await statusMatching(page, /^Generated a 9x9 puzzle with \d+ clues \(seed 18446744073709551615, /);
  assert.equal(await page.getByLabel('Seed').inputValue(), '0', 'the next seed wraps around');
  await page.close();
});

test('Check highlights the clues a puzzle could do without', async () => {
  const { page } = await freshApp(env.context, env.url);
  await importText(page, PUZZLE);
  // A digit of the unique solution added as a clue adds nothing.
  await page.getByRole('button', { name: 'Enter clues' }).click();
  await cell(page, 1, 2).click();
  await page.keyboard.press('1');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  const text = await statusMatching(page, CHECKED);
  const n = Number(text.match(/^Unique but not minimal: (\d+) of 18 clues/)[1]);
  assert.ok(n >= 1, text);
  assert.equal(await page.locator('.cell.redundant').count(), n);
  await shot(page, 'check-redundant');
  await page.close();
});

for (const [box, side] of [[5, 25], [7, 49]]) {
  test(`a ${side}x${side} generation shows progress, leaves the page responsive and cancels at once`, async () => {
    const { page } = await freshApp(env.context, env.url);
    await page.getByLabel('Size', { exact: true }).selectOption(String(box));
    // A fresh page draws its first seed at random; 25x25 seed 10 is among the slowest known
    // (about 15 s in the page), so the generation is still running when Cancel is pressed.
    await page.getByLabel('Seed').fill('10');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await page.locator('progress[value]').waitFor();
    assert.match(await page.locator('.progress-text').innerText(),
      new RegExp(`^Trying clues: [\\d,]+ of ${(side * side).toLocaleString("en-US")} cells$`));
    // The page answers clicks while the worker works.
    await cell(page, 3, 4).click();
    await page.locator('#cell-2-3.selected').waitFor();
    await page.getByRole('button', { name: 'Play' }).click();
    await page.getByRole('button', { name: 'Play', pressed: true }).waitFor();
    await shot(page, `generating-${side}`);
    const t0 = Date.now();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await statusMatching(page, /^Generating cancelled\.$/);
    // Not a speed target: a cancel that waited for the generation would take far longer.
    const ms = Date.now() - t0;
    assert.ok(ms < 5000, `cancel took ${ms} ms`);
    assert.equal(await page.locator('progress').count(), 0);
    await engineReady(page);
    assert.equal(await page.getByRole('button', { name: 'Generate', exact: true }).isEnabled(), true);
    await page.close();
  });
}

test('a 36x36 generation offers its puzzle so far in a 1280x800 window, and stopping keeps it on the board', async () => {
  const { page, errors } = await freshApp(env.context, env.url);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByLabel('Size', { exact: true }).selectOption('6');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  const keep = page.getByRole('button', { name: 'Stop and keep the puzzle so far' });
  await keep.waitFor({ timeout: 60_000 });
  await shot(page, 'generating-36-keep');
  // The progress bar, its count and Stop and keep share the status's first line, inside the
  // window, the bar wide enough to read.
  const area = await page.locator('.status-area').boundingBox();
  const bar = await page.locator('progress').boundingBox();
  const button = await keep.boundingBox();
  assert.ok(area.y + area.height <= 800, `status ends at ${area.y + area.height}`);
  assert.ok(button.y + button.height <= area.y + area.height, `keep at ${button.y}, status ${area.y}+${area.height}`);
  assert.ok(Math.abs(bar.y + bar.height / 2 - (button.y + button.height / 2)) < 8, 'bar beside the button');
  assert.ok(bar.width >= 40, `progress bar ${bar.width} px wide`);
  await keep.click();
  const text = await statusMatching(page, /^Stopped the generation/);
  // The button goes with the job; the focus goes to Cancel beside it, not the page's start.
  assert.equal(await page.evaluate(() => document.activeElement.className), 'cancel');
  const m = text.match(/^Stopped the generation and kept its puzzle so far: one solution, ([\d,]+) clues, not minimal yet/);
  assert.ok(m, text);
  const clues = Number(m[1].replace(/,/g, ''));
  // Removal has begun (fewer clues than cells) and the board holds exactly those givens.
  assert.ok(clues > 0 && clues < 36 * 36, text);
  assert.equal(await page.locator('.cell.given').count(), clues);
  assert.equal(await page.locator('.cell.conflict').count(), 0);
  assert.equal(await keep.count(), 0);
  assert.equal(await page.locator('progress').count(), 0);
  await engineReady(page);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a reload during a generation says the generation stopped, and the board is as before', async () => {
  const { page, errors } = await freshApp(env.context, env.url);
  // A 36x36 generation runs long enough to be under way at the reload.
  await page.getByLabel('Size', { exact: true }).selectOption('6');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await page.locator('progress').waitFor();
  await page.reload();
  await engineReady(page);
  await statusMatching(page, /^Generating stopped when the page was left or reloaded; the board is as it was before it began\.$/);
  assert.equal(await page.getByLabel('Size', { exact: true }).inputValue(), '6');
  assert.equal(await page.locator('.cell.given').count(), 0);
  assert.equal(await page.locator('progress').count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('typing in the seed field keeps the focus there, through a typo and its fix, and Enter generates', async () => {
  const { page } = await freshApp(env.context, env.url);
  const seed = page.getByLabel('Seed');
  const first = await seed.inputValue();
  await seed.focus();
  await page.keyboard.press('End');
  await page.keyboard.type('x');
  await statusMatching(page, new RegExp(`^'${first}x' is not a seed`));
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'seed');
  await page.keyboard.press('Backspace');
  assert.equal(await seed.inputValue(), first);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'seed');
  await page.keyboard.press('Enter');
  await statusMatching(page, new RegExp(`^Generated a 9x9 puzzle with \\d+ clues \\(seed ${first}, `));
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'seed');
  await page.close();
});
