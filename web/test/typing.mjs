// The browser check of typing on a phone (scripts/check-web.sh): Adjutant's page
// (target/web) in headless Chromium at the size of the steps src/ui/tests/phone_army.rs found
// on the same window in iced's simulator (target/web-test/army.json, or ADJUTANT_WEB_ARMY:
// 390×844 for a phone, 810×1080 for a tablet), at three device pixels to one
// (ADJUTANT_WEB_SCALE for another), touch only:
//
//   1. the page names no folder of the machine it was built on;
//   2. Edit on a shipped army opens the builder on it (its text is built into the page);
//   3. a new army is built by typing, as a phone's keyboard types: each field tapped brings
//      up the page's own input exactly over it (its bounds, in CSS pixels), focused, empty as
//      the field is, asking for the numeric keyboard (inputmode="numeric") where the field
//      takes a number and for words elsewhere, and what playwright types there goes to the
//      field; a tap elsewhere puts the input away;
//   4. the army is saved in the page's storage, and a battle started with it from the home
//      screen's picker is kept there with it;
//   5. on the battle screen the dice tray's faces are typed (numeric) and entered with Enter
//      (the roll kept with the faces typed), a modifier's value typed and turned below zero
//      by the page's ± key, and the find box narrows the pieces to the new army's unit.
//
// Before each step the screenshot must not be blank or cut at an edge, and must match the
// simulator's picture of that screen (beside the JSON) outside the page's input, which the
// browser draws in its own font. Screenshots go to target/web-test/typing-WIDTHxHEIGHT/.
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import * as h from './harness.mjs';
import { decode, differences, logical } from './png.mjs';

const file = process.env.ADJUTANT_WEB_ARMY ?? join(h.ROOT, 'target', 'web-test', 'army.json');
const play = h.readJson(file);
const size = { width: play.size.width, height: play.size.height, scale: Number(process.env.ADJUTANT_WEB_SCALE ?? 3) };
const dir = join(dirname(file), `typing-${size.width}x${size.height}`);
const expect = play.expect;

function must(ok, what) {
  if (!ok) throw new Error(what);
}

/** The page's input: whether it is shown and focused, where, and what it holds. */
function pageInput(page) {
  return page.evaluate(() => {
    const input = document.getElementById('adjutant-typing');
    if (!input) return null;
    const r = input.getBoundingClientRect();
    return {
      shown: getComputedStyle(input).display !== 'none',
      focused: document.activeElement === input,
      bounds: [r.x, r.y, r.width, r.height],
      inputmode: input.getAttribute('inputmode'),
      value: input.value,
    };
  });
}

const near = (a, b) => a.every((v, i) => Math.abs(v - b[i]) <= 1);
const fmt = (r) => `[${r.map((v) => v.toFixed(1)).join(', ')}]`;

/**
 * Where the screenshot differs from the simulator's picture (two pixels to one), both at one
 * pixel per logical pixel and compared in 6×6 squares, outside `mask` (the page's input).
 */
function unlike(image, picture, mask) {
  if (!picture) return [];
  const { width, height } = size;
  const sim = logical(decode(readFileSync(join(dirname(file), picture))), 2, width, height);
  const shot = logical(image, size.scale, width, height);
  if (mask) {
    const [x0, y0, w, hgt] = mask.map(Math.round);
    for (let y = Math.max(0, y0 - 2); y < Math.min(height, y0 + hgt + 2); y++) {
      for (let x = Math.max(0, x0 - 2); x < Math.min(width, x0 + w + 2); x++) shot[y * width + x] = sim[y * width + x];
    }
  }
  const d = differences(sim, shot, width, height);
  if (d.share <= 0.01) return [];
  const where = d.blocks.slice(0, 6).map(([x, y, v]) => `(${x}, ${y}) by ${v}`).join(', ');
  return [`${(d.share * 100).toFixed(1)} % of the screen differs from the simulator's ${picture}, most at ${where}`];
}

/** The page's storage (IndexedDB): the army file at its key, and the battles. */
async function storage(page) {
  const files = await h.storedFiles(page);
  return {
    army: files.find((f) => f.key === expect.key)?.text ?? null,
    battles: files.filter((f) => /^adjutant\/battles\/[^/]+\.ron$/.test(f.key)).map((f) => f.text),
  };
}

/** The screen before `step`, checked against the simulator's picture (`h.lookSettled`). */
async function look(page, step) {
  const { path, found, looks } = await h.lookSettled(page, async () => {
    const { path, image } = await h.screenshot(page, dir, step.name.replace(/[^a-z0-9]+/gi, '-'));
    // A pick list's menu, open for a pick, is drawn over the screen as wide as its choices.
    const problems = h.lookProblems(image).filter((p) => step.do !== 'pick' || !p.includes(' edge '));
    return { path, found: [...problems, ...unlike(image, step.picture, step.input)] };
  });
  if (found.length) throw new Error(`before "${step.name}" (${path}), ${looks} looks:\n  ${found.join('\n  ')}`);
  return looks === 1 ? path : `${path} (at look ${looks})`;
}

async function tap(page, x, y) {
  const since = await h.now(page);
  await page.touchscreen.tap(x, y);
  await h.settle(page, { since });
}

/** One step of the play; returns what it saw. */
async function act(page, step) {
  const path = await look(page, step);
  if (step.do === 'tap' || step.do === 'pick') {
    await tap(page, step.x, step.y);
    const input = await pageInput(page);
    must(!input?.shown, `after "${step.name}" the page's input is still up`);
    return path;
  }
  if (step.do === 'look') return path;
  if (step.do === 'sign') {
    // The ± key over a number that may be below zero: the value's sign turned, as typed.
    const key = await page.evaluate(() => {
      const b = document.getElementById('adjutant-typing-sign');
      const r = b?.getBoundingClientRect();
      return b && getComputedStyle(b).display !== 'none' ? [r.x, r.y, r.width, r.height] : null;
    });
    must(key, `"${step.name}": no ± key is up`);
    await tap(page, key[0] + key[2] / 2, key[1] + key[3] / 2);
    const input = await pageInput(page);
    must(input.focused && input.value === step.value, `"${step.name}": the input holds ${JSON.stringify(input.value)}, not ${JSON.stringify(step.value)}`);
    return `± at ${fmt(key)}: ${JSON.stringify(input.value)}`;
  }
  if (step.do === 'wheel') {
    const since = await h.now(page);
    await page.mouse.move(step.x, step.y);
    await page.mouse.wheel(0, step.dy);
    // A panel already at its end (a tall screen shows the whole form) draws nothing anew;
    // the next step's look tells whether the page is where the simulator's is.
    await h.settle(page, { since, timeout: 3000 }).catch(() => {});
    return path;
  }
  // Typing: the tap brings up the page's input over the field, focused, and the phone's
  // keyboard types into it.
  const [x, y, w, hgt] = step.bounds;
  await tap(page, x + w / 2, y + hgt / 2);
  let input = await pageInput(page);
  must(input?.shown && input.focused, `"${step.name}": no focused input came up over ${step.field}: ${JSON.stringify(input)}`);
  must(near(input.bounds, step.bounds), `"${step.name}": the input lies at ${fmt(input.bounds)}, the field at ${fmt(step.bounds)}`);
  must(input.inputmode === step.inputmode, `"${step.name}": the input asks for inputmode="${input.inputmode}", not "${step.inputmode}"`);
  must(input.value === '', `"${step.name}": the input holds ${JSON.stringify(input.value)}, the field nothing`);
  const since = await h.now(page);
  await page.keyboard.type(step.words, { delay: 20 });
  await h.settle(page, { since });
  input = await pageInput(page);
  must(input.value === step.words && input.focused, `"${step.name}": the input holds ${JSON.stringify(input.value)} after typing ${JSON.stringify(step.words)}`);
  const sign = await page.evaluate(() => {
    const b = document.getElementById('adjutant-typing-sign');
    return !!b && getComputedStyle(b).display !== 'none';
  });
  must(sign === step.sign, `"${step.name}": the ± key is ${sign ? 'up' : 'not up'}`);
  let said = `${step.field} (inputmode ${input.inputmode}${sign ? ', ±' : ''}) at ${fmt(input.bounds)}: ${JSON.stringify(step.words)}`;
  if (step.enter) {
    const since = await h.now(page);
    await page.keyboard.press('Enter');
    await h.settle(page, { since });
    input = await pageInput(page);
    must(!input.shown, `"${step.name}": the input is still up after Enter`);
    said += ', Enter';
  }
  return said;
}

const server = await h.serve();
const { context, page, messages } = await h.launch(join(dir, 'profile'), size, { room: h.SIMULATED_ROOM });

const byName = (name) => {
  const step = play.steps.find((s) => s.name === name);
  must(step, `army.json has no step "${name}"`);
  return step;
};
const through = (last) => play.steps.slice(0, play.steps.indexOf(byName(last)) + 1);
let done = 0;
async function playTo(last) {
  const said = [];
  for (const step of through(last).slice(done)) said.push(await act(page, step));
  done = through(last).length;
  return said;
}

const steps = [
  [
    'the page names no folder of the machine it was built on',
    async () => {
      for (const name of ['adjutant_bg.wasm', 'adjutant.js']) {
        const bytes = readFileSync(join(h.PAGE, name)).toString('latin1');
        for (const here of [h.ROOT, homedir()].filter((p) => p.length > 1)) {
          must(!bytes.includes(here), `${name} names ${here}`);
        }
      }
      return `neither ${h.ROOT} nor ${homedir()} in the page`;
    },
  ],
  [
    'the page opens on the home screen',
    async () => {
      await page.goto(server.url);
      await h.settle(page);
    },
  ],
  [
    `Edit on the shipped ${expect.shipped} opens the builder on it`,
    async () => {
      // The picture before "back home" is the builder on the shipped army: a refusal would
      // leave the home screen up with its reason.
      await playTo('edit a shipped army');
      await look(page, byName('back home'));
      must((await storage(page)).army === null, 'an army was saved by opening one');
      return byName('back home').picture;
    },
  ],
  [
    'a new army is typed into the page\'s input over each field, numbers on the numeric keyboard',
    async () => (await playTo(play.steps[play.steps.findIndex((s) => s.name === 'save it') - 1].name)).join('\n    '),
  ],
  [
    'the army is saved in the page\'s storage',
    async () => {
      await playTo('save it');
      const { army } = await storage(page);
      must(army, `no ${expect.key} in the page's storage`);
      must(army.includes(`name: "${expect.army}"`) && army.includes(`side: "${expect.side}"`), `${expect.key} is not ${expect.army}:\n${army}`);
      return `${expect.key}, ${army.length} bytes`;
    },
  ],
  [
    'a battle started with it is kept with it',
    async () => {
      await playTo('start the battle');
      const { battles } = await storage(page);
      must(battles.length === 1, `${battles.length} battles in the page's storage`);
      must(battles[0].includes(`name: "${expect.army}"`), `the battle has not ${expect.army}`);
      const { path } = await h.screenshot(page, dir, 'battle');
      return path;
    },
  ],
  [
    'the dice tray\'s faces and a modifier are typed on the numeric keyboard, and the find box narrows the pieces',
    async () => {
      const said = await playTo(play.steps.at(-1).name);
      const { battles } = await storage(page);
      must(/faces: \[3, 4\], typed: true/.test(battles[0] ?? ''), 'the kept battle has not the tray\'s faces 3 and 4, typed');
      return said.join('\n    ');
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

const ok = await h.run(`Typing on a phone: Adjutant in headless Chromium at ${size.width}×${size.height}`, steps, {
  messages: () => messages,
  cleanup: async () => {
    await context.close();
    await server.stop();
  },
});
process.exit(ok ? 0 : 1);
