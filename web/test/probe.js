// Runs in the page before its own scripts (Playwright's addInitScript), for the browser check
// and the bench: notes when the page paints and how long a tap takes to show. Adjutant draws
// with the software renderer, which hands each frame to the canvas with putImageData (the
// winit window's redraw, inside a requestAnimationFrame callback), so every painted frame
// passes through the wrapper below. Nothing here changes what the page does.
//
// The window notes what each view shows on `probe.shown` (src/ui/shown.rs); each painted
// frame keeps it as `probe.painted`, and in local storage under `__probe_painted` (which a
// crash of the page leaves there), so the next load of the page finds what the last one had
// painted in `probe.paintedBefore`.
(() => {
  const probe = {
    // Each frame handed to the canvas: when the call began and ended (performance.now(), ms
    // since navigation), its size, and whether it holds more than one colour (a drawn screen,
    // not a cleared one).
    puts: [],
    // requestAnimationFrame callbacks: when each ran and ended.
    frames: [],
    // Each pointerup (a tap's end, when buttons act): when it came, and when the work it
    // started was done (the first task after its handlers and their microtasks).
    taps: [],
    // What the screen showed (the window's note) when it was last painted, and what the last
    // page had painted when this one loaded.
    shown: null,
    painted: null,
    paintedAt: null,
    paintedBefore: null,
  };
  window.__adjutantProbe = probe;
  try {
    probe.paintedBefore = JSON.parse(localStorage.getItem('__probe_painted') ?? 'null');
  } catch {}

  const drawn = (data) => {
    if (!data || !data.data) return true;
    const d = data.data;
    const step = 4 * 97;
    for (let i = step; i < d.length; i += step) {
      if (d[i] !== d[0] || d[i + 1] !== d[1] || d[i + 2] !== d[2]) return true;
    }
    return false;
  };
  const wrapPut = (proto) => {
    if (!proto || !proto.putImageData) return;
    const put = proto.putImageData;
    proto.putImageData = function (data, ...rest) {
      const start = performance.now();
      const result = put.call(this, data, ...rest);
      const end = performance.now();
      if (probe.puts.length < 10000) {
        probe.puts.push({ start, end, width: data.width, height: data.height, drawn: drawn(data) });
      }
      if (probe.shown && probe.shown !== probe.painted) {
        probe.painted = probe.shown;
        probe.paintedAt = end;
        try {
          localStorage.setItem('__probe_painted', JSON.stringify(probe.shown));
        } catch {}
      }
      return result;
    };
  };
  wrapPut(window.CanvasRenderingContext2D && CanvasRenderingContext2D.prototype);
  wrapPut(window.OffscreenCanvasRenderingContext2D && OffscreenCanvasRenderingContext2D.prototype);

  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) =>
    raf((time) => {
      const start = performance.now();
      try {
        callback(time);
      } finally {
        if (probe.frames.length < 10000) probe.frames.push({ start, end: performance.now() });
      }
    });

  const channel = new MessageChannel();
  let waiting = null;
  channel.port1.onmessage = () => {
    if (waiting) {
      waiting.done = performance.now();
      waiting = null;
    }
  };
  window.addEventListener(
    'pointerup',
    (event) => {
      waiting = { at: performance.now(), timeStamp: event.timeStamp, done: null };
      probe.taps.push(waiting);
      channel.port2.postMessage(0);
    },
    { capture: true },
  );
})();
