// The browser check of the store (scripts/check-web.sh, after check.mjs): Adjutant's page
// (target/web) in headless Chromium at a phone's size, played by touch with the taps
// src/ui/tests/phone.rs found (the clock moved on by the Start at the foot of the battle
// screen, the battle resumed from the home screen), each scenario in a fresh profile:
//
//   1. today's battle moves over: the local storage a page built from 76fc5bf kept
//      (web/test/fixtures/local-storage-76fc5bf.json) is brought into IndexedDB byte for byte,
//      leaves local storage, and the battle resumes with its whole log;
//   2. a crash at 20 random moments of play (DevTools' Page.crash): each time the page is
//      opened again, the battle resumes at the last result the page had painted (or the one
//      after, when the crash came between an action's save and its frame), and IndexedDB has
//      that log;
//   3. the origin's storage filled until IndexedDB refuses (QuotaExceededError; the profile on
//      a small file system of its own, see quota()): played into "Not saved", the page asks
//      before it is closed (a beforeunload dialog); saved, a reload asks nothing;
//   4. 300 battles and one of 10,000 rolls in the store: the home screen lists them all, the
//      big battle resumes, saves one more action and resumes with it after a reload; the
//      times are printed (scripts/bench-web.sh records them).
//
// What the page painted is read from the probe (web/test/probe.js; the window notes what each
// view shows, src/ui/shown.rs). Screenshots of failures go to target/web-test/store/.
// ADJUTANT_WEB_FIXTURES names the folder of the battles of scenario 4 (written by the store's
// test battles_for_the_browser_check); ADJUTANT_CRASH_SEED fixes the crash moments;
// ADJUTANT_STORE_STEPS=2,3 runs only those scenarios (ADJUTANT_WEB_PAGE checks another build).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as h from './harness.mjs';
import { playPart, size, targets } from './play.mjs';

const dir = join(h.ROOT, 'target', 'web-test', 'store');
const fixtures = process.env.ADJUTANT_WEB_FIXTURES ?? join(h.ROOT, 'target', 'web-test', 'fixtures');
const nextPhase = targets().parts.fire.taps.find((t) => t.name.startsWith('next phase'));
const resumeTap = targets().parts.resume.taps[0];

function must(ok, what) {
  if (!ok) throw new Error(what);
}

/** The entries of a battle file's log (not its redo list). */
export function logLength(text) {
  const start = text.indexOf('\n  log: [');
  if (start < 0) return 0;
  const end = text.indexOf('\n  redo: [', start);
  const log = text.slice(start, end < 0 ? undefined : end);
  return (log.match(/\n {4}Entry\(\n/g) ?? []).length;
}

/** What the page last painted (the window's note), and when. */
function painted(page) {
  return page.evaluate(() => {
    const p = window.__adjutantProbe;
    return p?.painted ? { ...p.painted, at: p.paintedAt } : null;
  });
}

/** Waits until what the page painted passes `test`; returns it. */
async function until(page, what, test, timeout = 20000) {
  const start = Date.now();
  let last = null;
  for (;;) {
    last = await painted(page).catch(() => last);
    if (last && test(last)) return last;
    if (Date.now() - start > timeout) {
      throw new Error(`${what}: not painted within ${timeout} ms (last painted: ${JSON.stringify(last)})`);
    }
    await new Promise((ok) => setTimeout(ok, 25));
  }
}

/** Taps at a target, and waits for the screen to settle. */
async function tap(page, target) {
  const since = await h.now(page);
  await page.touchscreen.tap(target.x, target.y);
  await h.settle(page, { since });
}

/** Opens the page in a new tab of `context`, the page's errors noted in `messages`. */
async function open(context, url, messages) {
  const page = await context.newPage();
  page.on('console', (m) => messages.push(`console.${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => messages.push(`page error: ${e.message}`));
  await page.goto(url);
  await h.settle(page);
  return page;
}

/** Crashes the page's renderer (DevTools' Page.crash) and waits until it is gone. */
async function crash(context, page) {
  const session = await context.newCDPSession(page);
  const crashed = page.waitForEvent('crash', { timeout: 10000 });
  session.send('Page.crash').catch(() => {});
  await crashed;
  await page.close().catch(() => {});
}

/** The one battle in IndexedDB: key and text. */
async function theBattle(page, pattern = /^adjutant\/battles\/[^/]+\.ron$/) {
  const all = await h.storedFiles(page, pattern);
  must(all.length === 1, `${all.length} battles in IndexedDB: ${all.map((b) => b.key).join(', ')}`);
  return all[0];
}

/** Scenario 1: what today's page kept in local storage moves over. */
async function migration(server) {
  const fixture = h.readJson(join(h.ROOT, 'web', 'test', 'fixtures', 'local-storage-76fc5bf.json'));
  const files = Object.keys(fixture).filter((k) => !k.endsWith('.lock'));
  const battleKey = files.find((k) => /^adjutant\/battles\/[^/]+\.ron$/.test(k));
  const { context, page, messages } = await h.launch(join(dir, 'profile-migration'), size());
  try {
    // Local storage as today's page left it, before Adjutant's page first opens.
    await page.goto(`${server.url}manifest.webmanifest`);
    await page.evaluate((kept) => {
      for (const [k, v] of Object.entries(kept)) localStorage.setItem(k, v);
    }, fixture);
    await page.goto(server.url);
    await h.settle(page);
    const start = Date.now();
    for (;;) {
      const left = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('adjutant/') && !k.endsWith('.lock')));
      if (left.length === 0) break;
      must(Date.now() - start < 10000, `still in local storage after 10 s: ${left.join(', ')}`);
      await new Promise((ok) => setTimeout(ok, 50));
    }
    const stored = new Map((await h.storedFiles(page)).map((f) => [f.key, f.text]));
    for (const k of files) {
      must(stored.has(k), `${k} is not in IndexedDB`);
      must(stored.get(k) === fixture[k], `${k} differs in IndexedDB (${stored.get(k).length} characters, not ${fixture[k].length})`);
    }
    await tap(page, resumeTap);
    const shown = await until(page, 'the battle brought over resumed', (p) => p.screen === 'battle');
    const entries = logLength(fixture[battleKey]);
    must(shown.entries === entries, `the battle resumed with ${shown.entries} entries, not ${entries}`);
    must(!shown.unsaved, 'the battle resumed "Not saved"');
    return `${files.length} files byte for byte (${files.join(', ')}); the battle resumed with its ${entries} entries`;
  } finally {
    await context.close();
    if (messages.some((m) => m.startsWith('page error'))) throw new Error(messages.join('\n'));
  }
}

/** A generator of numbers from a seed (xorshift), for moments that can be played again. */
function random(seed) {
  let x = BigInt(seed) || 1n;
  return (n) => {
    x ^= (x << 13n) & 0xffffffffffffffffn;
    x ^= x >> 7n;
    x ^= (x << 17n) & 0xffffffffffffffffn;
    return Number(x % BigInt(n));
  };
}

/** Scenario 2: crashes at random moments of play. */
async function crashes(server) {
  const seed = Number(process.env.ADJUTANT_CRASH_SEED ?? Date.now() % 1000000);
  const next = random(seed);
  const messages = [];
  const launched = await h.launch(join(dir, 'profile-crash'), size());
  const { context } = launched;
  let page = launched.page;
  let ahead = 0;
  try {
    await page.goto(server.url);
    await h.settle(page);
    await playPart(page, 'start');
    await until(page, 'the battle started', (p) => p.screen === 'battle');
    for (let round = 1; round <= 20; round += 1) {
      // A few actions, not waiting for each to show, then the crash a moment after the last.
      const actions = 1 + next(3);
      for (let i = 0; i < actions; i += 1) {
        await page.touchscreen.tap(nextPhase.x, nextPhase.y);
        await new Promise((ok) => setTimeout(ok, next(i + 1 < actions ? 300 : 120)));
      }
      await crash(context, page);
      page = await open(context, server.url, messages);
      const before = await page.evaluate(() => window.__adjutantProbe.paintedBefore);
      must(before?.screen === 'battle', `round ${round}: the crashed page had painted ${JSON.stringify(before)}`);
      await tap(page, resumeTap);
      const after = await until(page, `round ${round}: the battle resumed`, (p) => p.screen === 'battle');
      const stored = logLength((await theBattle(page)).text);
      const moment = `round ${round} (seed ${seed}): painted ${before.entries} entries ("${before.last}") before the crash`;
      must(!after.unsaved, `${moment}; resumed "Not saved"`);
      must(
        after.entries === before.entries || after.entries === before.entries + 1,
        `${moment}; resumed with ${after.entries}`,
      );
      if (after.entries === before.entries) {
        must(after.last === before.last, `${moment}; resumed with "${after.last}" last`);
      } else {
        ahead += 1;
      }
      must(stored === after.entries, `${moment}; IndexedDB has ${stored} entries, the page shows ${after.entries}`);
    }
    const errors = messages.filter((m) => m.startsWith('page error'));
    must(errors.length === 0, errors.join('\n'));
    return `20 crashes (seed ${seed}): resumed at the last result painted ${20 - ahead} times, at the action saved but not yet painted ${ahead} times`;
  } finally {
    await context.close();
  }
}

/**
 * Fills the origin's storage to the last kilobyte the browser grants: random (so not
 * compressible) bytes put into a database of its own until IndexedDB refuses even 1 kB with a
 * QuotaExceededError. Returns the bytes put.
 */
function fillStorage(page) {
  return page.evaluate(async () => {
    const db = await new Promise((ok, fail) => {
      const request = indexedDB.open('filler', 1);
      request.onupgradeneeded = () => request.result.createObjectStore('junk');
      request.onsuccess = () => ok(request.result);
      request.onerror = () => fail(request.error);
    });
    let put = 0;
    let refused = '';
    for (let size = 1 << 20, i = 0; size >= 1024; i += 1) {
      const bytes = new Uint8Array(size);
      for (let o = 0; o < size; o += 65536) crypto.getRandomValues(bytes.subarray(o, Math.min(size, o + 65536)));
      const error = await new Promise((ok) => {
        const tx = db.transaction('junk', 'readwrite');
        tx.objectStore('junk').put(bytes, i);
        tx.oncomplete = () => ok(null);
        tx.onabort = () => ok(tx.error?.name ?? 'AbortError');
      });
      if (error) {
        refused = error;
        size >>= 1;
      } else {
        put += size;
      }
    }
    db.close();
    return { put, refused };
  });
}

/**
 * Scenario 3: the origin's storage used up; the page asks before it goes while "Not saved".
 * DevTools' Storage.overrideQuotaForOrigin is accepted by Chromium 156, but neither IndexedDB
 * nor navigator.storage.estimate() heed it (a put of 100 kB commits under a quota of 5 kB),
 * so the profile is kept on a small file system of its own (a 48 MB tmpfs, mounted here:
 * root only) and the origin fills it until IndexedDB refuses with a QuotaExceededError.
 */
async function quota(server) {
  const fs = join(dir, 'quota-fs');
  mkdirSync(fs, { recursive: true });
  const mount = ['-t', 'tmpfs', '-o', 'size=48m', 'tmpfs', fs];
  let sudo = false;
  try {
    execFileSync('mount', mount, { stdio: 'pipe' });
  } catch {
    try {
      execFileSync('sudo', ['-n', 'mount', ...mount], { stdio: 'pipe' });
      sudo = true;
    } catch (e) {
      throw new Error(`a small file system for the profile could not be mounted (root or sudo is needed): ${e.stderr ?? e.message}`);
    }
  }
  const unmount = () => execFileSync(sudo ? 'sudo' : 'umount', sudo ? ['-n', 'umount', fs] : [fs]);
  const { context, page, messages } = await h.launch(join(fs, 'profile'), size()).catch((e) => {
    unmount();
    throw e;
  });
  const dialogs = [];
  page.on('dialog', (d) => {
    dialogs.push(d.type());
    d.dismiss().catch(() => {});
  });
  try {
    await page.goto(server.url);
    await h.settle(page);
    await playPart(page, 'start');
    await tap(page, nextPhase);
    await until(page, 'the clock moved on, saved', (p) => p.screen === 'battle' && p.entries === 2 && !p.unsaved);
    // Saved: a reload asks nothing.
    await page.reload();
    await h.settle(page);
    must(dialogs.length === 0, `a reload while saved asked: ${dialogs.join(', ')}`);
    await tap(page, resumeTap);
    await until(page, 'the battle resumed', (p) => p.screen === 'battle' && p.entries === 2);

    const filled = await fillStorage(page);
    must(filled.refused === 'QuotaExceededError', `filling the storage ended with ${filled.refused || 'no refusal'}`);
    let shown = null;
    for (let i = 0; i < 6 && !shown?.unsaved; i += 1) {
      await tap(page, nextPhase);
      shown = await until(page, 'an action shown', (p) => p.screen === 'battle' && p.entries >= 3 + i, 5000)
        .then(() => until(page, '"Not saved"', (p) => p.unsaved, 3000))
        .catch(() => painted(page));
    }
    must(shown?.unsaved, `the page never showed "Not saved" with the storage full: ${JSON.stringify(shown)}`);
    const kept = logLength((await theBattle(page)).text);
    must(kept < shown.entries, `IndexedDB has ${kept} entries though the page says "Not saved" at ${shown.entries}`);

    await page.close({ runBeforeUnload: true });
    const start = Date.now();
    while (!dialogs.includes('beforeunload') && Date.now() - start < 5000) {
      await new Promise((ok) => setTimeout(ok, 50));
    }
    must(dialogs.includes('beforeunload'), `closing while "Not saved" asked nothing (dialogs: ${dialogs.join(', ') || 'none'})`);
    must(!page.isClosed(), 'the page closed though the question was answered "stay"');
    return (
      `${(filled.put / 1e6).toFixed(1)} MB put until IndexedDB refused (${filled.refused}); "Not saved" at ` +
      `${shown.entries} entries (${kept} kept); closing asked first (beforeunload)`
    );
  } finally {
    await context.close();
    unmount();
    const errors = messages.filter((m) => m.startsWith('page error'));
    if (errors.length) throw new Error(errors.join('\n'));
  }
}

/** Scenario 4: 300 battles and one of 10,000 rolls. */
async function many(server) {
  const big = readFileSync(join(fixtures, 'big.ron'), 'utf8');
  const bigEntries = logLength(big);
  const files = { 'adjutant/battles/big.ron': big };
  for (const name of readdirSync(join(fixtures, 'many'))) {
    files[`adjutant/battles/${name}`] = readFileSync(join(fixtures, 'many', name), 'utf8');
  }
  files['adjutant/config/settings.ron'] = 'Settings(version: 1, last_battle: Some("adjutant/battles/big.ron"))\n';
  const count = Object.keys(files).length - 1;
  const { context, page, messages } = await h.launch(join(dir, 'profile-many'), size());
  try {
    await page.goto(`${server.url}manifest.webmanifest`);
    await h.putInDb(page, files);
    await page.goto(server.url);
    const first = await until(page, `the home screen lists the ${count} battles`, (p) => p.screen === 'home' && p.battles === count, 60000);
    await h.settle(page);
    // The summaries are kept now: the next start reads none of the battles.
    await page.reload();
    const home = await until(page, `the home screen lists the ${count} battles again`, (p) => p.screen === 'home' && p.battles === count);
    await h.settle(page);

    let since = await h.now(page);
    await page.touchscreen.tap(resumeTap.x, resumeTap.y);
    const resumed = await until(page, 'the big battle resumed', (p) => p.screen === 'battle' && p.entries === bigEntries, 60000);
    const resumeMs = resumed.at - since;
    await h.settle(page);
    since = await h.now(page);
    await page.touchscreen.tap(nextPhase.x, nextPhase.y);
    const saved = await until(page, 'one more action', (p) => p.screen === 'battle' && p.entries === bigEntries + 1);
    const actionMs = saved.at - since;
    must(!saved.unsaved, 'the action was "Not saved"');
    await h.settle(page);
    const start = Date.now();
    let stored = 0;
    while ((stored = logLength((await theBattle(page, /big\.ron$/)).text)) !== bigEntries + 1) {
      must(Date.now() - start < 20000, `IndexedDB has ${stored} entries 20 s after the action`);
      await new Promise((ok) => setTimeout(ok, 200));
    }
    await page.reload();
    await until(page, 'the home screen again', (p) => p.screen === 'home');
    await h.settle(page);
    await page.touchscreen.tap(resumeTap.x, resumeTap.y);
    await until(page, 'the big battle resumed with the action', (p) => p.screen === 'battle' && p.entries === bigEntries + 1, 60000);
    const errors = messages.filter((m) => m.startsWith('page error'));
    must(errors.length === 0, errors.join('\n'));
    return (
      `${count} battles listed ${home.at.toFixed(0)} ms after the page's start ` +
      `(${first.at.toFixed(0)} ms the first time, each battle read once); ` +
      `the battle of ${bigEntries} entries (${(big.length / 1e6).toFixed(1)} MB) resumed in ${resumeMs.toFixed(0)} ms, ` +
      `an action on it shown in ${actionMs.toFixed(0)} ms and kept`
    );
  } finally {
    await context.close();
  }
}

const server = await h.serve();
const steps = [
  ["today's battle in local storage moves over to IndexedDB intact", () => migration(server)],
  ['after a crash at 20 random moments the battle resumes at the last result shown', () => crashes(server)],
  ['with the quota used up the page shows "Not saved" and asks before it is closed', () => quota(server)],
  ['300 battles are listed, and a battle of 10,000 rolls saves and resumes', () => many(server)],
];
const only = (process.env.ADJUTANT_STORE_STEPS ?? '').split(',').filter(Boolean).map(Number);
const chosen = only.length ? steps.filter((_, i) => only.includes(i + 1)) : steps;
const ok = await h.run(`Adjutant's store in headless Chromium at ${size().width}×${size().height}`, chosen, {
  cleanup: () => server.stop(),
});
process.exit(ok ? 0 : 1);
