// What the browser check and the bench share: a local web server for target/web, Debian's
// Chromium at a phone's size driven by touch, screenshots, and steps that say what they saw
// when they fail.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { decode, edgeJumps, region } from './png.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The page checked: target/web, or the build ADJUTANT_WEB_PAGE names. */
export const PAGE = process.env.ADJUTANT_WEB_PAGE ?? join(ROOT, 'target', 'web');
export const CHROMIUM = process.env.ADJUTANT_CHROMIUM ?? '/usr/bin/chromium';

/** A phone: 390×844 CSS pixels at three device pixels each, touch only. */
export const PHONE = { width: 390, height: 844, scale: 3 };

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Serves `dir` with `python3 -m http.server` on a free port of 127.0.0.1 (the server picks it
 * and says which). Every path it is asked for is noted in `requests`.
 */
export async function serve(dir = PAGE) {
  const server = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const requests = [];
  let log = '';
  server.stderr.setEncoding('utf8');
  server.stderr.on('data', (chunk) => {
    log += chunk;
    for (const m of chunk.matchAll(/"GET ([^ ]+) HTTP\/[0-9.]+" (\d+)/g)) {
      requests.push({ path: m[1], status: Number(m[2]) });
    }
  });
  const port = await new Promise((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`the web server did not start: ${out}${log}`)), 10000);
    server.stdout.setEncoding('utf8');
    server.stdout.on('data', (chunk) => {
      out += chunk;
      const m = out.match(/port (\d+)/);
      if (m) {
        clearTimeout(timer);
        ok(Number(m[1]));
      }
    });
    server.on('exit', (code) => fail(new Error(`the web server ended (${code}): ${out}${log}`)));
  });
  const exited = new Promise((ok) => server.on('exit', ok));
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    log: () => log,
    async stop() {
      if (server.exitCode === null) server.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The room the simulated window's home screen shows as the browser's grant
 * (`ui::platform::HEADLESS_CHROMIUM`): a page launched with it is told the same by
 * `navigator.storage.estimate()`, whatever the disk of the machine the check runs on.
 */
export const SIMULATED_ROOM = { usage: 0, quota: 10.7e9 };

/**
 * Chromium at `size` with a profile of its own in `profile` (made fresh), kept across the
 * page's reloads so its storage and service worker stay. The probe (probe.js) runs in every
 * page before the page's scripts; with `room`, the page's storage estimate is that (the
 * simulator's pictures of the home screen show it).
 */
export async function launch(profile, size = PHONE, { room } = {}) {
  rmSync(profile, { recursive: true, force: true });
  mkdirSync(profile, { recursive: true });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    // The emulated scale alone leaves a canvas's device-pixel size (ResizeObserver's
    // devicePixelContentBoxSize, which the window sizes its surface by) at one pixel per CSS
    // pixel; the browser's own scale makes it what a phone reports.
    args: [...ARGS, `--force-device-scale-factor=${size.scale}`],
    viewport: { width: size.width, height: size.height },
    deviceScaleFactor: size.scale,
    isMobile: true,
    hasTouch: true,
    acceptDownloads: true,
    serviceWorkers: 'allow',
  });
  await context.addInitScript({ path: join(ROOT, 'web', 'test', 'probe.js') });
  if (room) {
    await context.addInitScript((r) => {
      navigator.storage.estimate = async () => ({ usage: r.usage, quota: r.quota });
    }, room);
  }
  const page = context.pages()[0] ?? (await context.newPage());
  const messages = [];
  page.on('console', (m) => messages.push(`console.${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => messages.push(`page error: ${e.message}`));
  return { context, page, messages };
}

/** The probe's notes so far (probe.js). */
export function probe(page) {
  return page.evaluate(() => window.__adjutantProbe ?? { puts: [], frames: [], taps: [] });
}

/**
 * Waits until the page has painted a drawn frame after `since` (performance.now() of the page)
 * and then nothing for `quiet` ms; returns the last frame's end. Fails after `timeout` ms.
 * With `still`, a page that paints nothing for `quiet` ms has settled too (a tap that opens
 * the browser's file picker changes nothing on the screen); it returns null then.
 */
export async function settle(page, { since = 0, quiet = 300, timeout = 15000, still = false } = {}) {
  const start = Date.now();
  for (;;) {
    const state = await page.evaluate((since) => {
      const p = window.__adjutantProbe;
      const puts = p ? p.puts.filter((x) => x.end > since) : [];
      return { now: performance.now(), drawn: puts.some((x) => x.drawn), last: puts.at(-1)?.end ?? null };
    }, since);
    if (state.drawn && state.now - state.last >= quiet) return state.last;
    if (still && state.last === null && state.now - since >= quiet) return null;
    if (Date.now() - start > timeout) {
      throw new Error(
        state.last === null
          ? `no frame painted within ${timeout} ms`
          : `the page kept painting for ${timeout} ms (or painted only blank frames)`,
      );
    }
    await new Promise((ok) => setTimeout(ok, 50));
  }
}

/**
 * Looks at the screen with `take` (which returns `{ found, ... }`: a screenshot and what in it
 * differs from what was expected), and while something differs looks again, the page still
 * once more, up to `looks` times: an answer the page waits for may draw after the page was
 * still for a moment (the browser's storage estimate the home screen words, on a busy
 * machine). What still differs at the last look is what `found` says. Returns the last look
 * with the number of looks taken.
 */
export async function lookSettled(page, take, looks = 4) {
  for (let n = 1; ; n += 1) {
    const seen = await take();
    if (!seen.found.length || n === looks) return { ...seen, looks: n };
    await new Promise((ok) => setTimeout(ok, 500));
    await settle(page);
  }
}

/** The page's clock (performance.now()). */
export function now(page) {
  return page.evaluate(() => performance.now());
}

/**
 * A finger put down at (x, y) CSS pixels, moved by (dx, dy) in `steps` moves `every` ms apart,
 * rested `rest` ms (so the window sees it still and does not fling the panel on) and lifted:
 * touch events as a phone's, through the DevTools protocol (Playwright's touchscreen only taps).
 */
export async function drag(page, x, y, dx, dy, { steps = 10, every = 30, rest = 600 } = {}) {
  const cdp = await page.context().newCDPSession(page);
  const at = (i) => [{ x: x + (dx * i) / steps, y: y + (dy * i) / steps }];
  const wait = (ms) => new Promise((ok) => setTimeout(ok, ms));
  try {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
    for (let i = 1; i <= steps; i += 1) {
      await wait(every);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(i) });
    }
    await wait(rest);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } finally {
    await cdp.detach();
  }
}

/** Taps at (x, y) CSS pixels with one finger, and waits for the screen to settle after it. */
export async function tap(page, x, y) {
  const since = await now(page);
  await page.touchscreen.tap(x, y);
  await settle(page, { since });
}

let shots = 0;
/** A screenshot of the page saved as `dir`/NN-name.png; returns its path and its pixels. */
export async function screenshot(page, dir, name) {
  shots += 1;
  const path = join(dir, `${String(shots).padStart(2, '0')}-${name}.png`);
  const bytes = await page.screenshot({ path });
  return { path, image: decode(bytes) };
}

/**
 * What is wrong with a screenshot of a screen, in words: blank (one colour, or almost nothing
 * drawn), or something cut at an edge (see edgeJumps).
 */
export function lookProblems(image) {
  const found = [];
  const all = region(image, 0, 0, image.width, image.height);
  if (all.colours < 8 || all.ink < 0.005) {
    found.push(`the screen is blank (${all.colours} colours, ${(all.ink * 100).toFixed(2)} % ink)`);
  }
  const jumps = edgeJumps(image);
  for (const [edge, n] of Object.entries(jumps)) {
    // Adjutant's screens keep a margin: their outermost pixels are one colour, or change at
    // a band's border or two. Text cut through makes a jump at every stroke.
    if (n > 4) found.push(`something is cut at the ${edge} edge (${n} colour jumps along it)`);
  }
  return found;
}

/**
 * Runs the steps in order, each named; the first to fail prints what it saw (its message,
 * the page's console, where its screenshot is) and the run exits 1. Prints the passes as
 * node's test runner would, and a closing `N passed, N failed` line.
 */
export async function run(title, steps, { messages = () => [], cleanup = async () => {} } = {}) {
  let passed = 0;
  let failed = 0;
  console.log(`# ${title}`);
  for (const [name, step] of steps) {
    const t0 = Date.now();
    try {
      const said = await step();
      passed += 1;
      console.log(`ok ${passed} - ${name} (${Date.now() - t0} ms)${said ? `: ${said}` : ''}`);
    } catch (e) {
      failed += 1;
      console.log(`not ok ${passed + 1} - ${name}`);
      console.log(String(e?.stack ?? e).replace(/^/gm, '  '));
      const said = messages();
      if (said.length) console.log(`  the page said:\n${said.map((m) => `    ${m}`).join('\n')}`);
      break;
    }
  }
  await cleanup();
  const skipped = steps.length - passed - failed;
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  return failed === 0;
}

/**
 * The files Adjutant keeps in the page's IndexedDB (the database "adjutant", its store
 * "files"): [{ key, text }], those whose key matches `pattern`.
 */
export function storedFiles(page, pattern = /^adjutant\//) {
  return page.evaluate(
    async ([source, flags]) => {
      const match = new RegExp(source, flags);
      const db = await new Promise((ok, fail) => {
        const request = indexedDB.open('adjutant');
        request.onsuccess = () => ok(request.result);
        request.onerror = () => fail(request.error);
      });
      try {
        if (!db.objectStoreNames.contains('files')) return [];
        const tx = db.transaction('files', 'readonly');
        const store = tx.objectStore('files');
        const get = (request) => new Promise((ok, fail) => {
          request.onsuccess = () => ok(request.result);
          request.onerror = () => fail(request.error);
        });
        const [keys, texts] = await Promise.all([get(store.getAllKeys()), get(store.getAll())]);
        return keys.map((key, i) => ({ key, text: texts[i] })).filter((f) => match.test(f.key));
      } finally {
        db.close();
      }
    },
    [pattern.source, pattern.flags],
  );
}

export function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

export function writeJson(path, value) {
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}

/** The median of `values` (NaN for none). */
export function median(values) {
  const v = [...values].sort((a, b) => a - b);
  if (!v.length) return NaN;
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
}

/** The first drawn frame's end (ms since navigation), waiting up to `timeout` ms. */
export async function firstFrame(page, timeout = 30000) {
  const start = Date.now();
  for (;;) {
    const put = await page
      .evaluate(() => window.__adjutantProbe?.puts.find((p) => p.drawn) ?? null)
      .catch(() => null);
    if (put) return put.end;
    if (Date.now() - start > timeout) throw new Error(`no drawn frame within ${timeout / 1000} s`);
    await new Promise((ok) => setTimeout(ok, 10));
  }
}

/** Puts `files` ({key: text}) straight into the page's IndexedDB, as the store keeps them. */
export function putInDb(page, files) {
  return page.evaluate(async (files) => {
    const db = await new Promise((ok, fail) => {
      const request = indexedDB.open('adjutant', 1);
      request.onupgradeneeded = () => {
        for (const s of ['files', 'meta']) request.result.createObjectStore(s);
      };
      request.onsuccess = () => ok(request.result);
      request.onerror = () => fail(request.error);
    });
    await new Promise((ok, fail) => {
      const tx = db.transaction('files', 'readwrite');
      for (const [k, v] of Object.entries(files)) tx.objectStore('files').put(v, k);
      tx.oncomplete = ok;
      tx.onabort = () => fail(tx.error);
    });
    db.close();
  }, files);
}
