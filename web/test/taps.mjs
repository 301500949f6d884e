// One play of the bench's taps on one page, for speed.mjs (which runs it once per page, size
// and CPU in a process of its own, so that each play reads its own page's taps):
//
//   ADJUTANT_WEB_PAGE=DIR ADJUTANT_WEB_TARGETS=FILE ADJUTANT_WEB_SCALE=3 ADJUTANT_WEB_CPU=4 \
//     node web/test/taps.mjs
//
// serves DIR on a free port, opens it in Chromium at the size of FILE (phone.rs's taps for
// that page) at SCALE device pixels to one, waits for the window to settle, slows the CPU down
// CPU times (Chromium's own throttling, DevTools' Emulation.setCPUThrottlingRate; 1 leaves it
// as it is) and plays the battle's start and a fire (play.mjs), each tap timed. Prints one
// line of JSON: each tap's name, its tap to frame (ms from the tap's pointerup to the end of
// the frame that shows it) and the page's whole work for it.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import * as h from './harness.mjs';
import { replay, size } from './play.mjs';

const dir = process.env.ADJUTANT_WEB_PAGE ?? h.PAGE;
const cpu = Number(process.env.ADJUTANT_WEB_CPU ?? 1);
const profile = join(h.ROOT, 'target', 'web-bench', `profile-taps-${process.pid}`);

const server = await h.serve(dir);
const { context, page, messages } = await h.launch(profile, size());
let taps;
try {
  await page.goto(server.url, { waitUntil: 'commit' });
  await h.settle(page, { timeout: 60000 });
  const cdp = await context.newCDPSession(page);
  if (cpu !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  const canvas = await page.evaluate(() => {
    const c = document.querySelector('canvas');
    return c ? [c.width, c.height] : null;
  });
  taps = (await replay(page, { timed: true })).map((t) => ({
    name: t.name,
    keypad: t.keypad,
    latency: t.latency,
    work: t.work,
    pixels: t.pixels,
  }));
  console.log(JSON.stringify({ canvas, taps }));
} catch (e) {
  console.error(`${e.stack ?? e}\n${messages.join('\n')}`);
  process.exitCode = 1;
} finally {
  await context.close();
  await server.stop();
  rmSync(profile, { recursive: true, force: true });
}
