// Tap to frame on a phone, this page against an earlier one, side by side in one run
// (scripts/bench-web.sh runs it after bench.mjs; benches/README.md, "In the browser"):
//
//   ADJUTANT_WEB_BASELINE=DIR ADJUTANT_WEB_BASELINE_TARGETS=FILE ADJUTANT_WEB_BASELINE_NAME=76fc5bf \
//   ADJUTANT_WEB_TARGETS=FILE node web/test/speed.mjs
//
// plays the battle's start and a fire (the browser check's taps, each page with the taps its
// own window's phone.rs found, so a page laid out otherwise is still tapped on its buttons) on
// both pages at 390×844 at one and three device pixels to one, and at three with Chromium's
// CPU four times slower (DevTools' Emulation.setCPUThrottlingRate 4, as a mid-range phone),
// SPEED_RUNS times each (default 2; the two pages take turns going first), in a fresh browser
// each time. Reports each case's tap to frame, from the tap's pointerup to the end of the
// frame that shows it on the canvas, median and slowest over every tap of its plays; and each
// page's transfer, every file its service worker keeps (what a first visit downloads) and
// sw.js, compressed with gzip -9 and with brotli (quality 11).
//
// Targets (this page): at three to one a median at most a quarter of the earlier page's;
// with the CPU four times slower a median ≤ 150 ms and the slowest ≤ 400 ms; the transfer
// ≤ 3 MB with brotli (what a host sends from the build's .br files). Prints the table and
// writes target/web-bench/speed.json; exits 1 if a target is missed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import * as h from './harness.mjs';

const RUNS = Number(process.env.SPEED_RUNS ?? 2);
const out = join(h.ROOT, 'target', 'web-bench');

const pages = [
  {
    name: process.env.ADJUTANT_WEB_BASELINE_NAME ?? 'earlier',
    dir: process.env.ADJUTANT_WEB_BASELINE,
    targets: process.env.ADJUTANT_WEB_BASELINE_TARGETS,
  },
  {
    name: 'this build',
    dir: h.PAGE,
    targets: process.env.ADJUTANT_WEB_TARGETS ?? join(h.ROOT, 'target', 'web-test', 'targets.json'),
  },
];
for (const p of pages) {
  if (!p.dir || !p.targets) {
    console.error('speed.mjs: ADJUTANT_WEB_BASELINE and ADJUTANT_WEB_BASELINE_TARGETS name the earlier page and its taps');
    process.exit(2);
  }
}

const cases = [
  { name: '390×844 at 1×', scale: 1, cpu: 1 },
  { name: '390×844 at 3×', scale: 3, cpu: 1 },
  { name: '390×844 at 3×, CPU 4× slower', scale: 3, cpu: 4 },
];

/** One play of `page` in `c` (taps.mjs in a process of its own). */
function play(page, c) {
  const run = spawnSync(process.execPath, [join(h.ROOT, 'web', 'test', 'taps.mjs')], {
    env: {
      ...process.env,
      ADJUTANT_WEB_PAGE: page.dir,
      ADJUTANT_WEB_TARGETS: page.targets,
      ADJUTANT_WEB_SCALE: String(c.scale),
      ADJUTANT_WEB_CPU: String(c.cpu),
    },
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const line = run.stdout.trim().split('\n').at(-1);
  if (run.status !== 0 || !line?.startsWith('{')) {
    throw new Error(`${page.name}, ${c.name}: the play failed (${run.status})\n${run.stderr}`);
  }
  return JSON.parse(line);
}

/** What a first visit downloads: the service worker's files and sw.js, compressed. */
function transfer(dir) {
  const sw = readFileSync(join(dir, 'sw.js'), 'utf8');
  const files = JSON.parse(sw.match(/const FILES = (\[[^\]]*\]);/)[1]).map((f) => (f === './' ? 'index.html' : f));
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const f of new Set([...files, 'sw.js'])) {
    const bytes = readFileSync(join(dir, f));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    brotli += brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }).length;
  }
  return { raw, gzip, brotli };
}

const results = cases.map((c) => ({ ...c, pages: pages.map(() => ({ taps: [], canvas: null })) }));
for (let round = 0; round < RUNS; round++) {
  for (const r of results) {
    // The pages take turns going first, so that neither always meets the machine as the other left it.
    const order = round % 2 ? [1, 0] : [0, 1];
    for (const i of order) {
      const got = play(pages[i], r);
      r.pages[i].taps.push(...got.taps);
      r.pages[i].canvas = got.canvas;
      const lat = got.taps.map((t) => t.latency);
      console.error(`round ${round + 1} of ${RUNS}, ${r.name}, ${pages[i].name} (canvas ${got.canvas?.join('×')}): median ${h.median(lat).toFixed(1)} ms, slowest ${Math.max(...lat).toFixed(1)} ms`);
    }
  }
}

const sizes = pages.map((p) => transfer(p.dir));
let failed = false;
const verdict = (ok) => {
  if (!ok) failed = true;
  return ok ? 'pass' : 'FAIL';
};
const ms = (v) => `${v.toFixed(1)}`;
const mb = (b) => `${(b / 1e6).toFixed(2)} MB`;
const col = (s, n) => String(s).padEnd(n);
const summary = results.map((r) => ({
  name: r.name,
  scale: r.scale,
  cpu: r.cpu,
  pages: r.pages.map((p) => {
    const lat = p.taps.map((t) => t.latency);
    return { canvas: p.canvas, taps: lat.length, median: h.median(lat), slowest: Math.max(...lat) };
  }),
}));

console.log();
console.log(`Tap to frame, ${pages[0].name} against ${pages[1].name}: headless Chromium${process.env.CHROMIUM_VERSION ? ` ${process.env.CHROMIUM_VERSION}` : ''}, the start and a fire, ${RUNS} plays of each`);
console.log(`${col('case', 32)} ${col(`${pages[0].name}: median / slowest`, 30)} ${col(`${pages[1].name}: median / slowest`, 30)} ${col('target', 26)} result`);
for (const s of summary) {
  const [a, b] = s.pages;
  let target = '-';
  let result = '';
  if (s.scale === 3 && s.cpu === 1) {
    target = `median ≤ ${ms(a.median / 4)} (a quarter)`;
    result = verdict(b.median <= a.median / 4);
  } else if (s.cpu === 4) {
    target = 'median ≤ 150, slowest ≤ 400';
    result = verdict(b.median <= 150 && b.slowest <= 400);
  }
  const cell = (p) => `${ms(p.median)} / ${ms(p.slowest)} ms (${p.taps} taps)`;
  console.log(`${col(s.name, 32)} ${col(cell(a), 30)} ${col(cell(b), 30)} ${col(target, 26)} ${result}`);
}
const [sa, sb] = sizes;
console.log(`${col('canvas at 3× (device pixels)', 32)} ${col(summary[1].pages[0].canvas?.join('×') ?? '-', 30)} ${col(summary[1].pages[1].canvas?.join('×') ?? '-', 30)}`);
console.log(`${col('transfer, gzip -9 / brotli', 32)} ${col(`${mb(sa.gzip)} / ${mb(sa.brotli)}`, 30)} ${col(`${mb(sb.gzip)} / ${mb(sb.brotli)}`, 30)} ${col('≤ 3 MB brotli', 26)} ${verdict(sb.brotli <= 3e6)}`);
console.log(`${col('  raw', 32)} ${col(mb(sa.raw), 30)} ${col(mb(sb.raw), 30)}`);
mkdirSync(out, { recursive: true });
h.writeJson(join(out, 'speed.json'), { runs: RUNS, pages, sizes, summary, results });
process.exit(failed ? 1 : 0);
