// End-to-end: the service worker makes the app load and solve with no network.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, freshApp, engineReady, importText, statusMatching, shot } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const PUZZLE = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';

test('after the first visit the app loads and solves offline', async () => {
  const { page, errors } = await freshApp(env.context, env.url);
  // The worker has cached the build and controls the page.
  await page.waitForFunction(async () => {
    const reg = await navigator.serviceWorker.ready;
    return reg.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
  });
  const cached = await page.evaluate(async () => {
    const keys = await caches.keys();
    const cache = await caches.open(keys.find((k) => k.startsWith('sudoku-lab-')));
    return (await cache.keys()).map((r) => new URL(r.url).pathname);
  });
  assert.ok(cached.some((p) => /\/app-[0-9a-f]+_bg\.wasm$/.test(p)), cached.join(' '));
  assert.ok(cached.includes('/worker_bg.wasm'), cached.join(' '));

  await env.context.setOffline(true);
  try {
    await page.reload();
    await engineReady(page);
    await importText(page, PUZZLE);
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await statusMatching(page, /^Unique solution/);
    await shot(page, 'offline-solved');
  } finally {
    await env.context.setOffline(false);
  }
  assert.deepEqual(errors, []);
  await page.close();
});
