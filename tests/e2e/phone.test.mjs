// End-to-end: a phone's first screen holds still and holds what a player needs: selecting a
// cell moves no control (nor on a desktop), and on a small phone (360x740) Undo and a new
// puzzle are there without scrolling, at every size.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, freshApp, engineReady, cell, shot } from './browser.mjs';

const PHONES = [{ width: 390, height: 844 }, { width: 360, height: 740 }];
const SMALL = PHONES[1];
const DESKTOP = { width: 1280, height: 800 };

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

/** Where the controls under the board are: Generate, the number pad and Undo, in page pixels. */
function where(page) {
  const parts = {
    Generate: page.getByRole('button', { name: 'Generate', exact: true }),
    pad: page.getByRole('group', { name: 'Number pad' }),
    Undo: page.getByRole('button', { name: 'Undo', exact: true }),
  };
  return Promise.all(Object.entries(parts).map(async ([name, part]) => {
    const { x, y, width, height } = await part.boundingBox();
    return { name, x, y, width, height };
  }));
}

async function sizeTo(page, size) {
  await page.getByLabel('Size').selectOption(size);
  const side = Number(size.split('x')[0]);
  await cell(page, side, side).waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  return side;
}

test('selecting a cell moves no control, on a phone or a desktop, with or without notes to list', async () => {
  const { page, errors } = await freshApp(env.context, env.url);
  const auto = page.getByRole('switch', { name: 'Auto candidates' });
  for (const phone of [...PHONES, DESKTOP]) {
    await page.setViewportSize(phone);
    for (const size of ['9x9', '16x16', '25x25', '36x36']) {
      for (const notes of [false, true]) {
        // A reload starts with no cell selected (the board and its size are kept).
        await page.reload();
        await engineReady(page);
        const side = await sizeTo(page, size);
        if (notes !== (await auto.getAttribute('aria-checked') === 'true')) await auto.click();
        const before = await where(page);
        // A cell in the middle of the first row: with Auto candidates on an empty board, it
        // lists every digit of the grid.
        await cell(page, 1, Math.ceil(side / 2)).click();
        assert.equal(await cell(page, 1, Math.ceil(side / 2)).getAttribute('aria-selected'), 'true');
        await page.evaluate(() => window.scrollTo(0, 0));
        assert.deepEqual(await where(page), before, `${phone.width}x${phone.height}, ${size}, notes ${notes}`);
        if (side > 16) {
          // Where the cells are too small to show them, the selected cell's notes are listed.
          const listed = page.locator('.cell-notes');
          assert.match(await listed.innerText(), notes ? /1 2 3/ : /none/, `${size}`);
          assert.ok(await listed.isVisible(), `${size}: the notes listed in view`);
          await shot(page, `notes-listed-${phone.width}-${side}${notes ? '-auto' : ''}`);
        }
      }
    }
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('on a 360x740 phone Undo and a new puzzle are on the first screen at every size, every control 44 px tall', async () => {
  const { page, errors } = await freshApp(env.context, env.url);
  await page.setViewportSize(SMALL);
  const button = (name) => page.getByRole('button', { name, exact: true });
  for (const size of ['9x9', '16x16', '25x25', '36x36', '49x49']) {
    const side = await sizeTo(page, size);
    for (const name of ['Undo', 'Generate', 'Erase', 'Digit 1']) {
      const box = await button(name).boundingBox();
      assert.ok(box.y >= 0 && box.y + box.height <= SMALL.height, `${size}: ${name} on the first screen: ${JSON.stringify(box)}`);
    }
    const short = await page.locator('button, select, input[type="text"]').evaluateAll((all) => all
      .filter((e) => e.checkVisibility() && e.getBoundingClientRect().height < 44)
      .map((e) => e.getAttribute('aria-label') || e.id || e.textContent));
    assert.deepEqual(short, [], `${size}: controls under 44 px`);
    // The board as wide as the phone up to 16x16; from 25x25 it gives up 40 px of its 340
    // for the pad's third row (static/style.css).
    const grid = page.getByRole('grid', { name: 'Sudoku board' });
    const board = await grid.boundingBox();
    const least = side > 16 ? 299 : SMALL.width - 21;
    assert.ok(board.width >= least, `${size}: the board ${board.width} px wide`);
    await shot(page, `phone-360-${side}`);
    if (side > 25) {
      // The pad shows three rows of ten and scrolls inside them: its last digit comes into
      // view there, the page and the board staying where they were, and takes a tap.
      const pad = await page.locator('.pad-digits').boundingBox();
      assert.ok(pad.height <= 3 * 44 + 2 * 2 + 0.5, `${size}: the pad's rows in view ${JSON.stringify(pad)}`);
      const last = button(`Digit ${side}`);
      await last.scrollIntoViewIfNeeded();
      const box = await last.boundingBox();
      assert.ok(box.y >= pad.y - 0.5 && box.y + box.height <= pad.y + pad.height + 0.5, `${size}: Digit ${side} in the pad's view ${JSON.stringify(box)}`);
      assert.equal(await page.evaluate(() => window.scrollY), 0, `${size}: the page did not scroll`);
      assert.deepEqual(await grid.boundingBox(), board);
      const digits = await page.locator('.pad-digits button').evaluateAll((all) => all.map((b) => b.getBoundingClientRect().width));
      assert.ok(Math.min(...digits) >= 27, `${size}: pad widths ${digits}`);
      await cell(page, 1, 1).click();
      await last.click();
      await page.getByRole('gridcell', { name: `Row 1, column 1, clue ${side}`, exact: true }).waitFor();
      await button('Undo').click();
      await shot(page, `phone-360-${side}-pad-end`);
    }
  }
  assert.deepEqual(errors, []);
  await page.close();
});
