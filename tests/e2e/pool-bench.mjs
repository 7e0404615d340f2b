// Measures the page's worker pool in the browser: the renderer's memory with one engine worker
// (as the page loads) and with two, the time to interactive, and the peak-hard 36x36 solves
// with one worker (a browser reporting one core: no race) against the race of two workers,
// alternating per instance and capped by Cancel. Run after `trunk build --release`:
//   node tests/e2e/pool-bench.mjs [cap seconds] FILE...
// (FILE: one numeric puzzle each, as `cargo run --release --example peak -- DIR` writes them.)
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { basename } from 'node:path';
import { launch, engineReady, importText, statusMatching } from './browser.mjs';

const args = process.argv.slice(2);
const cap = Number(args[0]) * 1000;
const files = args.slice(1);

const env = await launch();

async function app(cores) {
  const page = await env.context.newPage();
  await page.addInitScript((n) => {
    Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n });
  }, cores);
  await page.goto(env.url);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await engineReady(page);
  return page;
}

/** Resident memory (kB) of the browser's renderer processes: the page and its workers. */
function rendererKb() {
  const out = execFileSync('ps', ['-eo', 'rss=,args='], { encoding: 'utf8' });
  return out.split('\n').filter((l) => l.includes('--type=renderer') && l.includes('sudoku-lab-chromium'))
    .reduce((s, l) => s + Number(l.trim().split(/\s+/)[0]), 0);
}

/** A 25x25 pattern grid with a few cells emptied: its hints are singles, found at once. */
function nearlySolved25() {
  const rows = [];
  for (let r = 0; r < 25; r++) {
    const row = [];
    for (let c = 0; c < 25; c++) {
      const v = ((5 * (r % 5) + Math.floor(r / 5) + c) % 25) + 1;
      row.push((r * 31 + c * 17) % 29 === 0 ? 0 : v);
    }
    rows.push(row.join(' '));
  }
  return rows.join('\n');
}

const engineWorkers = (page) => page.workers().filter((w) => /worker_loader\.js$/.test(w.url())).length;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

try {
  // Memory: one worker after load, then two (a long job and a hint beside it, both stopped).
  const mem = [];
  for (let i = 0; i < 3; i++) {
    const page = await app(2);
    await page.waitForTimeout(1000);
    const one = [engineWorkers(page), rendererKb()];
    await importText(page, nearlySolved25());
    await statusMatching(page, /^Imported a 25x25 /);
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await page.getByRole('button', { name: 'Play' }).click();
    const t0 = Date.now();
    await page.getByRole('button', { name: 'Hint', exact: true }).click();
    await statusMatching(page, /^Hint: /, 60_000);
    const hintMs = Date.now() - t0;
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await engineReady(page);
    await page.waitForTimeout(1000);
    const two = [engineWorkers(page), rendererKb()];
    mem.push({ one, two, hintMs });
    await page.close();
  }
  for (const m of mem) {
    console.log(`| workers ${m.one[0]}: ${m.one[1]} kB | workers ${m.two[0]}: ${m.two[1]} kB | first hint beside a 25x25 generation (worker started for it): ${m.hintMs} ms |`);
  }
  console.log(`load average: ${load()}`);

  // The peak instances: one worker against the race, alternating, each capped.
  const pages = { one: await app(1), race: await app(2) };
  console.log(`| instance | one worker | race of two | who answered | load |`);
  const times = { one: [], race: [] };
  for (const file of files) {
    const puzzle = readFileSync(file, 'utf8').trim();
    const row = {};
    for (const mode of ['one', 'race']) {
      const page = pages[mode];
      await importText(page, puzzle);
      await statusMatching(page, /^Imported a /);
      const t0 = Date.now();
      await page.getByRole('button', { name: 'Solve', exact: true }).click();
      const done = /^(Unique solution|At least|No solution|Stopped)/;
      let text;
      try {
        text = await statusMatching(page, done, cap);
      } catch {
        await page.getByRole('button', { name: 'Cancel', exact: true }).click();
        await statusMatching(page, /cancelled/);
        await engineReady(page);
        text = null;
      }
      const ms = Date.now() - t0;
      times[mode].push(text ? ms : Infinity);
      row[mode] = text ? `${(ms / 1000).toFixed(2)}` : '-';
      row[`${mode}By`] = text ? (text.match(/\((Propagation|SAT), /)?.[1] ?? '?') : '-';
    }
    console.log(`| ${basename(file)} | ${row.one} | ${row.race} | ${row.raceBy} | ${load()} |`);
  }
  for (const mode of ['one', 'race']) {
    const capped = times[mode].filter((t) => t === Infinity).length;
    console.log(`${mode}: median ${(median(times[mode]) / 1000).toFixed(2)} s, ${capped} of ${times[mode].length} over the cap`);
  }
} finally {
  await env.close();
}
