// Measures Hint on a nearly empty 49x49 in the page: a no-guess puzzle with about half its cells
// given (`generate --box 7 --no-guess --seed 1`, 1208 of 2401), from the press to the first
// highlighted cell, the worker's round trip and the render included. Needs a built `dist/`.
// Run: node tests/e2e/hint-49.mjs   (prints the milliseconds and the hint's sentence)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, freshApp, importText, statusMatching, status, ROOT } from './browser.mjs';

const env = await launch();
try {
  const { page } = await freshApp(env.context, env.url);
  await importText(page, readFileSync(join(ROOT, 'tests', 'e2e', 'no-guess-49.txt'), 'utf8'));
  await statusMatching(page, /^Imported a 49x49 puzzle with 1,208 /);
  const ms = await page.evaluate(() => new Promise((done) => {
    const board = document.querySelector('.board');
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Hint');
    const t0 = performance.now();
    const observer = new MutationObserver(() => {
      if (board.querySelector('.hint-area, .hint-cell')) { observer.disconnect(); done(performance.now() - t0); }
    });
    observer.observe(board, { subtree: true, attributes: true, attributeFilter: ['class'] });
    button.click();
  }));
  console.log(`hint on a no-guess 49x49, half given: ${ms.toFixed(0)} ms`);
  console.log(await status(page).innerText());
} finally {
  await env.close();
}
