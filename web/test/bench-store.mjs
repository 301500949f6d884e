// The store's figures in headless Chromium at a phone's size (scripts/bench-web.sh), for this
// build's page (target/web) beside the page built from 76fc5bf, the last to keep battles in
// local storage (BENCH_BEFORE, by default /work/baseline/web-76fc5bf when it is there):
//
//   room              what the page may keep: local storage's limit (filled until the browser
//                     refuses, in characters) before; the origin's quota
//                     (navigator.storage.estimate()) now.
//   battles that fit  a battle of 1,000 rolls with its backup: local storage holds it as
//                     UTF-16, two bytes a character; IndexedDB's bytes for it are measured (20
//                     kept, the usage they add, over 20). The room over that.
//   home screen       from navigation to the first frame drawn (the home screen) with the 300
//                     battles of the store's check (written by src/store/browser/tests.rs) in
//                     the store, and with none, in fresh profiles; median of RUNS. Now, the
//                     second start (the first reads each battle once, to keep its summary):
//                     the first is shown too. Target: the 300 battles cost under a second.
//
// Writes target/web-bench/store.json; exits 1 if the target is missed.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as h from './harness.mjs';
import { size } from './play.mjs';

const RUNS = Number(process.env.RUNS ?? 3);
const out = join(h.ROOT, 'target', 'web-bench');
const fixtures = process.env.ADJUTANT_WEB_FIXTURES ?? join(h.ROOT, 'target', 'web-test', 'fixtures');
const beforeDir = process.env.BENCH_BEFORE ?? '/work/baseline/web-76fc5bf';
const hasBefore = existsSync(join(beforeDir, 'index.html'));

/** Puts `files` into local storage, as the page built from 76fc5bf kept them. */
function putInLocalStorage(page, files) {
  return page.evaluate((files) => {
    for (const [k, v] of Object.entries(files)) localStorage.setItem(k, v);
  }, files);
}

/** The first frame of the page in `dir` with `files` in its store, in a fresh profile; for
 * this build, also after a reload (the summaries kept). */
async function homeWith(dir, files, now) {
  const server = await h.serve(dir);
  const { context, page } = await h.launch(join(out, 'profile-store'), size());
  try {
    await page.goto(`${server.url}manifest.webmanifest`);
    if (Object.keys(files).length) await (now ? h.putInDb(page, files) : putInLocalStorage(page, files));
    await page.goto(server.url);
    const first = await h.firstFrame(page, 60000);
    if (!now) return { first };
    // The listing's summaries are kept once the first start has read the battles.
    await h.settle(page, { quiet: 1000, timeout: 60000 });
    await page.reload();
    return { first, again: await h.firstFrame(page, 60000) };
  } finally {
    await context.close();
    await server.stop();
  }
}

/** Local storage's limit, in characters: filled until the browser refuses. */
async function localStorageRoom(page) {
  return page.evaluate(() => {
    localStorage.clear();
    let total = 0;
    for (let chunk = 1 << 20; chunk >= 1024; chunk >>= 1) {
      const piece = 'x'.repeat(chunk);
      for (let i = 0; ; i += 1) {
        try {
          localStorage.setItem(`fill-${chunk}-${i}`, piece);
          total += chunk;
        } catch {
          break;
        }
      }
    }
    localStorage.clear();
    return total;
  });
}

/** IndexedDB's bytes for one battle and its backup (20 kept, over 20), and the quota. */
async function indexedDbRoom(page, battle) {
  const before = await page.evaluate(async () => (await navigator.storage.estimate()).usage);
  const files = {};
  for (let i = 0; i < 20; i += 1) {
    files[`adjutant/battles/b${i}.ron`] = battle.replace('seed:', `seed: ${i}0`);
    files[`adjutant/battles/b${i}.ron.bak`] = battle.replace('seed:', `seed: ${i}1`);
  }
  await h.putInDb(page, files);
  const { usage, quota } = await page.evaluate(async () => navigator.storage.estimate());
  return { perBattle: (usage - before) / 20, quota };
}

const many = {};
for (const name of readdirSync(join(fixtures, 'many'))) {
  many[`adjutant/battles/${name}`] = readFileSync(join(fixtures, 'many', name), 'utf8');
}
const thousand = readFileSync(join(fixtures, 'thousand.ron'), 'utf8');
const figures = { runs: RUNS, battles: Object.keys(many).length };

// Room, and battles that fit.
{
  const server = await h.serve();
  const { context, page } = await h.launch(join(out, 'profile-room'), size());
  try {
    await page.goto(`${server.url}manifest.webmanifest`);
    figures.localStorageChars = await localStorageRoom(page);
    const room = await indexedDbRoom(page, thousand);
    figures.quota = room.quota;
    figures.idbBytesPerBattle = room.perBattle;
    figures.battleChars = thousand.length;
    figures.fitBefore = Math.floor(figures.localStorageChars / (2 * thousand.length));
    figures.fitNow = Math.floor(room.quota / room.perBattle);
  } finally {
    await context.close();
    await server.stop();
  }
}

// The home screen with 300 battles, and with none.
figures.now = { none: [], first: [], again: [] };
figures.before = { none: [], many: [] };
for (let run = 0; run < RUNS; run += 1) {
  figures.now.none.push((await homeWith(h.PAGE, {}, true)).again);
  const now = await homeWith(h.PAGE, many, true);
  figures.now.first.push(now.first);
  figures.now.again.push(now.again);
  if (hasBefore) {
    figures.before.none.push((await homeWith(beforeDir, {}, false)).first);
    figures.before.many.push((await homeWith(beforeDir, many, false)).first);
  }
}

const ms = (v) => `${v.toFixed(0)} ms`;
const mb = (v) => `${(v / 1e6).toFixed(1)} MB`;
const cost = h.median(figures.now.again) - h.median(figures.now.none);
const ok = cost < 1000;
console.log(`# The store, Chromium ${process.env.CHROMIUM_VERSION ?? ''} at ${size().width}×${size().height}, median of ${RUNS}`);
console.log(`room: local storage ${(figures.localStorageChars / 1e6).toFixed(2)} M characters (${mb(2 * figures.localStorageChars)}) before; IndexedDB quota ${mb(figures.quota)} now`);
console.log(
  `a battle of 1,000 rolls with its backup: ${mb(4 * thousand.length)} in local storage, ` +
    `${mb(figures.idbBytesPerBattle)} in IndexedDB; battles that fit: ${figures.fitBefore} before, ${figures.fitNow} now`,
);
console.log(
  `home screen, ${figures.battles} battles: ${ms(h.median(figures.now.again))} now ` +
    `(none: ${ms(h.median(figures.now.none))}, so the battles cost ${ms(cost)}; target < 1000 ms: ${ok ? 'pass' : 'FAIL'}); ` +
    `the first start after they came in: ${ms(h.median(figures.now.first))}`,
);
if (hasBefore) {
  console.log(
    `home screen before (76fc5bf, local storage), ${figures.battles} battles: ${ms(h.median(figures.before.many))} ` +
      `(none: ${ms(h.median(figures.before.none))}, so the battles cost ${ms(h.median(figures.before.many) - h.median(figures.before.none))})`,
  );
}
h.writeJson(join(out, 'store.json'), figures);
process.exit(ok ? 0 : 1);
