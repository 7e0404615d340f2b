// Measures the web app on loopback: time to interactive (navigation start until the board is
// drawn and the engine worker is ready) and each formulation's in-browser solve time on the
// puzzles of a fixture file. Run after `trunk build --release`:
//   node tests/e2e/bench.mjs [puzzles.txt] [runs]
// Prints Markdown table rows for BENCHMARKS.md.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, freshApp, importText, statusMatching, ROOT } from './browser.mjs';

const file = process.argv[2] ?? join(ROOT, 'tests', 'fixtures', 'bench-web.txt');
const runs = Number(process.argv[3] ?? 5);
const puzzles = readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#'));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const env = await launch();
try {
  const tti = [];
  for (let i = 0; i < runs; i++) {
    const page = await env.context.newPage();
    await page.goto(env.url);
    await page.waitForFunction(() => document.querySelector('.app[data-engine="ready"] [role="grid"]'),
      null, { polling: 'raf' });
    tti.push(await page.evaluate(() => performance.now()));
    await page.close();
  }
  console.log(`| time to interactive (median of ${runs}) | ${median(tti).toFixed(0)} ms |`);

  const { page } = await freshApp(env.context, env.url);
  const names = await page.getByRole('radio').evaluateAll((rs) => rs.map((r) => r.labels[0].textContent));
  for (const puzzle of puzzles) {
    await importText(page, puzzle);
    const size = (await statusMatching(page, /^Imported a /)).match(/(\d+x\d+)/)[1];
    for (const name of names) {
      await page.getByRole('radio', { name, exact: true }).check();
      const times = [];
      let failed = null;
      for (let i = 0; i < runs && !failed; i++) {
        await page.getByRole('button', { name: 'Reset to clues' }).click();
        await page.getByRole('button', { name: 'Solve', exact: true }).click();
        const text = await statusMatching(page, /^(Unique solution|At least|No solution|Stopped|.*handles grids up to)/, 600_000);
        const ms = text.match(/, (< )?([\d.]+) (ms|s)[,)]/);
        if (!ms) { failed = text; break; }
        times.push(Number(ms[2]) * (ms[3] === 's' ? 1000 : 1));
      }
      console.log(`| ${size} | ${name} | ${failed ?? `${median(times).toFixed(1)} ms`} |`);
    }
  }
} finally {
  await env.close();
}
