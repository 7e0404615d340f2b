// Measures the page on peak-hard grids as a person meets them: each grid imported, Solve
// clicked, the time from the click to the answer on the status line taken in the page, and
// Cancel clicked when the cap is reached. The page's own pool decides the workers (a 36x36 or
// 49x49 solve races two members on a machine with two cores, three from three cores). Run after
// `trunk build --release` and `cargo run --release --example peak -- DIR`:
//   node tests/e2e/peak-bench.mjs CAP_SECONDS FILE...
// Prints one line per grid, then per size and share given: answered of all, the median (the
// lower middle one of an even count) and the 90th percentile (a grid not answered counts as
// the cap).
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { launch, freshApp, engineReady, importText, statusMatching } from './browser.mjs';

const cap = Number(process.argv[2]);
const files = process.argv.slice(3);
if (!(cap > 0) || files.length === 0) {
  console.error('usage: node tests/e2e/peak-bench.mjs CAP_SECONDS FILE...');
  process.exit(2);
}
const ANSWER = /^(Unique solution|At least|No solution)/;

/** Clicks Solve and resolves with the milliseconds to the answer, or null after `capMs` (the
 * job is then cancelled). Timed in the page, from the click to the status line's change. */
function solveWithin(page, capMs) {
  return page.evaluate(([capMs, answer]) => new Promise((done) => {
    const re = new RegExp(answer);
    const line = document.querySelector('[role="status"]');
    const button = (name) => [...document.querySelectorAll('button')].find((b) => b.textContent === name);
    const t0 = performance.now();
    const observer = new MutationObserver(() => {
      if (re.test(line.textContent)) { finish(performance.now() - t0); }
    });
    const timer = setTimeout(() => { button('Cancel').click(); finish(null); }, capMs);
    function finish(ms) { observer.disconnect(); clearTimeout(timer); done(ms); }
    observer.observe(line, { subtree: true, childList: true, characterData: true });
    button('Solve').click();
  }), [capMs, ANSWER.source]);
}

const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(p * xs.length) - 1)];

const env = await launch();
const groups = new Map();
try {
  const { page, errors } = await freshApp(env.context, env.url);
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  console.log(`# cap ${cap} s, navigator.hardwareConcurrency ${cores}`);
  for (const file of files) {
    await importText(page, readFileSync(file, 'utf8').trim());
    const size = (await statusMatching(page, /^Imported a /)).match(/(\d+x\d+)/)[1];
    const ms = await solveWithin(page, cap * 1000);
    let line;
    if (ms === null) {
      await statusMatching(page, /^Solving cancelled\./);
      line = `> ${cap} s`;
    } else {
      line = `${(ms / 1000).toFixed(2)} s: ${await page.getByRole('status').innerText()}`;
    }
    await engineReady(page);
    console.log(`${basename(file)} ${line}`);
    const share = basename(file).match(/-(\d+)-\d+\.txt$/)?.[1] ?? '?';
    const key = `${size} ${share}%`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(ms === null ? null : ms / 1000);
  }
  if (errors.length) console.log(`# page errors: ${errors.join('; ')}`);
  console.log('| grids | answered | median | 90th percentile |');
  console.log('|---|---|---|---|');
  for (const [key, times] of groups) {
    const counted = times.map((t) => t ?? cap);
    const shown = (t) => (t >= cap ? `> ${cap} s` : `${t.toFixed(2)} s`);
    const answered = times.filter((t) => t !== null).length;
    console.log(`| ${key} | ${answered} of ${times.length} | ${shown(percentile(counted, 0.5))} | ${shown(percentile(counted, 0.9))} |`);
  }
} finally {
  await env.close();
}
