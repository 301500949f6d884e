// What the browser store (src/store/browser/) asks of the page, where the browser's own API is
// asynchronous: IndexedDB (the database "adjutant": the files' texts in "files", what is known
// about each in "meta", both under the file's key), the Web Lock each tab holds while it
// lives, the channel tabs tell each other what they committed on, the page's events, and the
// storage the browser grants. No logic of the store is here: src/store/browser/ decides,
// this file only does.

const NAME = "adjutant";
const VERSION = 1;

/** Opens the database, made on first use. Rejects with the browser's error. */
export function openDb() {
  return new Promise((ok, fail) => {
    if (typeof indexedDB === "undefined") {
      fail(new Error("this browser has no IndexedDB"));
      return;
    }
    const request = indexedDB.open(NAME, VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      for (const store of ["files", "meta"]) {
        if (!db.objectStoreNames.contains(store)) db.createObjectStore(store);
      }
    };
    request.onsuccess = () => ok(request.result);
    request.onerror = () => fail(request.error);
    request.onblocked = () => fail(new Error("another tab of Adjutant keeps an older database open"));
  });
}

/** Calls `gone(why)` when the database is closed under the page (its data cleared). */
export function watchDb(db, gone) {
  db.onclose = () => gone("the browser closed Adjutant's storage (its data was cleared)");
  db.onversionchange = () => {
    db.close();
    gone("Adjutant's storage was deleted or upgraded by another page");
  };
}

function done(request) {
  return new Promise((ok, fail) => {
    request.onsuccess = () => ok(request.result);
    request.onerror = () => fail(request.error);
  });
}

/** Every file: [[key, text, meta], ...] (meta: {len, hash, modified, note} or null). */
export async function loadAll(db) {
  const tx = db.transaction(["files", "meta"], "readonly");
  const files = tx.objectStore("files");
  const meta = tx.objectStore("meta");
  const [keys, texts, metaKeys, metas] = await Promise.all([
    done(files.getAllKeys()),
    done(files.getAll()),
    done(meta.getAllKeys()),
    done(meta.getAll()),
  ]);
  const byKey = new Map(metaKeys.map((k, i) => [k, metas[i]]));
  return keys.map((k, i) => [k, texts[i], byKey.get(k) ?? null]);
}

/** The files of `keys`: [[key, text or null, meta or null], ...]. */
export async function loadSome(db, keys) {
  const tx = db.transaction(["files", "meta"], "readonly");
  const files = tx.objectStore("files");
  const meta = tx.objectStore("meta");
  return Promise.all(
    keys.map(async (k) => {
      const [text, m] = await Promise.all([done(files.get(k)), done(meta.get(k))]);
      return [k, text ?? null, m ?? null];
    }),
  );
}

/** What is known about every file: [[key, meta], ...]. */
export async function loadMeta(db) {
  const tx = db.transaction(["meta"], "readonly");
  const meta = tx.objectStore("meta");
  const [keys, metas] = await Promise.all([done(meta.getAllKeys()), done(meta.getAll())]);
  return keys.map((k, i) => [k, metas[i]]);
}

/**
 * One transaction: each change [0, key, text, meta] puts a file, [1, key, null, meta] only
 * its meta, [2, key] removes it. Resolves once committed (written to disk: "strict"), rejects
 * with the browser's error (a QuotaExceededError when the origin's quota is used up).
 */
export function commit(db, changes) {
  return new Promise((ok, fail) => {
    let tx;
    try {
      tx = db.transaction(["files", "meta"], "readwrite", { durability: "strict" });
    } catch (e) {
      fail(e);
      return;
    }
    const files = tx.objectStore("files");
    const meta = tx.objectStore("meta");
    tx.oncomplete = () => ok();
    tx.onabort = () => fail(tx.error ?? new Error("the transaction was aborted"));
    try {
      for (const [kind, key, text, m] of changes) {
        if (kind === 0) files.put(text, key);
        if (kind <= 1) meta.put(m, key);
        if (kind === 2) {
          files.delete(key);
          meta.delete(key);
        }
      }
    } catch (e) {
      try {
        tx.abort();
      } catch {}
      fail(e);
    }
  });
}

/** Holds the Web Lock `name` for the page's whole life; resolves true once held (false
 * where the browser has no Web Locks). */
export function holdForLife(name) {
  if (!navigator.locks?.request) return Promise.resolve(false);
  return new Promise((ok) => {
    navigator.locks
      .request(name, () => {
        ok(true);
        return new Promise(() => {});
      })
      .catch(() => ok(false));
  });
}

/** The names of the Web Locks held in this origin now; null without Web Locks. */
export async function heldLocks() {
  if (!navigator.locks?.query) return null;
  try {
    const snapshot = await navigator.locks.query();
    return snapshot.held.map((l) => l.name);
  } catch {
    return null;
  }
}

/** The channel the tabs tell each other on; `heard(message)` for each message. */
export function openChannel(heard) {
  if (typeof BroadcastChannel === "undefined") return null;
  const channel = new BroadcastChannel("adjutant-store");
  channel.onmessage = (event) => heard(event.data);
  return channel;
}

export function post(channel, message) {
  try {
    channel?.postMessage(message);
  } catch {}
}

/**
 * The page's events the store follows: `beat()` every `ms`; `hide(persisted)` at pagehide,
 * `show(persisted)` at pageshow; `visible()` when the page comes into view; `lock(key)` when
 * another tab changed a value of local storage (`null`: it was cleared); `unsaved()` at
 * beforeunload, true to ask before the page goes.
 */
export function listen(ms, beat, hide, show, visible, lock, unsaved) {
  setInterval(beat, ms);
  addEventListener("pagehide", (e) => hide(e.persisted));
  addEventListener("pageshow", (e) => show(e.persisted));
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") visible();
  });
  addEventListener("storage", (e) => {
    if (e.storageArea === localStorage) lock(e.key);
  });
  addEventListener("beforeunload", (e) => {
    if (unsaved()) {
      e.preventDefault();
      e.returnValue = "";
    }
  });
}

/** Whether the browser keeps the page's data for good, and the room left:
 * {persisted, usage, quota} (null where it does not say). */
export async function storageState() {
  const s = navigator.storage;
  if (!s) return null;
  const [persisted, estimate] = await Promise.all([
    s.persisted ? s.persisted().catch(() => false) : false,
    s.estimate ? s.estimate().catch(() => ({})) : {},
  ]);
  return { persisted, usage: estimate.usage ?? null, quota: estimate.quota ?? null };
}

/** Asks the browser to keep the page's data for good; whether it will. */
export async function askToKeep() {
  try {
    return (await navigator.storage?.persist?.()) ?? false;
  } catch {
    return false;
  }
}

/** Whether the page is in a browser tab on an iPhone or iPad (not started from the Home
 * Screen), where Safari clears a site's data after seven days without a visit. */
export function iosTab() {
  const ios = /iPad|iPhone|iPod/.test(navigator.userAgent) ||
    (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
  const standalone = navigator.standalone === true ||
    (typeof matchMedia === "function" && matchMedia("(display-mode: standalone)").matches);
  return ios && !standalone;
}
