// Adjutant's page measured in headless Chromium at a phone's size (scripts/bench-web.sh):
//
//   transferred size  every file the page asked the server for on a first visit (the server's
//                     log: the page, its script, the wasm, the service worker and what it
//                     keeps), each compressed with brotli (quality 11, as the build's .br
//                     files a host sends) and with gzip -9, summed. Target ≤ 3 MB with brotli.
//   first frame       from navigation (performance.timeOrigin) to the end of the first frame
//                     the page hands its canvas that is not one colour (probe.js), on a first
//                     visit with a fresh profile; median of RUNS. Target ≤ 3 s. The same after
//                     a reload, served by the service worker, is shown too (not judged).
//   one action        a tap on the battle screen (the check's taps: picks, Start, the keypad's
//                     faces): the window's update and view it set off, each call timed by the
//                     window itself (src/ui/timing.rs, noted on the probe), summed from the
//                     tap to the frame that shows it. Median. Target ≤ 16 ms, as the
//                     desktop's action bench (benches/action.rs) measures update + view. The
//                     page's whole work for the tap, drawing the canvas and handing it over
//                     included (from the tap's handlers and the tasks they queue to the end of
//                     the frame that draws it), and the time from the tap to the frame on the
//                     canvas, are shown too (not judged): at three device pixels to one most
//                     of a tap's time is the software renderer's drawing.
//
// Prints a table of figures, targets and pass/fail and writes target/web-bench/figures.json;
// exits 1 if a target is missed.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as h from './harness.mjs';
import { replay, size } from './play.mjs';

const RUNS = Number(process.env.RUNS ?? 5);
const out = join(h.ROOT, 'target', 'web-bench');

/** The file under target/web that a request's path names. */
function fileOf(path) {
  let p = decodeURIComponent(path.split('?')[0]);
  if (p.endsWith('/')) p += 'index.html';
  return join(h.PAGE, p);
}

const server = await h.serve();
const figures = { runs: RUNS, cold: [], warm: [], files: [], actions: [] };
let failed = false;
try {
  // --- first visits, each with a fresh profile
  for (let i = 0; i < RUNS; i++) {
    const { context, page, messages } = await h.launch(join(out, `profile-${i}`), size());
    try {
      const before = server.requests.length;
      await page.goto(server.url, { waitUntil: 'commit' });
      figures.cold.push(await h.firstFrame(page));
      await h.settle(page);
      if (i === 0) {
        // The service worker keeps its files once it is installed: wait for it, so the
        // transfer counts them too.
        await page.evaluate(() => navigator.serviceWorker?.ready).catch(() => {});
        await new Promise((ok) => setTimeout(ok, 1000));
        const asked = new Set(server.requests.slice(before).filter((r) => r.status < 400).map((r) => r.path));
        for (const path of asked) {
          const file = fileOf(path);
          if (!existsSync(file) || !statSync(file).isFile()) continue;
          const bytes = readFileSync(file);
          const brotli = brotliCompressSync(bytes, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
          }).length;
          figures.files.push({ path, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, brotli });
        }
      }
      if (i === RUNS - 1) {
        // --- reloads, the page now served by its service worker
        for (let j = 0; j < RUNS; j++) {
          await page.reload({ waitUntil: 'commit' });
          figures.warm.push(await h.firstFrame(page));
          await h.settle(page);
        }
        // --- actions: the check's taps, each timed
        figures.actions = await replay(page, { timed: true });
      }
    } catch (e) {
      console.error(`run ${i + 1}: ${e.message}\n${messages.join('\n')}`);
      throw e;
    } finally {
      await context.close();
    }
    console.error(`run ${i + 1} of ${RUNS}: first frame ${figures.cold.at(-1)?.toFixed(0)} ms`);
  }
} finally {
  await server.stop();
}

const sum = (k) => figures.files.reduce((n, f) => n + f[k], 0);
const mb = (b) => `${(b / 1e6).toFixed(2)} MB`;
const ms = (v) => `${v.toFixed(1)} ms`;
const taps = figures.actions;
const work = h.median(taps.map((t) => t.work));
const latency = h.median(taps.map((t) => t.latency));
const keys = taps.filter((t) => t.keypad);
const verdict = (ok) => {
  if (!ok) failed = true;
  return ok ? 'pass' : 'FAIL';
};
const row = (...c) => console.log(`${c[0].padEnd(44)} ${c[1].padEnd(30)} ${c[2].padEnd(12)} ${c[3] ?? ''}`);

console.log();
console.log('Files the page loads (first visit):');
for (const f of figures.files) console.log(`  ${f.path.padEnd(40)} ${String(f.bytes).padStart(10)} B  gzip -9 ${String(f.gzip).padStart(9)} B  brotli ${String(f.brotli).padStart(9)} B`);
console.log();
console.log(`Browser figures: headless Chromium${process.env.CHROMIUM_VERSION ? ` ${process.env.CHROMIUM_VERSION}` : ''}, ${size().width}×${size().height} at ${size().scale}×, ${RUNS} first visits`);
row('figure', 'measured', 'target', 'result');
row('transferred size (brotli, summed)', `${mb(sum('brotli'))} (gzip -9 ${mb(sum('gzip'))}, ${mb(sum('bytes'))} raw)`, '≤ 3 MB', verdict(sum('brotli') <= 3e6 && figures.files.length > 0));
row('first frame, first visit (median)', ms(h.median(figures.cold)), '≤ 3 s', verdict(h.median(figures.cold) <= 3000));
row('  each first visit', figures.cold.map((v) => v.toFixed(0)).join(', ') + ' ms', '-');
row('first frame, reload (service worker)', ms(h.median(figures.warm)), '(not judged)');
const timed = taps.filter((t) => t.updateView !== null);
const updateView = timed.length ? h.median(timed.map((t) => t.updateView)) : NaN;
row(`one action: update + view (median of ${timed.length} taps)`, timed.length ? `${ms(updateView)} (update ${ms(h.median(timed.map((t) => t.update)))}, view ${ms(h.median(timed.map((t) => t.view)))})` : 'not noted', '≤ 16 ms', verdict(timed.length > 0 && updateView <= 16));
row('  slowest update + view', timed.length ? ms(Math.max(...timed.map((t) => t.updateView))) : '-', '(not judged)');
row(`one action: all the page's work, drawing included (median of ${taps.length})`, ms(work), '(not judged)');
row(`  of them keypad faces (median of ${keys.length})`, keys.length ? ms(h.median(keys.map((t) => t.work))) : '-', '(not judged)');
row('  slowest tap', taps.length ? `${ms(Math.max(...taps.map((t) => t.work)))} (${taps.reduce((a, t) => (t.work > a.work ? t : a)).name})` : '-', '(not judged)');
row('one action: tap to frame on the canvas', ms(latency), '(not judged)');
h.writeJson(join(out, 'figures.json'), figures);
process.exit(failed ? 1 : 0);
