// End-to-end: the play tools at tablet and desktop widths. From 1280 px they stand in a column
// beside the board, in aligned rows; from 701 to 1279 px under the board, where a long status
// must not push them down.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, launchPhone, freshApp, cell, statusMatching, shot } from './browser.mjs';

const DESKTOP = { width: 1280, height: 800 };

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

async function sizeTo(page, size) {
  await page.getByLabel('Size').selectOption(size);
  const side = Number(size.split('x')[0]);
  await cell(page, side, side).waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  return side;
}

/** The visible buttons of the group named `name`, with their boxes in viewport pixels. */
function buttonsOf(page, name) {
  return page.getByRole('group', { name, exact: true }).locator('button').evaluateAll((all) => all
    .filter((b) => b.checkVisibility())
    .map((b) => {
      const r = b.getBoundingClientRect();
      return { name: b.getAttribute('aria-label') || b.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom, height: r.height, clipped: b.scrollWidth > b.clientWidth };
    }));
}

/** The buttons grouped by row (their top edge), in order. */
function rows(buttons) {
  const byTop = new Map();
  for (const b of buttons) {
    const key = Math.round(b.top);
    byTop.set(key, [...(byTop.get(key) ?? []), b]);
  }
  return [...byTop.values()];
}

test('at 1280x800 the tools beside the board stand in aligned rows, no button alone in one, all on the first screen', async () => {
  const touch = await launchPhone(DESKTOP);
  try {
    const mouse = await freshApp(env.context, env.url);
    await mouse.page.setViewportSize(DESKTOP);
    const finger = await freshApp(touch.context, env.url);
    for (const [{ page, errors }, kind] of [[mouse, 'mouse'], [finger, 'touch']]) {
      for (const size of ['9x9', '16x16', '25x25', '49x49']) {
        const side = await sizeTo(page, size);
        const where = `${kind}, ${size}`;
        // Notes beside Auto candidates, Hint beside Apply hint; Undo beside Redo, Reset to
        // clues beside Clear: two to a row, in two columns whose edges line up.
        for (const group of ['Play', 'Edit']) {
          const laid = rows(await buttonsOf(page, group));
          assert.deepEqual(laid.map((r) => r.length), [2, 2], `${where}, ${group}: ${JSON.stringify(laid)}`);
          for (const column of [0, 1]) {
            assert.ok(Math.abs(laid[0][column].left - laid[1][column].left) < 1
              && Math.abs(laid[0][column].right - laid[1][column].right) < 1, `${where}, ${group}: column ${column} aligned ${JSON.stringify(laid)}`);
          }
          assert.ok(laid.flat().every((b) => !b.clipped), `${where}, ${group}: a label cut off ${JSON.stringify(laid)}`);
        }
        // Erase never stands alone at the start of a row narrower than the pad's others.
        const pad = rows(await buttonsOf(page, 'Number pad'));
        const widest = Math.max(...pad.map((r) => r.at(-1).right - r[0].left));
        const last = pad.at(-1);
        assert.ok(last.length > 1 || last[0].right - last[0].left >= widest - 1, `${where}: Erase alone in a row ${JSON.stringify(last)}`);
        // Every control of the column on the first screen; on a touch screen 44 px tall.
        const side_ = await page.locator('.play-side').evaluate((s) => [...s.querySelectorAll('button, select, input')]
          .filter((e) => e.checkVisibility())
          .map((e) => {
            const r = e.getBoundingClientRect();
            return { name: e.getAttribute('aria-label') || e.id || e.textContent, top: r.top, bottom: r.bottom, height: r.height };
          }));
        const off = side_.filter((c) => c.top < 0 || c.bottom > DESKTOP.height);
        assert.deepEqual(off, [], `${where}: off the first screen`);
        if (kind === 'touch') {
          assert.deepEqual(side_.filter((c) => c.height < 44), [], `${where}: under 44 px`);
        }
        await shot(page, `desktop-1280-tools-${kind}-${side}`);
      }
      assert.deepEqual(errors, []);
      await page.close();
    }
  } finally {
    await touch.close();
  }
});

test('from 701 to 1279 px a long status scrolls in its place and the tools under it stay where they were', async () => {
  const { page, errors } = await freshApp(env.context, env.url);
  const button = (name) => page.getByRole('button', { name, exact: true });
  const auto = page.getByRole('switch', { name: 'Auto candidates' });
  const parts = [button('Notes'), button('Hint'), button('Digit 1'), button('Erase'), button('Undo'), button('Generate')];
  for (const view of [{ width: 768, height: 1024 }, { width: 1024, height: 768 }, { width: 900, height: 700 }]) {
    await page.setViewportSize(view);
    for (const size of ['9x9', '16x16']) {
      await sizeTo(page, size);
      if ((await auto.getAttribute('aria-checked')) === 'true') await auto.click();
      const where = async () => {
        await page.evaluate(() => window.scrollTo(0, 0));
        return Promise.all(parts.map(async (p) => (await p.boundingBox()).y));
      };
      const first = await where();
      const at = `${view.width}x${view.height}, ${size}`;
      await page.getByLabel('Difficulty', { exact: true }).selectOption('Easy');
      await button('Generate').click();
      const said = await statusMatching(page, /^Easy puzzle, [\d,]+ clues/, 120_000);
      assert.deepEqual(await where(), first, `${at}: after "${said}"`);
      await auto.click();
      await statusMatching(page, /^Auto candidates: every empty cell/);
      assert.deepEqual(await where(), first, `${at}: with Auto candidates on`);
      await button('Check').click();
      const checked = await statusMatching(page, /^(Minimal|Unique but not minimal)/, 60_000);
      assert.deepEqual(await where(), first, `${at}: after "${checked}"`);
      // The answer is longer than the status shows: it scrolls there, its last words reachable.
      const reached = await page.locator('.status-area').evaluate((a) => {
        a.scrollTop = a.scrollHeight;
        const text = a.querySelector('[role=status]');
        return text.getBoundingClientRect().bottom <= a.getBoundingClientRect().bottom + 1;
      });
      assert.ok(reached, `${at}: the answer's end in view inside the status`);
      if (view.width === 1024) {
        // Undo, with the board, the pad and the play tools, stays on a 1024x768 first screen.
        const undo = await button('Undo').boundingBox();
        assert.ok(undo.y + undo.height <= view.height, `${at}: Undo ${JSON.stringify(undo)}`);
      }
      await shot(page, `tablet-${view.width}x${view.height}-${size}-checked`);
    }
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('from 701 to 1279 px a running job\'s progress shows in the status\'s place and moves no tool', async () => {
  const { page, errors } = await freshApp(env.context, env.url);
  const button = (name) => page.getByRole('button', { name, exact: true });
  const names = ['Notes', 'Hint', 'Digit 1', 'Erase', 'Undo', 'Generate'];
  // One look at the page: the tools' tops, and the status with its progress bar if any.
  const look = () => page.evaluate((names) => {
    const buttons = [...document.querySelectorAll('button')];
    const tops = names.map((n) => buttons.find((b) => (b.getAttribute('aria-label') || b.textContent) === n).getBoundingClientRect().top);
    const area = document.querySelector('.status-area').getBoundingClientRect();
    const bar = document.querySelector('.status-area progress')?.getBoundingClientRect();
    return { tops, area: { top: area.top, bottom: area.bottom }, bar: bar && { top: bar.top, bottom: bar.bottom } };
  }, names);
  for (const view of [{ width: 1024, height: 768 }, { width: 768, height: 1024 }]) {
    await page.setViewportSize(view);
    await sizeTo(page, '9x9');
    const first = (await look()).tops;
    // MIP counting an empty board's solutions runs for long: its progress shows meanwhile.
    await page.getByRole('radio', { name: 'MIP', exact: true }).check();
    await button('Count solutions').click();
    await page.locator('.status-area progress').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    const { tops, area, bar } = await look();
    assert.ok(bar && bar.top >= area.top && bar.bottom <= area.bottom, `${view.width}: the bar in view ${JSON.stringify([bar, area])}`);
    assert.deepEqual(tops, first, `${view.width}x${view.height}: while counting`);
    await shot(page, `tablet-${view.width}x${view.height}-counting`);
    await button('Cancel').click();
    await page.locator('.status-area progress').waitFor({ state: 'detached' });
    await page.getByRole('radio', { name: 'Propagation', exact: true }).check();
    await shot(page, `tablet-${view.width}x${view.height}-job`);
  }
  assert.deepEqual(errors, []);
  await page.close();
});
