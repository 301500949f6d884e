// Adjutant's page starting: the density the window is drawn at, and the first visit's
// progress. index.html imports it before it starts the window.
//
// The density: the window draws its canvas at devicePixelRatio device pixels to one CSS pixel,
// and software-drawn pixels are what a tap waits for. On a screen of more than two to one (most
// phones are three) it is drawn at two and the browser scales the canvas up, which costs a
// little sharpness for less than half the pixels: a tap's frame in about half the time
// (benches/README.md, "A tap on a phone"). The window reads the ratio from `devicePixelRatio`,
// and watches for it to change with a media query on the resolution it read; both are given
// the ratio capped, so that a page moved to a screen of less than two is still redrawn at that.
//
// The progress: the wasm fetched with its megabytes counted on the loading line ("Loading
// Adjutant… 2.1 of 6.8 MB" over a bar), then "Starting…" while the browser compiles it and
// the window starts and draws its first frame. index.html hands `wasm()` to the module's
// init, and calls `started()` when the window is up. The init compiles the
// response as it arrives (WebAssembly.instantiateStreaming) while a copy of it is counted, so
// counting costs no time. The wasm's size is written in by scripts/build-web.sh: a server may
// send the file compressed (the build writes .gz and .br beside it), and then its
// Content-Length is the compressed size, while the bytes counted here are the file's own.
const DENSITY = 2;
const WASM = "adjutant_bg.wasm";
const BYTES = Number("@WASM_BYTES@");

const ratio =
  Object.getOwnPropertyDescriptor(window, "devicePixelRatio") ??
  Object.getOwnPropertyDescriptor(Window.prototype, "devicePixelRatio");
if (ratio?.get) {
  const real = () => ratio.get.call(window);
  Object.defineProperty(window, "devicePixelRatio", {
    configurable: true,
    enumerable: true,
    get: () => Math.min(DENSITY, real()),
  });
  // "(resolution: 2dppx)" matches no screen of three: asked of the capped ratio, the query is
  // "at least two", which stops matching when the screen becomes one of less.
  const matchMedia = window.matchMedia.bind(window);
  window.matchMedia = (query) =>
    matchMedia(
      real() > DENSITY
        ? query
            .replace(`(resolution: ${DENSITY}dppx)`, `(min-resolution: ${DENSITY}dppx)`)
            .replace(`(-webkit-device-pixel-ratio: ${DENSITY})`, `(-webkit-min-device-pixel-ratio: ${DENSITY})`)
        : query,
    );
}

const status = document.getElementById("status");

// The window's first frame: the software renderer hands every frame to its canvas with
// putImageData, so the first call is noted (and the browser's own function put back).
let drawn = false;
let onDrawn = null;
const canvas2d = window.CanvasRenderingContext2D?.prototype;
if (canvas2d?.putImageData) {
  const put = canvas2d.putImageData;
  canvas2d.putImageData = function (...args) {
    canvas2d.putImageData = put;
    const result = put.apply(this, args);
    drawn = true;
    onDrawn?.();
    return result;
  };
}

/**
 * Takes the loading line away once the window has drawn its first frame (or after three
 * seconds, should it draw some other way), unless it shows a failure.
 */
export function started() {
  const hide = () => {
    if (status && status.getAttribute("role") !== "alert") status.hidden = true;
  };
  if (drawn || !canvas2d) return hide();
  onDrawn = hide;
  setTimeout(hide, 3000);
}

/** Puts `text` on the loading line, and the share done (0 to 1) on a bar under it, or none. */
function show(text, done = null) {
  if (!status || status.getAttribute("role") === "alert") return;
  status.textContent = text;
  if (done === null) return;
  const bar = document.createElement("progress");
  bar.max = 1;
  bar.value = Math.min(1, done);
  bar.style.cssText = "width:12em;max-width:80vw;margin-top:0.6em;accent-color:#5a9a50";
  status.style.flexDirection = "column";
  status.append(bar);
}

const mb = (bytes) => (bytes / 1e6).toFixed(1);

/**
 * The wasm's response, its bytes counted onto the loading line as they come from a copy of
 * it (Response.clone). The module's init compiles the response itself, as it arrives, and
 * the browser keeps the compiled code for the next visit with it (a response made here would
 * have no address to keep it under). A browser without streams shows no count.
 */
export async function wasm() {
  const response = await fetch(WASM);
  if (!response.ok || !response.body || typeof ReadableStream !== "function") return response;
  const total = BYTES > 0 ? BYTES : Number(response.headers.get("Content-Length")) || 0;
  count(response.clone().body.getReader(), total).catch(() => {});
  return response;
}

/** Reads the copy to its end, putting the megabytes received on the loading line. */
async function count(reader, total) {
  let received = 0;
  let shown = -1;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    // A tenth of a megabyte at a time: the line changes about seventy times, not per chunk.
    const tenth = Math.floor(received / 1e5);
    if (tenth === shown) continue;
    shown = tenth;
    if (total > 0) show(`Loading Adjutant… ${mb(received)} of ${mb(total)} MB`, received / total);
    else show(`Loading Adjutant… ${mb(received)} MB`);
  }
  show("Starting…");
}
