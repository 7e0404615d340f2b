// End-to-end: the page's layout as a player meets it: a phone's first screen, the Lab switch,
// zoom and pan on big boards (buttons, Ctrl+wheel and a pinch of two fingers), with
// screenshots at phone and desktop sizes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, launchPhone, freshApp, cell, importText, statusMatching, shot, ROOT } from './browser.mjs';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

/** A 49x49 puzzle: a pattern solution with a third of its cells emptied (singles all the way). */
function puzzle49() {
  const n = 7, side = 49;
  const cells = [];
  for (let r = 0; r < side; r++) {
    for (let c = 0; c < side; c++) {
      const v = ((r % n) * n + Math.floor(r / n) + c) % side + 1;
      cells.push((r * 31 + c * 17) % 3 === 0 ? 0 : v);
    }
  }
  return cells.join(' ');
}

/** The rectangles of the visible buttons and form fields of the page, in page coordinates. */
async function controls(page) {
  return page.locator('button, select, input, textarea').evaluateAll((all) => all
    .filter((e) => e.checkVisibility())
    .map((e) => {
      const r = e.getBoundingClientRect();
      return { name: e.getAttribute('aria-label') || e.id || e.textContent, top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    }));
}

test('on a phone the first screen is for playing, the lab one tap away, the status covering nothing', async () => {
  const { page, errors } = await freshApp(env.context, env.url);
  await page.setViewportSize(PHONE);
  await page.evaluate(() => window.scrollTo(0, 0));
  // New puzzle with its difficulty, the play tools and the whole pad, without scrolling.
  const first = [
    page.getByLabel('Difficulty', { exact: true }),
    page.getByRole('button', { name: 'Generate', exact: true }),
    page.getByRole('button', { name: 'Notes', exact: true }),
    page.getByRole('button', { name: 'Hint', exact: true }),
    page.getByRole('button', { name: 'Undo', exact: true }),
    page.getByRole('button', { name: 'Digit 9', exact: true }),
    page.getByRole('button', { name: 'Erase', exact: true }),
    page.getByRole('grid', { name: 'Sudoku board' }),
  ];
  for (const control of first) {
    const box = await control.boundingBox();
    assert.ok(box && box.y >= 0 && box.y + box.height <= PHONE.height && box.x + box.width <= PHONE.width,
      `${control} is on the first screen: ${JSON.stringify(box)}`);
  }
  // The lab waits behind its switch.
  const lab = page.getByRole('button', { name: 'Lab', exact: true });
  assert.equal(await lab.getAttribute('aria-expanded'), 'false');
  assert.equal(await page.getByRole('button', { name: 'Solve', exact: true }).isVisible(), false);
  await shot(page, 'phone-first-9');
  await lab.click();
  assert.equal(await lab.getAttribute('aria-expanded'), 'true');
  for (const name of ['Solve', 'Count solutions', 'Check', 'Compare', 'Import', 'Copy link']) {
    assert.ok(await page.getByRole('button', { name, exact: true }).isVisible(), name);
  }
  assert.ok(await page.getByRole('radio', { name: 'Propagation', exact: true }).isVisible());
  // A file opened down in the lab: what the import did is said under the board, which comes
  // into view.
  const open = page.locator('.file', { hasText: 'Open file' });
  await open.scrollIntoViewIfNeeded();
  await open.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello world\n') });
  await statusMatching(page, /^Import failed/);
  const refused = await page.locator('.status-area').boundingBox();
  assert.ok(refused.y >= 0 && refused.y + refused.height <= PHONE.height, `the refusal in view: ${JSON.stringify(refused)}`);
  // A long answer in the status: it scrolls inside the status, it never lies over a control.
  await importText(page, '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......');
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await statusMatching(page, /^Unique solution/);
  // Solve is down in the lab; its answer, in the status under the board, comes into view.
  const said = await page.locator('.status-area').boundingBox();
  assert.ok(said.y >= 0 && said.y + said.height <= PHONE.height, `the answer in view: ${JSON.stringify(said)}`);
  for (const y of [0, 300, 600, 900]) {
    await page.evaluate((y) => window.scrollTo(0, y), y);
    const area = await page.locator('.status-area').boundingBox();
    const under = (await controls(page)).filter((c) => c.bottom > area.y && c.top < area.y + area.height
      && c.right > area.x && c.left < area.x + area.width);
    assert.deepEqual(under, [], `scrolled to ${y}`);
  }
  // Nothing is wider than the phone.
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= PHONE.width);
  assert.deepEqual(errors, []);
  await page.close();
});

/** The visible controls a finger or a pointer takes, with their sizes, in viewport coordinates. */
async function targets(page) {
  return page.locator('button, select, input[type="text"], .file, .formulations label, summary').evaluateAll((all) => all
    .filter((e) => e.checkVisibility())
    .map((e) => {
      const r = e.getBoundingClientRect();
      return { name: e.getAttribute('aria-label') || e.id || e.textContent.trim(), top: r.top, height: r.height, width: r.width };
    }));
}

test('on a phone every control is at least 44 px tall, and the first screen holds what the README says at each size', async () => {
  const { page, errors } = await freshApp(env.context, env.url);
  await page.setViewportSize(PHONE);
  const button = (name) => page.getByRole('button', { name, exact: true });
  const newPuzzle = [page.getByLabel('Difficulty', { exact: true }), button('Generate')];
  // From 16x16 the zoom buttons take a row; from 36x36 the pad shows three rows of ten and
  // scrolls inside them, so Undo and the new puzzle stay on the first screen.
  const below = {
    '9x9': [button('Erase'), button('Undo'), ...newPuzzle],
    '16x16': [button('Erase'), button('Undo'), ...newPuzzle],
    '25x25': [button('Erase'), button('Undo'), ...newPuzzle],
    '36x36': [button('Erase'), button('Undo'), ...newPuzzle],
    '49x49': [button('Erase'), button('Undo'), ...newPuzzle],
  };
  for (const [size, more] of Object.entries(below)) {
    await page.getByLabel('Size').selectOption(size);
    const side = Number(size.split('x')[0]);
    await cell(page, side, side).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    const short = (await targets(page)).filter((t) => t.height < 44);
    assert.deepEqual(short, [], `${size}: controls under 44 px`);
    const pad = page.getByRole('group', { name: 'Number pad' });
    for (const part of [page.getByRole('grid', { name: 'Sudoku board' }), page.locator('.status-area'),
      button('Notes'), button('Hint'), button('Digit 1'), ...more]) {
      const box = await part.boundingBox();
      assert.ok(box.y >= 0 && box.y + box.height <= PHONE.height, `${size}: ${part} on the first screen: ${JSON.stringify(box)}`);
    }
    // The pad's digits are buttons a finger can tell apart: at least 30 px wide.
    const digits = await pad.getByRole('button').evaluateAll((all) => all.map((b) => b.getBoundingClientRect().width));
    assert.ok(Math.min(...digits) >= 30, `${size}: pad widths ${digits}`);
    // The board as wide as the phone allows: a 25x25 cell is 14.6 px.
    const board = await page.getByRole('grid', { name: 'Sudoku board' }).boundingBox();
    assert.ok(board.width >= PHONE.width - 21, `${size}: the board ${board.width} px wide`);
  }
  await page.getByLabel('Size').selectOption('9x9');
  await page.getByRole('button', { name: 'Lab', exact: true }).click();
  const short = (await targets(page)).filter((t) => t.height < 44);
  assert.deepEqual(short, [], 'the lab\'s controls under 44 px');
  await shot(page, 'phone-lab-targets');
  assert.deepEqual(errors, []);
  await page.close();
});

test('on a phone a new puzzle\'s answer of several lines leaves the controls where they were, its words all there', async () => {
  const { page, errors } = await freshApp(env.context, env.url);
  const button = (name) => page.getByRole('button', { name, exact: true });
  const parts = ['Generate', 'Notes', 'Hint', 'Digit 1', 'Undo'];
  for (const width of [PHONE.width, 360]) {
    await page.setViewportSize({ width, height: PHONE.height });
    await page.evaluate(() => window.scrollTo(0, 0));
    const where = () => Promise.all(parts.map(async (name) => (await button(name).boundingBox()).y));
    const before = await where();
    await page.getByLabel('Difficulty', { exact: true }).selectOption('Easy');
    await button('Generate').click();
    const said = await statusMatching(page, /^Easy puzzle, \d+ clues, seed \d+ .*for a new one\.$/, 120_000);
    await page.evaluate(() => window.scrollTo(0, 0));
    // The clock now counts in the board's top row, beside the size, the mode and the Lab switch.
    await page.locator('.game-clock .clock').waitFor();
    assert.deepEqual(await where(), before, `${width}: ${parts} at ${before}, after "${said}"`);
    const toolbar = await page.locator('.toolbar').boundingBox();
    const lab = await button('Lab').boundingBox();
    assert.ok(toolbar.height <= 44 && Math.abs(lab.y - toolbar.y) < 1, `${width}: one row ${JSON.stringify([toolbar, lab])}`);
    // The answer is longer than the status shows: the rest scrolls inside it, and its last
    // words come into view there.
    const area = page.locator('.status-area');
    const [scrolls, last] = await area.evaluate((a) => {
      const scrolls = a.scrollHeight > a.clientHeight + 1;
      a.scrollTop = a.scrollHeight;
      const range = document.createRange();
      const text = a.querySelector('[role=status]').firstChild;
      range.setStart(text, text.length - 1);
      range.setEnd(text, text.length);
      const end = range.getBoundingClientRect(), box = a.getBoundingClientRect();
      return [scrolls, end.bottom <= box.bottom && end.top >= box.top];
    });
    assert.ok(scrolls && last, `${width}: scrolls ${scrolls}, last words in view ${last}`);
    await shot(page, `phone-generated-${width}`);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('on a phone the 9x9 pad is one row: nine digits at least 30 px wide, then Erase with its whole word; the play tools one row too', async () => {
  const { page, errors } = await freshApp(env.context, env.url);
  for (const width of [PHONE.width, 360]) {
    await page.setViewportSize({ width, height: PHONE.height });
    const pad = page.getByRole('group', { name: 'Number pad' });
    const boxes = await pad.getByRole('button').evaluateAll((all) => all.map((b) => {
      const r = b.getBoundingClientRect();
      return { name: b.getAttribute('aria-label') || b.textContent, top: r.top, width: r.width, height: r.height, clipped: b.scrollWidth > b.clientWidth };
    }));
    assert.equal(boxes.length, 10);
    assert.deepEqual(new Set(boxes.map((b) => b.top)).size, 1, `${width}: one row: ${JSON.stringify(boxes)}`);
    assert.ok(boxes.every((b) => b.height >= 44), `${width}: heights ${JSON.stringify(boxes)}`);
    assert.ok(boxes.slice(0, 9).every((b) => b.width >= 30), `${width}: digit widths ${JSON.stringify(boxes)}`);
    const erase = boxes[9];
    assert.ok(erase.name === 'Erase' && !erase.clipped, `${width}: ${JSON.stringify(erase)}`);
    // So are the play tools above it: Notes, Auto candidates, Hint, Apply hint.
    const play = await page.getByRole('group', { name: 'Play' }).locator('button').evaluateAll((all) =>
      all.map((b) => b.getBoundingClientRect().top));
    assert.deepEqual(new Set(play).size, 1, `${width}: the play tools in one row: ${play}`);
    // The pad ends within the page.
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= width);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('at 1280x800 the status stays in the window, a new puzzle\'s answer and Auto candidates\' whole', async () => {
  const { page, errors } = await freshApp(env.context, env.url);
  await page.setViewportSize(DESKTOP);
  const button = (name) => page.getByRole('button', { name, exact: true });
  const auto = page.getByRole('switch', { name: 'Auto candidates' });
  const area = page.locator('.status-area');
  /** The status area's box, and whether its text shows whole (or, longer, scrolls inside it). */
  const seen = () => area.evaluate((a) => {
    const r = a.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, whole: a.scrollHeight <= a.clientHeight + 1 };
  });
  for (const size of ['9x9', '16x16', '25x25', '36x36', '49x49']) {
    await page.getByLabel('Size').selectOption(size);
    const side = Number(size.split('x')[0]);
    await cell(page, side, side).waitFor();
    await page.getByLabel('Difficulty', { exact: true }).selectOption('Easy');
    await button('Generate').click();
    await statusMatching(page, /^Easy puzzle, [\d,]+ clues/, 120_000);
    await page.evaluate(() => window.scrollTo(0, 0));
    const generated = await seen();
    assert.ok(generated.top >= 0 && generated.bottom <= DESKTOP.height, `${size}, generated: ${JSON.stringify(generated)}`);
    if ((await auto.getAttribute('aria-checked')) === 'true') await auto.click();
    await auto.click();
    await statusMatching(page, /^Auto candidates: every empty cell/);
    const candidates = await seen();
    assert.ok(candidates.top >= 0 && candidates.bottom <= DESKTOP.height && candidates.whole,
      `${size}, Auto candidates: ${JSON.stringify(candidates)}`);
    await shot(page, `desktop-1280-${side}-auto`);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('a 1440x900 window shows the board, the pad and the main actions without scrolling', async () => {
  const { page, errors } = await freshApp(env.context, env.url);
  const WIDE = { width: 1440, height: 900 };
  await page.setViewportSize(WIDE);
  const seen = [
    page.getByRole('grid', { name: 'Sudoku board' }),
    page.getByRole('status'),
    page.getByLabel('Size'),
    page.getByRole('button', { name: 'Play', exact: true }),
    page.getByRole('radio', { name: 'Propagation', exact: true }),
    page.getByRole('radio', { name: 'MIP', exact: true }),
    page.getByRole('button', { name: 'Solve', exact: true }),
    page.getByRole('button', { name: 'Check', exact: true }),
    page.getByRole('button', { name: 'Compare', exact: true }),
    page.getByLabel('Difficulty', { exact: true }),
    page.getByRole('button', { name: 'Generate', exact: true }),
    page.getByRole('button', { name: 'Notes', exact: true }),
    page.getByRole('button', { name: 'Hint', exact: true }),
    page.getByRole('button', { name: 'Undo', exact: true }),
    page.getByRole('group', { name: 'Number pad' }),
  ];
  for (const size of ['9x9', '16x16', '25x25']) {
    await page.getByLabel('Size').selectOption(size);
    const side = Number(size.split('x')[0]);
    await cell(page, side, side).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const part of seen) {
      const box = await part.boundingBox();
      assert.ok(box && box.y >= 0 && box.y + box.height <= WIDE.height && box.x + box.width <= WIDE.width,
        `${size}: ${part} in the window: ${JSON.stringify(box)}`);
    }
    // The board stays the largest thing on the page.
    assert.ok((await seen[0].boundingBox()).width >= 600, size);
    await shot(page, `desktop-1440-${side}`);
  }
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= WIDE.width);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a 1024x768 tablet shows the board, the pad, the play tools and the lab\'s actions without scrolling', async () => {
  const TABLET = { width: 1024, height: 768 };
  // With a mouse the controls are 36 px tall; on a touch screen 44 px, so the board leaves more room.
  const mouse = await freshApp(env.context, env.url);
  const touch = await launchPhone(TABLET);
  try {
    const finger = await freshApp(touch.context, env.url);
    for (const [{ page, errors }, sizes, kind] of [[mouse, ['9x9', '16x16', '25x25'], 'mouse'], [finger, ['9x9', '16x16'], 'touch']]) {
      await page.setViewportSize(TABLET);
      const button = (name) => page.getByRole('button', { name, exact: true });
      for (const size of sizes) {
        await page.getByLabel('Size').selectOption(size);
        const side = Number(size.split('x')[0]);
        await cell(page, side, side).waitFor();
        await page.evaluate(() => window.scrollTo(0, 0));
        for (const part of [page.getByRole('grid', { name: 'Sudoku board' }), page.locator('.status-area'),
          button('Notes'), button('Hint'), page.getByRole('group', { name: 'Number pad' }), button('Erase'),
          button('Undo'), button('Solve'), button('Check')]) {
          const box = await part.boundingBox();
          assert.ok(box.y >= 0 && box.y + box.height <= TABLET.height && box.x + box.width <= TABLET.width,
            `${kind}, ${size}: ${part} in the window: ${JSON.stringify(box)}`);
        }
        const board = await page.getByRole('grid', { name: 'Sudoku board' }).boundingBox();
        assert.ok(board.width >= 320, `${kind}, ${size}: the board ${board.width} px`);
        await shot(page, `tablet-${kind}-${side}`);
      }
      assert.deepEqual(errors, []);
      await page.close();
    }
  } finally {
    await touch.close();
  }
});

/** The narrowest window with the board, its play tools and the lab in three columns
 * (static/style.css): below it the tools sit under the board. */
const THREE_COLUMNS = 1280;

test('the board never shrinks as the window widens into the three columns', async () => {
  const { page, errors } = await freshApp(env.context, env.url);
  for (const height of [768, 800, 900, 1100]) {
    for (const size of ['9x9', '25x25']) {
      let last;
      for (const width of [1000, 1099, 1100, 1200, THREE_COLUMNS - 1, THREE_COLUMNS, 1360, 1440]) {
        await page.setViewportSize({ width, height });
        await page.getByLabel('Size').selectOption(size);
        const side = Number(size.split('x')[0]);
        await cell(page, side, side).waitFor();
        const board = (await page.getByRole('grid', { name: 'Sudoku board' }).boundingBox()).width;
        assert.ok(!last || board >= last.board - 0.5,
          `${size}: the board ${board} px wide at ${width}x${height}, ${last?.board} px at ${last?.width}x${height}`);
        last = { width, board };
      }
    }
  }
  // In the three columns, at their narrowest, the tools keep their gap to the lab.
  await page.setViewportSize({ width: THREE_COLUMNS, height: 900 });
  for (const size of ['9x9', '25x25']) {
    await page.getByLabel('Size').selectOption(size);
    const [tools, lab] = await page.evaluate(() => ['.play-side', '.panel'].map((s) => document.querySelector(s).getBoundingClientRect()));
    assert.ok(tools.right + 20 <= lab.left + 0.5, `${size}: the tools end at ${tools.right}, the lab starts at ${lab.left}`);
  }
  await page.setViewportSize({ width: 1100, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'desktop-1100');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a 49x49 board zooms on a phone until a cell is 44 px, pans to the selected cell and takes a tap', async () => {
  const { page, errors } = await freshApp(env.context, env.url);
  // A no-guess puzzle with about half its cells given (`generate --box 7 --no-guess --seed 1`).
  await importText(page, readFileSync(join(ROOT, 'tests', 'e2e', 'no-guess-49.txt'), 'utf8'));
  await statusMatching(page, /49x49/);
  await page.setViewportSize(PHONE);
  const width = async (r, c) => (await cell(page, r, c).boundingBox()).width;
  assert.ok(await width(1, 1) < 10, 'fitted, a 49x49 cell on a phone is small');
  await cell(page, 30, 30).click();
  const zoomIn = page.getByRole('button', { name: 'Zoom in', exact: true });
  while (await width(30, 30) < 44) {
    assert.equal(await zoomIn.getAttribute('aria-disabled'), 'false', 'zoom goes far enough');
    await zoomIn.click();
  }
  // The selected cell is in view inside the frame, and the page no wider than the phone.
  const frame = await page.locator('.board-frame').boundingBox();
  const inView = async (r, c) => {
    const box = await cell(page, r, c).boundingBox();
    return box.x >= frame.x && box.x + box.width <= frame.x + frame.width
      && box.y >= frame.y && box.y + box.height <= frame.y + frame.height;
  };
  assert.ok(await inView(30, 30), 'the selected cell is in view');
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= PHONE.width);
  // A tap on an empty neighbour where it is on screen, with no scrolling by the test.
  let target;
  for (const [r, c] of [[30, 31], [31, 30], [31, 31], [29, 30], [30, 29], [29, 29], [29, 31], [31, 29]]) {
    if (/, empty$/.test(await cell(page, r, c).getAttribute('aria-label'))) { target = [r, c]; break; }
  }
  assert.ok(target, 'an empty cell next to r30c30');
  const [r, c] = target;
  assert.ok(await inView(r, c));
  const box = await cell(page, r, c).boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  assert.equal(await cell(page, r, c).getAttribute('aria-selected'), 'true');
  await page.getByRole('button', { name: 'Digit 42', exact: true }).click();
  await page.getByRole('gridcell', { name: new RegExp(`^Row ${r}, column ${c}, 42`) }).waitFor();
  // Arrows move the selection past the edge of the view, and the view follows.
  await cell(page, r, c).focus();
  for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowRight');
  assert.equal(await cell(page, r, c + 8).getAttribute('aria-selected'), 'true');
  assert.ok(await inView(r, c + 8), 'the view follows the selection');
  await page.keyboard.press('ArrowLeft');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'phone-49-zoom');
  // Whole board brings it back to the frame.
  await page.getByRole('button', { name: 'Whole board', exact: true }).click();
  assert.ok(await width(1, 1) < 10);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a solved 49x49 board fits a desktop window and a phone with no number clipped; Ctrl+wheel zooms', async () => {
  const { page, errors } = await freshApp(env.context, env.url);
  await page.setViewportSize(DESKTOP);
  await importText(page, puzzle49());
  await statusMatching(page, /49x49/);
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await statusMatching(page, /^Unique solution/, 120_000);
  const board = await page.getByRole('grid', { name: 'Sudoku board' }).boundingBox();
  assert.ok(board.y + board.height <= DESKTOP.height, JSON.stringify(board));
  const clipped = () => page.locator('.cell.solved, .cell.given').evaluateAll((cells) =>
    cells.filter((c) => c.scrollWidth > c.clientWidth || c.scrollHeight > c.clientHeight).length);
  assert.ok(await page.locator('.cell.solved').count() > 0);
  assert.equal(await clipped(), 0);
  await cell(page, 1, 1).click();
  await shot(page, 'desktop-49');
  // On a phone a fitted 49x49 cell is 7 px, too small for two digits: one step of zoom makes
  // room for them.
  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: 'Zoom in', exact: true }).click();
  assert.equal(await clipped(), 0);
  await page.getByRole('button', { name: 'Whole board', exact: true }).click();
  await page.setViewportSize(DESKTOP);
  // Ctrl+wheel over the board zooms it (a trackpad's pinch arrives so).
  const before = (await cell(page, 1, 1).boundingBox()).width;
  // Where the board is now: importing may have scrolled the page to the lab's import box.
  const now = await page.getByRole('grid', { name: 'Sudoku board' }).boundingBox();
  await page.mouse.move(now.x + 100, now.y + 100);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -120);
  await page.keyboard.up('Control');
  await page.waitForFunction((w) => document.getElementById('cell-0-0').getBoundingClientRect().width > w * 1.2, before);
  assert.deepEqual(errors, []);
  await page.close();
});

/** Touches through CDP, as a phone's touch screen sends them: `points` are the fingers down. */
function fingers(page) {
  const cdp = page.context().newCDPSession(page);
  const send = async (type, points) => (await cdp).send('Input.dispatchTouchEvent', {
    type, touchPoints: points.map(([x, y], id) => ({ x, y, id, radiusX: 1, radiusY: 1 })),
  });
  return {
    /** Two fingers at `from` px apart about (x, y), moved apart (or together) to `to` px. */
    async pinch(x, y, from, to) {
      const at = (d) => [[x - d / 2, y], [x + d / 2, y]];
      await send('touchStart', at(from));
      for (let i = 1; i <= 10; i++) await send('touchMove', at(from + ((to - from) * i) / 10));
      await send('touchEnd', []);
    },
    /** One finger from (x, y) dragged by (dx, dy). */
    async drag(x, y, dx, dy) {
      await send('touchStart', [[x, y]]);
      for (let i = 1; i <= 10; i++) await send('touchMove', [[x + (dx * i) / 10, y + (dy * i) / 10]]);
      await send('touchEnd', []);
    },
    async tap(x, y) {
      await send('touchStart', [[x, y]]);
      await send('touchEnd', []);
    },
  };
}

test('on a touch screen two fingers pinch a big board in and out, one pans it, and a tap selects', async () => {
  const phone = await launchPhone(PHONE);
  try {
    const { page, errors } = await freshApp(phone.context, env.url);
    const frame = page.locator('.board-frame');
    // At 9x9 the board does not zoom, so the browser keeps its own page zoom there.
    assert.equal(await frame.evaluate((f) => getComputedStyle(f).touchAction), 'auto');
    await page.getByLabel('Size').selectOption('49x49');
    await page.getByRole('gridcell', { name: 'Row 49, column 49, empty', exact: true }).waitFor();
    assert.equal(await frame.evaluate((f) => getComputedStyle(f).touchAction), 'pan-x pan-y');
    const width = async () => (await cell(page, 25, 25).boundingBox()).width;
    const fitted = await width();
    assert.ok(fitted < 10, `fitted, a 49x49 cell on a phone is small: ${fitted}`);
    const touch = fingers(page);
    const box = await frame.boundingBox();
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    const under = () => page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('[role=gridcell]')?.id, [x, y]);
    const before = await under();

    // Fingers spread four times as far apart: the board zooms in about as much, the same
    // level the buttons set, the cell between the fingers stays under them, and the page
    // itself is not zoomed by the browser.
    await touch.pinch(x, y, 60, 240);
    await page.waitForFunction((w) => document.getElementById('cell-24-24').getBoundingClientRect().width > w * 3, fitted);
    const zoomed = await width();
    assert.equal(await page.locator('.zoom-level').innerText(), '4.5x');
    assert.equal(await page.evaluate(() => window.visualViewport.scale), 1, 'no page zoom');
    const after = await under();
    const near = (a, b) => {
      const [, ra, ca] = a.split('-').map(Number), [, rb, cb] = b.split('-').map(Number);
      return Math.abs(ra - rb) <= 1 && Math.abs(ca - cb) <= 1;
    };
    assert.ok(near(before, after), `the pinched point stays put: ${before} then ${after}`);

    // One finger pans the zoomed board.
    const scrolled = () => frame.evaluate((f) => [f.scrollLeft, f.scrollTop]);
    const [left, top] = await scrolled();
    await touch.drag(x, y, -120, -120);
    await page.waitForFunction(([l, t]) => {
      const f = document.querySelector('.board-frame');
      return f.scrollLeft > l + 50 && f.scrollTop > t + 50;
    }, [left, top]);
    assert.equal(await page.locator('.zoom-level').innerText(), '4.5x', 'a drag does not zoom');
    // The drag may fling on; a tap while the board still moves would only stop it.
    for (let last = await scrolled(); ;) {
      await page.waitForTimeout(300);
      const now = await scrolled();
      if (now[0] === last[0] && now[1] === last[1]) break;
      last = now;
    }

    // A tap still selects the cell under the finger, zoomed as it is.
    const target = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('[role=gridcell]')?.id, [x, y]);
    const [, r, c] = target.split('-').map(Number);
    await touch.tap(x, y);
    await page.waitForFunction((id) => document.getElementById(id).getAttribute('aria-selected') === 'true', target);
    await page.getByRole('button', { name: 'Digit 7', exact: true }).click();
    // An empty board takes clues.
    await page.getByRole('gridcell', { name: `Row ${r + 1}, column ${c + 1}, clue 7`, exact: true }).waitFor();

    // Fingers closing in zoom back out, down to the whole board.
    await touch.pinch(x, y, 240, 40);
    await page.waitForFunction((w) => document.getElementById('cell-24-24').getBoundingClientRect().width < w / 3, zoomed);
    assert.equal(await page.locator('.zoom-level').innerText(), '1x');
    assert.ok(Math.abs(await width() - fitted) < 0.5, 'back to the fitted board');
    assert.equal(await page.evaluate(() => window.visualViewport.scale), 1, 'no page zoom');
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.width);
    // A tap on the whole board selects as before.
    const cellBox = await cell(page, 1, 1).boundingBox();
    await touch.tap(cellBox.x + cellBox.width / 2, cellBox.y + cellBox.height / 2);
    await page.waitForFunction(() => document.getElementById('cell-0-0').getAttribute('aria-selected') === 'true');
    assert.deepEqual(errors, []);
    await page.close();
  } finally {
    await phone.close();
  }
});
