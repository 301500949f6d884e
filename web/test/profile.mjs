// Where a tap's time goes on the page: plays the bench's taps (the battle's start and a fire,
// play.mjs) under Chromium's sampling profiler (DevTools' Profiler domain) and prints the
// functions that took the most time, by their own time and with what they called:
//
//   ADJUTANT_WEB_PAGE=DIR ADJUTANT_WEB_TARGETS=FILE ADJUTANT_WEB_SCALE=3 ADJUTANT_WEB_CPU=1 \
//     node web/test/profile.mjs [TOP] [PART]
//
// PART (start or fire) profiles that part of the play alone, after the ones before it.
// The wasm's functions have their names only in a page built with them: scripts/build-web.sh
// with ADJUTANT_WEB_NAMES=1 keeps the name section through wasm-opt. The whole profile is
// written to target/web-bench/taps.cpuprofile (Chromium's DevTools open it).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as h from './harness.mjs';
import { playPart, replay, size } from './play.mjs';

const dir = process.env.ADJUTANT_WEB_PAGE ?? h.PAGE;
const cpu = Number(process.env.ADJUTANT_WEB_CPU ?? 1);
const top = Number(process.argv[2] ?? 40);
const part = process.argv[3] ?? null;
const out = join(h.ROOT, 'target', 'web-bench');
const profileDir = join(out, `profile-profiler-${process.pid}`);
mkdirSync(out, { recursive: true });

const server = await h.serve(dir);
const { context, page, messages } = await h.launch(profileDir, size());
try {
  await page.goto(server.url, { waitUntil: 'commit' });
  await h.settle(page, { timeout: 60000 });
  const cdp = await context.newCDPSession(page);
  if (cpu !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  if (part === 'fire') await playPart(page, 'start');
  await cdp.send('Profiler.start');
  const taps = part ? await playPart(page, part, { timed: true }) : await replay(page, { timed: true });
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync(join(out, 'taps.cpuprofile'), JSON.stringify(profile));

  // Time per sample: the deltas between samples, given to the sample's node.
  const self = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  }
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const name = (n) => n.callFrame.functionName || `(${n.callFrame.url.split('/').at(-1) || 'program'})`;
  const selfBy = new Map();
  const totalBy = new Map();
  const walk = (n, above) => {
    let total = self.get(n.id) ?? 0;
    const f = name(n);
    selfBy.set(f, (selfBy.get(f) ?? 0) + total);
    for (const c of n.children ?? []) total += walk(nodes.get(c), new Set([...above, f]));
    if (!above.has(f)) totalBy.set(f, (totalBy.get(f) ?? 0) + total);
    return total;
  };
  const all = walk(nodes.get(profile.nodes[0].id), new Set());
  const idle = selfBy.get('(idle)') ?? 0;
  const busy = all - idle;
  const short = (s) => (s.length > 110 ? `${s.slice(0, 107)}...` : s);
  const lat = taps.map((t) => t.latency).sort((a, b) => a - b);
  console.log(`${taps.length} taps; tap to frame median ${lat[lat.length >> 1]?.toFixed(1)} ms, slowest ${lat.at(-1)?.toFixed(1)} ms; busy ${busy.toFixed(0)} ms of ${all.toFixed(0)} ms profiled`);
  for (const [title, map] of [['own time', selfBy], ['with what it called', totalBy]]) {
    console.log(`\nBy ${title} (ms, share of busy):`);
    const rows = [...map].filter(([f]) => f !== '(idle)' && f !== '(root)').sort((a, b) => b[1] - a[1]).slice(0, top);
    for (const [f, t] of rows) console.log(`${t.toFixed(1).padStart(9)} ${((100 * t) / busy).toFixed(1).padStart(5)} %  ${short(f)}`);
  }
} catch (e) {
  console.error(`${e.stack ?? e}\n${messages.join('\n')}`);
  process.exitCode = 1;
} finally {
  await context.close();
  await server.stop();
  rmSync(profileDir, { recursive: true, force: true });
}
