// Plays the taps (and swipes) that src/ui/tests/phone.rs found on the same window at the same
// size (its JSON, target/web-test/targets.json) on the page, by touch alone (nothing is
// typed), part by part: a swipe is a finger put down on a piece, moved and rested before it
// lifts, as phone.rs swipes. Before each tap it
// can take a screenshot and check it: not blank, nothing cut at an edge, ink (drawn pixels)
// where the texts of the simulated screen are, the tapped one first, and alike the picture
// of the simulated screen — so a page that lays out otherwise than the simulated window
// fails at the first tap that would miss.
// With `timed`, it notes what each tap cost the page (probe.js).
import { join } from 'node:path';
import * as h from './harness.mjs';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { decode, differences, logical, region } from './png.mjs';

export const TARGETS = process.env.ADJUTANT_WEB_TARGETS ?? join(h.ROOT, 'target', 'web-test', 'targets.json');

let loaded = null;
/** The taps, parts and expectations phone.rs wrote. */
export function targets() {
  loaded ??= h.readJson(TARGETS);
  return loaded;
}

/** The page's size as phone.rs played it, at three device pixels each (or ADJUTANT_WEB_SCALE). */
export function size() {
  const t = targets();
  return { width: t.size.width, height: t.size.height, scale: Number(process.env.ADJUTANT_WEB_SCALE ?? 3) };
}

/**
 * Ink where a text shows: the share of its box (CSS pixels, scaled to the screenshot's
 * device pixels) that stands out from the box's background.
 */
export function inkAt(image, bounds, scale) {
  const [x, y, w, hgt] = bounds;
  // Faint text (a shortcut's caption on a button) stands out from its ground by less than
  // bold text does: a luma step of 20 counts.
  return region(image, x * scale, y * scale, w * scale, hgt * scale, 20).ink;
}

/**
 * What is wrong with a screenshot against the texts the simulated screen shows there: the
 * screen's own problems (blank, cut at an edge), a tapped text with no ink, and more than a
 * tenth of the other texts without ink.
 */
export function compare(image, shows, scale, tapped = null) {
  const found = h.lookProblems(image);
  // Texts a scrolled panel shows only a sliver of are left out.
  shows = shows.filter((s) => s.bounds[2] >= 4 && s.bounds[3] >= 8);
  const blank = shows.filter((s) => inkAt(image, s.bounds, scale) < 0.01);
  if (tapped && blank.some((s) => s.text === tapped.text && String(s.bounds) === String(tapped.bounds))) {
    found.push(`nothing is drawn where ${JSON.stringify(tapped.text)} should be, at ${tapped.bounds.map((v) => v.toFixed(0)).join(', ')}`);
  }
  if (blank.length > Math.max(1, shows.length / 10)) {
    found.push(
      `${blank.length} of ${shows.length} texts have nothing drawn where the simulated window has them: ` +
        blank.slice(0, 8).map((s) => `${JSON.stringify(s.text)} at ${s.bounds.map((v) => v.toFixed(0)).join(',')}`).join('; '),
    );
  }
  return found;
}

/**
 * Where a screenshot differs from the simulated window's picture of the same screen
 * (`picture`, drawn by phone.rs at two pixels to one): both brought to one pixel per logical
 * pixel and compared in 6×6 squares. More than 1 % of the squares differing fails (a
 * battle's file name with the minute it was made differs, and little else should).
 */
export function unlike(image, picture, scale) {
  if (!picture) return [];
  const { width, height } = size();
  const sim = decode(readFileSync(join(dirname(TARGETS), picture)));
  const d = differences(logical(sim, 2, width, height), logical(image, scale, width, height), width, height);
  if (d.share <= 0.01) return [];
  const where = d.blocks.slice(0, 6).map(([x, y, v]) => `(${x}, ${y}) by ${v}`).join(', ');
  return [`${(d.share * 100).toFixed(1)} % of the screen differs from the simulated window's ${picture}, most at ${where}`];
}

/** What one tap cost the page, from the probe's notes after `since`. */
function cost(notes, since) {
  const tap = notes.taps.find((t) => t.at >= since);
  if (!tap) return null;
  const put = notes.puts.find((p) => p.end >= tap.at);
  if (!put) return null;
  const frame = notes.frames.find((f) => f.start <= put.start && f.end >= put.end);
  const done = tap.done ?? tap.at;
  // The tap's handlers and their microtasks (to `done`), and the frame that drew it, when it
  // came after them; when it came before, all of it is inside tap → done... or after it.
  let work;
  if (frame && frame.start >= done) work = done - tap.at + (frame.end - frame.start);
  else work = Math.max(done, frame?.end ?? put.end) - tap.at;
  // The window's own part (src/ui/timing.rs): its update and view calls from the tap to the
  // frame that showed it.
  const until = frame?.end ?? put.end;
  const app = (notes.app ?? []).filter(([, start]) => start >= tap.at && start <= until);
  const sum = (what) => app.filter(([w]) => w === what).reduce((n, [, a, b]) => n + (b - a), 0);
  return {
    work,
    updateView: app.length ? sum('update') + sum('view') : null,
    update: sum('update'),
    view: sum('view'),
    latency: put.end - tap.timeStamp,
    frame: frame ? frame.end - frame.start : null,
    put: put.end - put.start,
    pixels: put.width * put.height,
  };
}

/**
 * Taps through the part `name` of the play. With `dir`, each tap's screen is saved and
 * checked first (see compare). With `timed`, returns each tap's cost. `before(tap)` may act
 * just before a tap (e.g. wait for a download); after a tap for which `still(tap)` holds, the
 * screen may stay as it was (the browser's file picker opens).
 */
export async function playPart(page, name, { dir = null, timed = false, before = null, still = () => false } = {}) {
  const part = targets().parts[name];
  if (!part) throw new Error(`targets.json has no part ${name}`);
  const { scale } = size();
  const costs = [];
  for (const tap of part.taps) {
    if (dir) {
      const { path, found, looks } = await h.lookSettled(page, async () => {
        const { path, image } = await h.screenshot(page, dir, `${name}-${tap.name.replace(/[^a-z0-9]+/gi, '-')}`);
        return { path, found: [...compare(image, tap.shows, scale, tap), ...unlike(image, tap.picture, scale)] };
      });
      if (found.length) throw new Error(`before "${tap.name}" (${path}), ${looks} looks:\n  ${found.join('\n  ')}`);
    }
    const since = await h.now(page);
    const waiting = before ? before(tap) : null;
    if (tap.drag) await h.drag(page, tap.x, tap.y, tap.drag[0], tap.drag[1]);
    else await page.touchscreen.tap(tap.x, tap.y);
    await h.settle(page, { since, still: still(tap) }).catch((e) => {
      throw new Error(`after "${tap.name}" at (${tap.x.toFixed(0)}, ${tap.y.toFixed(0)}): ${e.message}`);
    });
    if (waiting) await waiting;
    if (timed) {
      const c = cost(await h.probe(page), since);
      if (c) costs.push({ name: tap.name, keypad: tap.keypad, ...c });
    }
  }
  return costs;
}

/** Checks the screen at the end of the part `name` against the simulated one. */
export async function checkEnd(page, name, dir) {
  const part = targets().parts[name];
  const { path, image, found, looks } = await h.lookSettled(page, async () => {
    const { path, image } = await h.screenshot(page, dir, `${name}-done`);
    return { path, image, found: [...compare(image, part.end, size().scale), ...unlike(image, part.end_picture, size().scale)] };
  });
  if (found.length) throw new Error(`at the end of ${name} (${path}), ${looks} looks:\n  ${found.join('\n  ')}`);
  return { path, image };
}

/** The bench's play: the battle started and the fire played, every tap timed. */
export async function replay(page, { timed = true } = {}) {
  const costs = [];
  for (const name of ['start', 'fire']) costs.push(...(await playPart(page, name, { timed })));
  return costs;
}
