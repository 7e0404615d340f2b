// End-to-end: importing (with errors), persistence across reloads and share links.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, freshApp, engineReady, cell, boardLabels, importText, statusMatching, shot } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const PUZZLE = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';

/** Pastes `text` as the browser would into whatever has the focus. */
async function paste(page, text) {
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    const target = document.activeElement ?? document.body;
    target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

test('pasting on the board imports the puzzle; pasting into a text field only types there', async () => {
  const { page } = await freshApp(env.context, env.url);
  await cell(page, 1, 1).click();
  await paste(page, PUZZLE);
  await statusMatching(page, /^Imported a 9x9 puzzle with 17 clues \(line format\)/);
  assert.equal(await page.locator('.cell.given').count(), 17);
  // Bad text pasted on the board changes nothing but the status.
  const before = await boardLabels(page);
  await cell(page, 2, 2).click();
  await paste(page, '12x');
  await statusMatching(page, /^Import failed: /);
  assert.deepEqual(await boardLabels(page), before);
  // In the seed field a paste is the field's own business.
  await page.getByLabel('Seed').focus();
  await paste(page, '.'.repeat(16));
  assert.equal(await page.getByRole('gridcell').count(), 81);
  await page.close();
});

test('an import that waited for a job and changed the size leaves the focus on the selected cell', async () => {
  const { page } = await freshApp(env.context, env.url);
  // A 36x36 generation runs for minutes, so the import has to wait for it.
  await page.getByLabel('Size', { exact: true }).selectOption('6');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await page.locator('progress').first().waitFor();
  await cell(page, 4, 4).click();
  await page.locator('#import-text').fill(PUZZLE);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await statusMatching(page, /The import waits until it finishes/);
  await cell(page, 4, 4).click();
  // Escape cancels without moving the focus: the import then rebuilds the board at 9x9.
  await page.keyboard.press('Escape');
  await statusMatching(page, /Then the import that waited: Imported a 9x9 puzzle/);
  await page.getByRole('gridcell', { name: /^Row 9, column 9,/ }).waitFor();
  const { active, selected } = await page.evaluate(() => ({
    active: document.activeElement?.id,
    selected: [...document.querySelectorAll('.cell.selected')].map((e) => e.id),
  }));
  assert.equal(selected.length, 1);
  assert.equal(active, selected[0]);
  await page.close();
});

test('a JSON file with an error shows the parser message and leaves the grid as it was', async () => {
  const { page } = await freshApp(env.context, env.url);
  await importText(page, PUZZLE);
  await cell(page, 1, 2).click();
  await page.keyboard.press('1');
  const before = await boardLabels(page);
  const bad = JSON.stringify({ dim: 3, fixed: { 1: { 3: 7 }, 2: { 10: 4 } } });
  await page.locator('input[type=file]').setInputFiles({
    name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(bad),
  });
  const text = await statusMatching(page, /^Import failed: /);
  assert.equal(text, 'Import failed: fixed["2"]["10"]: index 10 is out of range 1 to 9.');
  assert.deepEqual(await boardLabels(page), before);
  await shot(page, 'import-error');

  const good = JSON.stringify({ dim: 2, fixed: { 1: { 1: 1 } }, solved: { 4: { 4: 1 } } });
  await page.locator('input[type=file]').setInputFiles({
    name: 'small.json', mimeType: 'application/json', buffer: Buffer.from(good),
  });
  await statusMatching(page, /^Imported a 4x4 puzzle from small\.json with 1 clue \(JSON format\); playing, the clues are locked\.$/);
  assert.equal(await page.getByRole('gridcell').count(), 16);
  assert.equal(await cell(page, 4, 4).getAttribute('aria-label'), 'Row 4, column 4, 1');
  // The size picker follows the board, also when undo brings the old size back.
  assert.equal(await page.getByLabel('Size').inputValue(), '2');
  await page.keyboard.press('Control+z');
  await page.getByRole('gridcell', { name: 'Row 9, column 9, empty' }).waitFor();
  assert.equal(await page.getByLabel('Size').inputValue(), '3');
  await page.close();
});

test('the grid, mode and settings survive a reload', async () => {
  const { page } = await freshApp(env.context, env.url);
  await importText(page, PUZZLE);
  await cell(page, 1, 2).click();
  await page.keyboard.press('1');
  await page.getByLabel('Seed').fill('77');
  await page.getByLabel('Seed').blur();
  const before = await boardLabels(page);
  await page.reload();
  await engineReady(page);
  assert.deepEqual(await boardLabels(page), before);
  assert.equal(await cell(page, 1, 2).getAttribute('aria-label'), 'Row 1, column 2, 1');
  assert.equal(await page.getByLabel('Seed').inputValue(), '77');
  assert.equal(await page.getByRole('button', { name: 'Play' }).getAttribute('aria-pressed'), 'true');
  await page.close();
});

test('a share link opens the same puzzle in a fresh page, then leaves the address', async () => {
  const { page } = await freshApp(env.context, env.url);
  await importText(page, PUZZLE);
  await page.getByLabel(/^Puzzle text/).fill('a draft');
  await page.getByRole('button', { name: 'Copy link' }).click();
  const link = await page.getByLabel('Share link').inputValue();
  // The link's box appears without rebuilding what was there: the draft and the focus stay.
  assert.equal(await page.getByLabel(/^Puzzle text/).inputValue(), 'a draft');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Copy link');
  assert.ok(link.startsWith(env.url) && link.includes('#p='), link);
  const givens = await boardLabels(page);
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await page.close();

  const other = await env.context.newPage();
  await other.goto(link);
  await engineReady(other);
  assert.deepEqual(await boardLabels(other), givens);
  await statusMatching(other, /^Opened the shared 9x9 puzzle with 17 clues/);
  assert.equal(new URL(other.url()).hash, '', 'a reload restores the saved state, not the link');

  // The same link followed in a tab that already shows the app changes only the fragment.
  await other.getByRole('button', { name: 'Clear', exact: true }).click();
  await other.getByRole('gridcell', { name: 'Row 1, column 1, empty' }).waitFor();
  await other.goto(link);
  await statusMatching(other, /^Opened the shared 9x9 puzzle with 17 clues/);
  assert.deepEqual(await boardLabels(other), givens);
  assert.equal(new URL(other.url()).hash, '');

  // Givens that clash make no link: it could not be opened.
  await other.getByRole('button', { name: 'Enter clues' }).click();
  await cell(other, 1, 2).click();
  await other.keyboard.press('4');
  await other.getByRole('button', { name: 'Copy link' }).click();
  await statusMatching(other, /^The clues clash \(.*\); a file or link with them could not be opened again\. Fix the clash first\.$/);
  assert.equal(await other.getByLabel('Share link').count(), 0);
  await other.keyboard.press('Control+z');

  // A damaged link says so and leaves the board alone.
  await other.goto(`${env.url}#p=%ZZ`);
  await statusMatching(other, /^Import failed: the share link is damaged \(its puzzle is not valid URL encoding\)\.$/);
  assert.deepEqual(await boardLabels(other), givens);
  await other.close();
});

test('the puzzle downloads as text (clues only) and JSON (with its solution), its models as DIMACS and LP', async () => {
  const { page } = await freshApp(env.context, env.url);
  await importText(page, PUZZLE);
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await statusMatching(page, /^Unique solution/);
  const fetch = async (name) => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name, exact: true }).click(),
    ]);
    const chunks = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk);
    return { file: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
  };
  assert.deepEqual(await fetch('Download text'), { file: 'sudoku.txt', text: `${PUZZLE}\n` });
  const json = await fetch('Download JSON');
  assert.equal(json.file, 'sudoku.json');
  const doc = JSON.parse(json.text);
  const count = (section) => Object.values(section).reduce((n, row) => n + Object.keys(row).length, 0);
  assert.deepEqual([doc.dim, count(doc.fixed), count(doc.solved)], [3, 17, 64]);

  const cnf = await fetch('Export DIMACS');
  assert.equal(cnf.file, 'sudoku.cnf');
  const header = cnf.text.split('\n').find((l) => l.startsWith('p cnf '));
  const [, , vars, clauses] = header.split(' ').map(Number);
  // The model is reduced by the givens: a variable per placement they leave open, each named
  // in a comment line, so fewer than the 729 of the whole grid.
  const placements = cnf.text.split('\n').filter((l) => l.startsWith('c x ')).length;
  assert.ok(placements > 0 && placements < 729 && placements <= vars, header);
  assert.equal(cnf.text.split('\n').filter((l) => /^-?\d/.test(l)).length, clauses);
  await statusMatching(page, /^Exported the model as DIMACS \([\d,]+ lines\)\.$/);

  const lp = await fetch('Export LP');
  assert.equal(lp.file, 'sudoku.lp');
  assert.match(lp.text, /^\\ sudoku-lab MIP model of a 9x9 puzzle/);
  assert.match(lp.text, /^End\s*$/m);
  await page.close();
});
