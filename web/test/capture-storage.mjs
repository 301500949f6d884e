// Captures what a build of the page keeps in local storage after a battle is started and a
// fire played on it (the browser check's taps, target/web-test/targets.json), as JSON
// ({ key: value }) — the fixture the migration is tested with (web/test/fixtures/). Run on
// the page of the build whose storage is wanted:
//
//   node web/test/capture-storage.mjs PAGE_DIR OUT.json
//
// The page built from 76fc5bf, the last to keep battles in local storage, made
// web/test/fixtures/local-storage-76fc5bf.json.
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as h from './harness.mjs';
import { playPart, size } from './play.mjs';

const [dir, out] = process.argv.slice(2);
if (!dir || !out) {
  console.error('usage: node web/test/capture-storage.mjs PAGE_DIR OUT.json');
  process.exit(2);
}
const server = await h.serve(resolve(dir));
const { context, page } = await h.launch(join(h.ROOT, 'target', 'web-test', 'capture-profile'), size());
try {
  await page.goto(server.url);
  await h.settle(page);
  await playPart(page, 'start');
  await playPart(page, 'fire');
  // Played twice over, so the battle has its backup too.
  const kept = await page.evaluate(() => {
    const all = {};
    for (const key of Object.keys(localStorage)) all[key] = localStorage.getItem(key);
    return all;
  });
  writeFileSync(out, `${JSON.stringify(kept, null, 1)}\n`);
  console.log(`${Object.keys(kept).length} keys: ${Object.keys(kept).join(', ')}`);
} finally {
  await context.close();
  await server.stop();
}
