// The browser check (scripts/check-web.sh): Adjutant's page (target/web) in headless Chromium
// at a phone's size (390×844, three device pixels to one, touch only), played by touch with
// the taps src/ui/tests/phone.rs found on the same window at the same size:
//
//   1. the page opens on the home screen;
//   2. the Winceby battle starts: one battle is kept in the page's storage;
//   3. a fire is played: the clock moved on to Parliament's Fire Combat, the firer picked and
//      the target aimed at (the pieces narrowed to a side by a tap on its button, a command
//      folded away by a tap: nothing typed, as a phone shows a canvas no keyboard),
//      the fire started, its dice entered on the keypad, the morale
//      check's choice taken — the storage's battle has the fire with the faces tapped, and
//      the screen shows its result;
//   4. reloaded, the page resumes the battle where it was;
//   5. the server stopped, reloaded again: the service worker serves the page, the battle
//      resumes and the clock moves on (kept in the storage);
//   6. a swipe begun on a piece's row scrolls the pieces and picks nothing;
//   7. the melee of two units against one is set up by touch alone (Several, both attackers,
//      the defender under "Aim at", Start: five taps) and played on the keypad: the storage's
//      battle has it with both attackers;
//   8. a roster sheet is downloaded (from the top bar's menu): a PDF whose text names the army.
//
// The fire of step 3 is counted: four taps from nothing picked to its first roll (the Pieces
// tab, the firer, the piece fired at under "Aim at", Start), no swipe between the pick and
// the aim.
//
// Every screen is saved as target/web-test/NN-*.png and checked before each tap: not blank,
// nothing cut at an edge, drawn where the simulated window has its texts, and like the
// simulator's picture of it (sim-NN.png beside it). A failing step
// prints what it saw, and what the page said on its console; its screenshot stays.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as h from './harness.mjs';
import { checkEnd, inkAt, playPart, size, targets } from './play.mjs';

const dir = join(h.ROOT, 'target', 'web-test');
const expect = targets().expect;

/** The battles in the page's storage (IndexedDB): key and file text. */
function battles(page) {
  return h.storedFiles(page, /^adjutant\/battles\/[^/]+\.ron$/);
}

/** The one battle kept; fails when there is none or more. */
async function theBattle(page) {
  const all = await battles(page);
  if (all.length !== 1) {
    const keys = (await h.storedFiles(page)).map((f) => f.key);
    throw new Error(`${all.length} battles in the page's storage (keys: ${keys.join(', ') || 'none'})`);
  }
  return all[0];
}

/** The log entries of a battle file: their titles and the text of each. */
function entries(text) {
  const log = text.slice(text.indexOf('log: ['));
  return log
    .split(/\n\s*Entry\(\n/)
    .slice(1)
    .map((body) => ({ title: (body.match(/title: "((?:[^"\\]|\\.)*)"/) ?? [])[1]?.replace(/\\(.)/g, '$1'), body }));
}

/** Fails unless the screenshot has ink where the simulated end of `part` shows `words`. */
function shows(image, part, words, path) {
  const text = targets().parts[part].end.find((t) => t.text.includes(words));
  must(text, `the simulated screen at the end of ${part} does not show "${words}"`);
  must(inkAt(image, text.bounds, size().scale) >= 0.01, `${path}: nothing drawn where "${text.text}" should be`);
}

function must(ok, what) {
  if (!ok) throw new Error(what);
}

const server = await h.serve();
const { context, page, messages } = await h.launch(join(dir, 'profile'), size(), { room: h.SIMULATED_ROOM });
let online = server;
let fireEntries = 0;

const steps = [
  [
    'the page opens on the home screen',
    async () => {
      await page.goto(online.url);
      await h.settle(page);
      const { path, image } = await h.screenshot(page, dir, 'home');
      const problems = h.lookProblems(image);
      must(problems.length === 0, `${path}: ${problems.join('; ')}`);
      must((await battles(page)).length === 0, 'a battle is kept before any was started');
      return path;
    },
  ],
  [
    'the Winceby battle starts and is kept in the page\'s storage',
    async () => {
      await playPart(page, 'start', { dir });
      const { path } = await checkEnd(page, 'start', dir);
      const b = await theBattle(page);
      must(b.text.includes('system: "royalists_roundheads"'), `${b.key} is not a Royalists & Roundheads battle`);
      for (const army of ['Winceby Royalists', 'Winceby Parliament']) {
        must(b.text.includes(`name: "${army}"`), `${b.key} does not hold ${army}`);
      }
      const log = entries(b.text);
      must(log.length === 1 && log[0].title === 'Battle set up', `the new battle's log: ${log.map((e) => e.title).join(' / ')}`);
      return `${b.key}; ${path}`;
    },
  ],
  [
    'a fire is played by touch: firer, target, Start, the keypad, the choice',
    async () => {
      await playPart(page, 'fire', { dir });
      const { path, image } = await checkEnd(page, 'fire', dir);
      shows(image, 'fire', expect.result, path);
      const b = await theBattle(page);
      const log = entries(b.text);
      const fire = log.find((e) => e.title === expect.fire_title);
      must(fire, `no "${expect.fire_title}" in the kept log: ${log.map((e) => e.title).join(' / ')}`);
      must(/Call\(id: "fire"/.test(fire.body), `"${expect.fire_title}" is not the fire procedure`);
      must(/faces: \[6\], typed: true/.test(fire.body), 'the fire has not the 6 tapped on the keypad');
      must(/faces: \[6, 5\], typed: true/.test(fire.body), 'the morale check has not the 6 and 5 tapped');
      fireEntries = log.length;
      return `${expect.fire_taps} taps to the first roll, ${log.length} entries, the last "${log.at(-1).title}"; ${path}`;
    },
  ],
  [
    'reloaded, the battle resumes where it was',
    async () => {
      await page.reload();
      await h.settle(page);
      await playPart(page, 'resume', { dir });
      const { path, image } = await checkEnd(page, 'resume', dir);
      shows(image, 'resume', expect.result, path);
      must(entries((await theBattle(page)).text).length === fireEntries, 'the reload changed the kept log');
      return path;
    },
  ],
  [
    'with the server stopped the page reloads from its service worker and plays on',
    async () => {
      const workers = await page.evaluate(async () => (await navigator.serviceWorker?.getRegistrations())?.length ?? 0);
      must(workers > 0, 'the page registered no service worker');
      await online.stop();
      const refused = await fetch(online.url).then(() => false, () => true);
      must(refused, 'the server still answers');
      await page.reload();
      await h.settle(page);
      await playPart(page, 'offline', { dir });
      const { path } = await checkEnd(page, 'offline', dir);
      const log = entries((await theBattle(page)).text);
      must(log.length === fireEntries + 1, `the kept log has ${log.length} entries, not ${fireEntries + 1}`);
      must(/Call\(id: "next_phase"/.test(log.at(-1).body), `the last entry is "${log.at(-1).title}", not the clock moved on`);
      return `"${log.at(-1).title}" kept offline; ${path}`;
    },
  ],
  [
    'a swipe begun on a piece scrolls the pieces and picks nothing',
    async () => {
      const kept = entries((await theBattle(page)).text).length;
      await playPart(page, 'swipe', { dir });
      const { path } = await checkEnd(page, 'swipe', dir);
      must(entries((await theBattle(page)).text).length === kept, 'the swipe changed the kept log');
      return path;
    },
  ],
  [
    'the melee of two units against one is set up by touch alone and kept',
    async () => {
      await playPart(page, 'melee', { dir });
      const { path, image } = await checkEnd(page, 'melee', dir);
      shows(image, 'melee', expect.melee_title, path);
      const log = entries((await theBattle(page)).text);
      const melee = log.at(-1);
      must(melee.title === expect.melee_title, `the last kept entry is "${melee.title}", not "${expect.melee_title}"`);
      must(/Call\(id: "melee", actors: \[PieceId\(\d+\), PieceId\(\d+\)\]/.test(melee.body), 'the kept melee has not two attackers');
      return `${expect.melee_taps} taps to its first roll; ${path}`;
    },
  ],
  [
    'a roster sheet downloads as a PDF that names the army',
    async () => {
      const taps = targets().parts.print.taps;
      let download = null;
      await playPart(page, 'print', {
        dir,
        before: (tap) => {
          if (tap !== taps.at(-1)) return null;
          download = page.waitForEvent('download', { timeout: 20000 });
          return download;
        },
      });
      const file = await download;
      const pdf = join(dir, file.suggestedFilename() || 'roster.pdf');
      await file.saveAs(pdf);
      must(existsSync(pdf), `the download was not saved as ${pdf}`);
      const text = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' });
      must(text.includes(expect.army), `${pdf} does not name ${expect.army}:\n${text.slice(0, 400)}`);
      return `${file.suggestedFilename()} names ${expect.army}`;
    },
  ],
  [
    'the page reported no error',
    async () => {
      const errors = messages.filter((m) => m.startsWith('page error') || m.startsWith('console.error'));
      must(errors.length === 0, errors.join('\n'));
    },
  ],
];

const ok = await h.run(`Adjutant in headless Chromium at ${size().width}×${size().height}, by touch`, steps, {
  messages: () => messages,
  cleanup: async () => {
    await context.close();
    await server.stop();
  },
});
process.exit(ok ? 0 : 1);
