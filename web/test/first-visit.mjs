// The browser check of a first visit (scripts/check-web.sh runs it after check.mjs): what a
// phone downloads and installs, and what it shows while it does.
//
//   1. the build's files: every file of target/web is on the service worker's list (sw.js
//      itself apart), every file on the list is there, and each FILE.gz and FILE.br beside a
//      file holds exactly that file, compressed (every file but the PNGs has both);
//   2. the web app manifest: an id, a name, a start, standalone display, 192 and 512 px
//      icons that are the size they say, and maskable ones: opaque to the corners, with
//      everything outside the centre circle (80 % of the side across, what any launcher's
//      shape keeps) the background colour, so the artwork sits inside it;
//   3. the first visit on a slow network (Chromium's own throttling, 1.5 MB/s), the files
//      sent compressed as a host set up for them sends them (precompressed.mjs): the loading
//      line counts the wasm's megabytes up to its whole size, with a bar, then says
//      "Starting…" until the window's first frame, and goes;
//   4. the service worker keeps every file on its list.
//
// A failing step says what it saw; a screenshot of the loading line is kept in
// target/web-test/first-visit/.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as h from './harness.mjs';
import { decode } from './png.mjs';
import { servePrecompressed } from './precompressed.mjs';

const dir = join(h.ROOT, 'target', 'web-test', 'first-visit');
mkdirSync(dir, { recursive: true });

/** The service worker's list of files (sw.js as the build wrote it). */
function swFiles() {
  const sw = readFileSync(join(h.PAGE, 'sw.js'), 'utf8');
  const m = sw.match(/const FILES = (\[[^\]]*\]);/);
  if (!m) throw new Error('sw.js has no list of files (const FILES = [...])');
  return JSON.parse(m[1]);
}

/** Every file of the build, its path from target/web (the wasm's JavaScript modules are under snippets/). */
function built() {
  return readdirSync(h.PAGE, { recursive: true })
    .map(String)
    .filter((f) => statSync(join(h.PAGE, f)).isFile());
}

function filesStep() {
  const listed = swFiles();
  const all = built();
  const files = all.filter((f) => !/\.(gz|br)$/.test(f) && f !== 'sw.js');
  const unlisted = files.filter((f) => !listed.includes(f));
  if (unlisted.length) throw new Error(`not kept by the service worker: ${unlisted.join(', ')}`);
  const missing = listed.filter((f) => f !== './' && !files.includes(f));
  if (missing.length) throw new Error(`on the service worker's list but not built: ${missing.join(', ')}`);
  if (!listed.includes('./')) throw new Error('the service worker does not keep the page itself ("./")');
  const problems = [];
  let gz = 0;
  let br = 0;
  for (const f of [...files, 'sw.js']) {
    const bytes = readFileSync(join(h.PAGE, f));
    const beside = all.filter((g) => g === `${f}.gz` || g === `${f}.br`);
    if (!f.endsWith('.png') && beside.length !== 2) problems.push(`${f} has ${beside.join(', ') || 'nothing'} beside it, not .gz and .br`);
    for (const g of beside) {
      const packed = readFileSync(join(h.PAGE, g));
      const unpacked = g.endsWith('.gz') ? gunzipSync(packed) : brotliDecompressSync(packed);
      if (!unpacked.equals(bytes)) problems.push(`${g} does not hold ${f}`);
      if (g.endsWith('.gz')) gz += packed.length;
      else br += packed.length;
    }
  }
  if (problems.length) throw new Error(problems.join('\n'));
  return `${files.length} files and sw.js, all kept; compressed beside them: ${(gz / 1e6).toFixed(2)} MB gzip, ${(br / 1e6).toFixed(2)} MB brotli`;
}

/** [width, height] of a PNG's header. */
function pngSize(bytes) {
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

function manifestStep() {
  const m = h.readJson(join(h.PAGE, 'manifest.webmanifest'));
  const problems = [];
  for (const key of ['id', 'name', 'short_name', 'start_url', 'scope', 'background_color', 'theme_color']) {
    if (typeof m[key] !== 'string' || !m[key]) problems.push(`no ${key}`);
  }
  if (m.display !== 'standalone') problems.push(`display is ${m.display}, not standalone`);
  const icons = m.icons ?? [];
  const purposes = (i) => String(i.purpose ?? 'any').split(/\s+/);
  for (const icon of icons) {
    if (icon.type !== 'image/png') continue;
    const [w, hgt] = pngSize(readFileSync(join(h.PAGE, icon.src)));
    if (icon.sizes !== `${w}x${hgt}`) problems.push(`${icon.src} says ${icon.sizes} but is ${w}x${hgt}`);
  }
  for (const size of ['192x192', '512x512']) {
    if (!icons.some((i) => i.sizes === size && purposes(i).includes('any'))) problems.push(`no ${size} icon`);
    if (!icons.some((i) => i.sizes === size && purposes(i).includes('maskable'))) problems.push(`no ${size} maskable icon`);
  }
  const background = m.background_color.match(/^#(..)(..)(..)$/).slice(1).map((v) => parseInt(v, 16));
  const said = [];
  for (const icon of icons.filter((i) => purposes(i).includes('maskable'))) {
    const image = decode(readFileSync(join(h.PAGE, icon.src)));
    const centre = image.width / 2;
    const safe = 0.4 * image.width;
    let transparent = 0;
    let outside = 0;
    let reach = 0;
    for (let y = 0; y < image.height; y++) {
      for (let x = 0; x < image.width; x++) {
        const i = (y * image.width + x) * image.channels;
        const [r, g, b] = image.channels >= 3 ? image.data.subarray(i, i + 3) : [image.data[i], image.data[i], image.data[i]];
        const a = image.channels === 4 || image.channels === 2 ? image.data[i + image.channels - 1] : 255;
        if (a !== 255) transparent += 1;
        const art = Math.max(Math.abs(r - background[0]), Math.abs(g - background[1]), Math.abs(b - background[2])) > 8;
        if (!art) continue;
        const d = Math.hypot(x + 0.5 - centre, y + 0.5 - centre);
        reach = Math.max(reach, d);
        if (d > safe) outside += 1;
      }
    }
    if (transparent) problems.push(`${icon.src}: ${transparent} pixels not opaque`);
    if (outside) problems.push(`${icon.src}: ${outside} pixels of artwork outside the safe circle (radius ${safe} px)`);
    if (reach < 0.3 * image.width) problems.push(`${icon.src}: the artwork reaches only ${reach.toFixed(0)} px from the centre, lost in the safe circle`);
    said.push(`${icon.src} reaches ${((reach / image.width) * 200).toFixed(0)} % of the side across`);
  }
  if (problems.length) throw new Error(problems.join('\n'));
  return `id ${JSON.stringify(m.id)}, ${icons.length} icons; ${said.join(', ')} (the safe circle: 80 %)`;
}

// Notes each text the loading line shows, and when, from before the page's scripts run.
const WATCH = `(() => {
  const seen = [];
  window.__adjutantStatus = seen;
  const note = () => {
    const s = document.getElementById('status');
    if (!s) return;
    const bar = s.querySelector('progress');
    const text = (s.hidden ? '(hidden) ' : '') + s.textContent;
    if (seen.at(-1)?.text !== text) seen.push({ at: performance.now(), text, bar: bar ? bar.value : null });
  };
  new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
})();`;

let server = null;
let browser = null;

async function firstVisitStep() {
  server = await servePrecompressed();
  browser = await h.launch(join(dir, 'profile'), h.PHONE);
  const { context, page } = browser;
  await context.addInitScript({ content: WATCH });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 50,
    downloadThroughput: 1.5e6,
    uploadThroughput: 1e6,
  });
  await page.goto(server.url, { waitUntil: 'commit' });
  let shot = false;
  const start = Date.now();
  for (;;) {
    const state = await page.evaluate(() => ({
      drawn: (window.__adjutantProbe?.puts ?? []).some((p) => p.drawn),
      text: document.getElementById('status')?.textContent ?? '',
    }));
    if (!shot && /MB/.test(state.text)) {
      await h.screenshot(page, dir, 'loading');
      shot = true;
    }
    if (state.drawn) break;
    if (Date.now() - start > 60000) throw new Error(`no frame drawn within 60 s; the loading line says ${JSON.stringify(state.text)}`);
    await new Promise((ok) => setTimeout(ok, 100));
  }
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  const seen = await page.evaluate(() => window.__adjutantStatus);
  const frame = await page.evaluate(() => window.__adjutantProbe.puts.find((p) => p.drawn).end);
  const wasmBytes = readFileSync(join(h.PAGE, 'adjutant_bg.wasm')).length;
  const whole = (wasmBytes / 1e6).toFixed(1);
  const steps = seen
    .map((s) => ({ ...s, m: s.text.match(/^Loading Adjutant… ([0-9.]+) of ([0-9.]+) MB$/) }))
    .filter((s) => s.m);
  const told = seen.map((s) => `${s.at.toFixed(0)} ms: ${s.text}${s.bar === null ? '' : ` [bar ${s.bar.toFixed(2)}]`}`).join('\n  ');
  const problems = [];
  if (steps.length < 5) problems.push(`the loading line counted the wasm's megabytes ${steps.length} times`);
  if (steps.some((s) => s.m[2] !== whole)) problems.push(`the loading line's whole is not the wasm's ${whole} MB`);
  if (steps.some((s, i) => i > 0 && Number(s.m[1]) < Number(steps[i - 1].m[1]))) problems.push('the count went down');
  if (steps.some((s) => s.bar === null)) problems.push('a count without its bar');
  // Counted a tenth of a megabyte at a time: the last count is the whole, or within a tenth of it.
  if (steps.length && wasmBytes / 1e6 - Number(steps.at(-1).m[1]) > 0.1) problems.push(`the count stopped at ${steps.at(-1).m[1]} MB`);
  const starting = seen.findIndex((s) => s.text === 'Starting…');
  if (starting < 0 || (steps.length && seen.indexOf(steps.at(-1)) > starting)) problems.push('no "Starting…" after the count');
  if (!seen.at(-1)?.text.startsWith('(hidden)')) problems.push('the loading line stays over the window');
  else if (seen.at(-1).at < frame) problems.push(`the loading line went ${(frame - seen.at(-1).at).toFixed(0)} ms before the window's first frame`);
  const wasm = server.responses.find((r) => r.path === '/adjutant_bg.wasm');
  if (!wasm?.encoding) problems.push(`the wasm was sent ${wasm ? 'uncompressed' : 'never'} (the browser accepts ${wasm?.accepts})`);
  if (problems.length) throw new Error(`${problems.join('\n')}\nthe loading line said:\n  ${told}`);
  const first = steps[0].at;
  return (
    `${steps.length} counts from ${steps[0].m[1]} to ${steps.at(-1).m[1]} of ${whole} MB over ${(seen[starting].at - first).toFixed(0)} ms, ` +
    `then "Starting…" for ${(seen.at(-1).at - seen[starting].at).toFixed(0)} ms, to the window's first frame; ` +
    `the wasm sent ${wasm.encoding} (${(wasm.bytes / 1e6).toFixed(2)} MB)`
  );
}

async function cachedStep() {
  const { page } = browser;
  const listed = swFiles();
  const kept = await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    for (let i = 0; i < 100; i++) {
      const names = (await caches.keys()).filter((k) => k.startsWith('adjutant-'));
      if (names.length) {
        const cache = await caches.open(names[0]);
        const keys = await cache.keys();
        if (keys.length) return keys.map((r) => new URL(r.url).pathname);
      }
      await new Promise((ok) => setTimeout(ok, 100));
    }
    return [];
  });
  const want = listed.map((f) => (f === './' ? '/' : `/${f}`));
  const missing = want.filter((p) => !kept.includes(p));
  if (missing.length) throw new Error(`the service worker's cache lacks ${missing.join(', ')} (it has ${kept.join(', ')})`);
  return `${kept.length} files kept`;
}

const ok = await h.run(
  'Adjutant, the first visit: files, manifest, progress (web/test/first-visit.mjs)',
  [
    ["the build's files are all kept by the service worker, and compressed beside themselves", filesStep],
    ['the manifest has an id and 192, 512 and maskable icons inside the safe circle', manifestStep],
    ["a first visit on a slow network counts the wasm's megabytes, then says Starting… until the first frame", firstVisitStep],
    ['the service worker keeps every file on its list', cachedStep],
  ],
  {
    cleanup: async () => {
      await browser?.context.close();
      await server?.stop();
    },
  },
);
process.exit(ok ? 0 : 1);
