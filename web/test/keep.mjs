// The browser check's backup play (scripts/check-web.sh): a backup of everything made by the
// desktop binary (ADJUTANT_WEB_BACKUP, of the data folder ADJUTANT_WEB_DESKTOP) is restored in
// the page through the browser's file picker, a battle is started there, and everything is
// backed up again as a download; the desktop binary (ADJUTANT_BIN) restores that download into
// a fresh data folder. Every battle, army and table file comes back byte for byte: the
// desktop's through the page and back, and the battle the page started as the page saved it.
// The taps are those src/ui/tests/phone/keep.rs found on the same window at the same size
// (ADJUTANT_WEB_TARGETS names its JSON); every screen is saved as target/web-test/keep/NN-*.png
// and checked before each tap (not blank, nothing cut at an edge, drawn where the simulated
// window has its texts).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as h from './harness.mjs';
import { checkEnd, playPart, size, targets } from './play.mjs';

const dir = join(h.ROOT, 'target', 'web-test', 'keep');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const bin = process.env.ADJUTANT_BIN ?? join(h.ROOT, 'target', 'debug', 'adjutant');
const desktop = process.env.ADJUTANT_WEB_DESKTOP;
const desktopBackup = process.env.ADJUTANT_WEB_BACKUP;
const expect = targets().expect;

function must(ok, what) {
  if (!ok) throw new Error(what);
}

/** The items of a backup file: kind, path and text (the raw string read as it is written). */
export function items(text) {
  const found = [];
  const head = /Item\(\s*kind: (\w+),\s*path: "((?:[^"\\]|\\.)*)",\s*checksum: "[0-9a-f]{16}",\s*text: r(#+)"/g;
  for (let m; (m = head.exec(text)); ) {
    const start = head.lastIndex;
    const end = text.indexOf(`"${m[3]}`, start);
    must(end >= 0, `the text of ${m[2]} never ends`);
    found.push({ kind: m[1], path: JSON.parse(`"${m[2]}"`), text: text.slice(start, end) });
    head.lastIndex = end;
  }
  return found;
}

/** The files under `root` a backup carries (battles, armies, table files), by path inside it. */
function kept(root) {
  const out = new Map();
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) {
        // The bin stays on its device.
        if (!(name === 'bin' && d === join(root, 'battles'))) walk(p);
      } else if (name.endsWith('.ron') && !name.startsWith('.')) {
        const inside = relative(root, p);
        if (inside !== join('config', 'settings.ron')) out.set(inside, readFileSync(p, 'utf8'));
      }
    }
  };
  walk(root);
  return out;
}

/** Runs the desktop binary; its output, or what it said when it failed. */
function adjutant(args) {
  try {
    return execFileSync(bin, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    throw new Error(`adjutant ${args.join(' ')} exited ${e.status}:\n${e.stdout}${e.stderr}`);
  }
}

must(desktop && desktopBackup, 'ADJUTANT_WEB_DESKTOP and ADJUTANT_WEB_BACKUP name the desktop data folder and its backup');
const server = await h.serve();
const { context, page, messages } = await h.launch(join(dir, 'profile'), size(), { room: h.SIMULATED_ROOM });
const browserBackup = join(dir, 'browser-backup.ron');
const restoreTap = targets().parts.restore.taps.at(-1);
const backupTap = targets().parts.backup.taps.at(-1);

/** The file picker the restore tap opens (the browser's own, or rfd's overlay) given `file`. */
function pickOnTap(file) {
  const chooser = page.waitForEvent('filechooser', { timeout: 20000 });
  const overlay = page.waitForSelector('#rfd-overlay:not(.hidden) #rfd-input', { state: 'attached', timeout: 20000 });
  chooser.catch(() => {});
  overlay.catch(() => {});
  return async () => {
    const first = await Promise.race([chooser.then((c) => ({ c })), overlay.then(() => ({ overlay: true }))]);
    const since = await h.now(page);
    if (first.c) await first.c.setFiles(file);
    else await page.setInputFiles('#rfd-input', file);
    await h.settle(page, { since });
    return first.c ? 'the browser\'s picker' : 'the picker\'s overlay';
  };
}

let picked = '';
let download = null;
const steps = [
  [
    'the page opens on the home screen, with nothing kept',
    async () => {
      await page.goto(server.url);
      await h.settle(page);
      const { path, image } = await h.screenshot(page, dir, 'home');
      const problems = h.lookProblems(image);
      must(problems.length === 0, `${path}: ${problems.join('; ')}`);
      return path;
    },
  ],
  [
    'the desktop\'s backup is restored from the file picked',
    async () => {
      let pick = null;
      await playPart(page, 'restore', {
        dir,
        before: (tap) => {
          if (tap !== restoreTap) return null;
          pick = pickOnTap(desktopBackup);
          return null;
        },
        // The tap opens the browser's file picker; the screen stays as it was until a file is
        // picked.
        still: (tap) => tap === restoreTap,
      });
      picked = await pick();
      const { path } = await checkEnd(page, 'restore', dir);
      return `through ${picked}: "${expect.restored}"; ${path}`;
    },
  ],
  [
    'a battle is started in the page and left',
    async () => {
      await playPart(page, 'play', { dir });
      const { path } = await checkEnd(page, 'play', dir);
      return path;
    },
  ],
  [
    'everything is backed up as a download',
    async () => {
      await playPart(page, 'backup', {
        dir,
        before: (tap) => {
          if (tap !== backupTap) return null;
          download = page.waitForEvent('download', { timeout: 20000 });
          return download;
        },
      });
      const file = await download;
      must(/^adjutant-backup-\d{4}-\d\d-\d\d\.ron$/.test(file.suggestedFilename()), `downloaded as ${file.suggestedFilename()}`);
      await file.saveAs(browserBackup);
      // The page says what it downloaded, which the simulated window (downloading nothing)
      // does not: the screen is checked for itself.
      await h.settle(page);
      const { path, image } = await h.screenshot(page, dir, 'backup-done');
      const problems = h.lookProblems(image);
      must(problems.length === 0, `${path}: ${problems.join('; ')}`);
      return `${file.suggestedFilename()}; ${path}`;
    },
  ],
  [
    'the page\'s backup holds every item of the desktop\'s, byte for byte, and the battle it started',
    async () => {
      const mine = items(readFileSync(desktopBackup, 'utf8'));
      const theirs = items(readFileSync(browserBackup, 'utf8'));
      must(mine.length > 0, `no items in ${desktopBackup}`);
      for (const item of mine) {
        const same = theirs.find((t) => t.kind === item.kind && t.path === item.path);
        must(same, `the page's backup has no ${item.kind} ${item.path}`);
        must(same.text === item.text, `the page's ${item.kind} ${item.path} differs from the desktop's`);
      }
      const started = theirs.filter((t) => t.kind === 'Battle' && !mine.some((m) => m.path === t.path));
      must(started.length === 1, `the page's backup has ${started.length} battles of its own`);
      must(started[0].text.includes('name: "Winceby Royalists"'), `${started[0].path} is not the Winceby battle`);
      return `${theirs.length} items: the desktop's ${mine.length} and ${started[0].path}`;
    },
  ],
  [
    'the page\'s backup restores on the desktop, every file byte for byte',
    async () => {
      const fresh = join(dir, 'desktop-again');
      rmSync(fresh, { recursive: true, force: true });
      const said = adjutant(['--data-dir', fresh, 'restore-backup', browserBackup]);
      const before = kept(desktop);
      const after = kept(fresh);
      for (const [path, text] of before) {
        must(after.has(path), `${path} did not come back: ${said}`);
        must(after.get(path) === text, `${path} came back changed`);
      }
      const theirs = items(readFileSync(browserBackup, 'utf8')).filter((t) => t.kind === 'Battle');
      for (const t of theirs) {
        must(after.get(join('battles', t.path)) === t.text, `the page's battle ${t.path} did not come back as the page kept it`);
      }
      must(after.size === before.size + 1, `${after.size} files came back, not ${before.size + 1}`);
      adjutant(['--data-dir', fresh, 'battles']);
      const again = adjutant(['--data-dir', fresh, 'restore-backup', browserBackup]);
      must(/Already here, so skipped/.test(again) && !/Added/.test(again), `restoring twice added something: ${again}`);
      return said.trim().split('\n').at(-1);
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

const ok = await h.run(`Adjutant's backup between the desktop and headless Chromium at ${size().width}×${size().height}`, steps, {
  messages: () => messages,
  cleanup: async () => {
    await context.close();
    await server.stop();
  },
});
process.exit(ok ? 0 : 1);
