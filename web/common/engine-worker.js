// Owns: the Web Worker that hosts the Pursuit wasm module (classic worker, single-threaded).
//
// Protocol: the page posts {id, op, args}; the worker answers {id, ok:true, value} or
// {id, ok:false, error}. Ops:
//   listGames, tool(game, name, argsObj|string), fingerprint, engineVersion,
//   createSession(config) -> {session, info}, fromReplay(replay) -> {session, info},
//   call(session, method, ...args) for Session methods
//     (info, observation, legalMoves, apply, suggest, result, replay, moves),
//   deleteSession(session), ping,
//   stats -> {sessions, heapBytes}: how many sessions the worker holds and the size of the
//     module's memory (tests of a page left open: nothing may grow game after game).
// While the module downloads, the worker also posts {progress: {loaded, total}} (bytes; total
// null when unknown), no id: the page shows how far the download got (engine.js loadProgress).
// Once the engine started from files it downloaded, it posts them, {files: {script, wasm}}, and a
// worker started with ?given=1 takes them from the page's {files} message instead of downloading.
// Config / options / tool args may be objects (stringified here) or JSON text; a move is
// always a value (apply('NE') sends "NE"). Engine results are
// JSON envelopes; they are parsed here so the page gets plain values or a readable error.
/* eslint-env worker */
'use strict';

// The module sits at <site>/wasm/ next to <site>/common/: resolve against this worker's own URL
// so any page depth and any sub-path (e.g. GitHub Pages /repo/) works. A page may override the
// location with ?wasm=<url of the directory> on the worker URL (tests, alternative builds).
// (A page without an origin, in a sandboxed frame, starts this script from a blob: worker that
// names its real address: engine.js newWorker.)
const workerUrl = new URL(self.PURSUIT_WORKER_URL || self.location.href);
const wasmBase = new URL(workerUrl.searchParams.get('wasm') || '../wasm/', workerUrl).href.replace(/\/?$/, '/');
const SCRIPT_URL = wasmBase + 'pursuit.js';
const WASM_URL = wasmBase + 'pursuit.wasm';

let modulePromise = null;
let loadError = null;
const sessions = new Map();
let nextSession = 1;

// How long a download may go without a byte before it is given up (?stall=<ms> on the worker URL:
// tests). A connection that stalled for good used to be given up only at the page's load limit,
// minutes later; one that trickles goes on however slow it is.
const STALL_MS = Number(workerUrl.searchParams.get('stall')) || 45000;

// ?given=1: the page has the engine's files from an earlier worker (engine.js engineFiles) and
// posts them as a message ({files}); this worker downloads nothing. A worker restarted after a
// crash, and Search Party's solver worker, used to download the module again: offline, with the
// browser's cache expired, the page then said the connection failed.
let receiveFiles = null;
const givenFiles = workerUrl.searchParams.get('given') === '1' ? new Promise((r) => { receiveFiles = r; }) : null;

/**
 * The engine's module, started (Emscripten's Module), from the files the page gives or, else,
 * downloaded; those are then posted to the page ({files}) for the next worker.
 */
function loadModule() {
  if (modulePromise) return modulePromise;
  modulePromise = (async () => {
    const files = givenFiles ? await givenFiles : await downloadEngineFiles();
    runEngineScript(files.script);
    const module = await startEngine(files.wasm);
    if (!givenFiles) self.postMessage({ files });
    return module;
  })();
  modulePromise.catch((e) => { loadError = e; });
  return modulePromise;
}

/** Both files at once: {script: pursuit.js's text, wasm: pursuit.wasm's bytes}. */
async function downloadEngineFiles() {
  // The script used to load by importScripts, which nothing can watch: a stalled script was given
  // up only at the page's load limit, and it blocked this thread, so the module's stall timer ran late.
  const scriptDownload = download(SCRIPT_URL);
  const wasmDownload = download(WASM_URL, { tellProgress: true });
  const failedFirst = (d, other) => d.catch((e) => { other.cancel(); throw e; });
  const [scriptGot, wasmGot] = await Promise.all([failedFirst(scriptDownload, wasmDownload), failedFirst(wasmDownload, scriptDownload)]);
  const script = new TextDecoder().decode(scriptGot.bytes);
  if (!script.includes('createPursuit')) {
    throw new Error(`${SCRIPT_URL} is not the engine's script (the server sent ${scriptGot.type}${script.trimStart().startsWith('<') ? ', a page' : ''})`);
  }
  const wasm = wasmGot.bytes;
  if (wasm.length < WASM_MAGIC.length || !WASM_MAGIC.every((b, i) => wasm[i] === b)) {
    throw new Error(`${WASM_URL} is not a WebAssembly module (the server sent ${wasmGot.type})`);
  }
  return { script, wasm };
}

/** Runs pursuit.js's text in this worker: it defines createPursuit. */
function runEngineScript(script) {
  const blobUrl = URL.createObjectURL(new Blob([script], { type: 'text/javascript' }));
  try {
    importScripts(blobUrl);
  } catch (e) {
    if (e && e.name !== 'NetworkError') {
      throw new Error(`the engine script ${SCRIPT_URL} does not run: ${messageOf(e)}; it is damaged, cut short, or not the engine's script`);
    }
    // (a host whose Content-Security-Policy for this worker forbids blob: scripts: the script again
    // from its own address, most likely from the browser's cache)
    try {
      importScripts(SCRIPT_URL);
    } catch (again) {
      throw new Error(`could not run the engine script ${SCRIPT_URL} (${messageOf(again)})`);
    }
  } finally {
    URL.revokeObjectURL(blobUrl);
  }
  if (typeof self.createPursuit !== 'function') throw new Error(`${SCRIPT_URL} ran but does not define createPursuit()`);
}

async function startEngine(wasmBinary) {
  try {
    return await self.createPursuit({
      wasmBinary,
      locateFile: (p) => wasmBase + p,
      print: (t) => console.log('[engine]', t),
      printErr: (t) => console.warn('[engine]', t),
    });
  } catch (e) {
    // (Emscripten wraps the compiler's words: "Aborted(CompileError: …). Build with -s ASSERTIONS=1 for more info.")
    const why = String(messageOf(e)).replace(/^Aborted\(([\s\S]*)\)\. Build with -s ASSERTIONS=1 for more info\.$/, '$1').trim();
    if (/Content Security Policy/i.test(why)) {
      // (the host's policy, sent with this worker's script, not a fault of the module: Chromium's
      // words name 'unsafe-eval', the older keyword, where 'wasm-unsafe-eval' is the one needed)
      const err = new Error(`could not start the engine: the Content-Security-Policy sent with ${workerUrl.origin}${workerUrl.pathname} ` +
        `forbids compiling WebAssembly; its script-src needs 'wasm-unsafe-eval' (the browser said: ${why.replace(/\.$/, '')})`);
      err.policy = true;
      throw err;
    }
    throw new Error(`could not start the engine ${WASM_URL} (${kb(wasmBinary.length)} KB): ${why}; ` +
      'the file is damaged, cut short, or from another build than pursuit.js');
  }
}

const WASM_MAGIC = [0x00, 0x61, 0x73, 0x6d];  // "\0asm", the first bytes of every wasm module
const kb = (bytes) => Math.round(bytes / 1000);
const messageOf = (e) => (e && e.message ? e.message : e);

/**
 * Downloads the file at `url` (its bytes), giving up when nothing comes for STALL_MS; with
 * `tellProgress`, telling the page how far it got ({progress: {loaded, total}} messages, total null
 * when unknown: the module's download, the long one). Emscripten's own download said nothing while
 * it ran, and its errors were no help: a 404 page read as wasm was "Aborted(CompileError:
 * WebAssembly.instantiate(): expected magic word 00 61 73 6d, found 6e 6f 70 65 @+0). Build with -s
 * ASSERTIONS=1 for more info.", a cut connection "Failed to fetch". A connection that failed is
 * marked `network` (the page then says to reload, not to build the module; ui.js showFatal).
 * Resolves to {bytes, type} (type: the server's content type); the promise has cancel() (the
 * other file failed).
 */
function download(url, { tellProgress = false } = {}) {
  const abort = new AbortController();
  let loaded = 0, total = null, stalled = false, timer = null;
  const watch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => { stalled = true; abort.abort(); }, STALL_MS);
  };
  const failed = (e) => {
    if (!stalled) return connectionFailed(url, e);
    const err = new Error(`the download of ${url} stopped at ${kb(loaded)}${total ? ` of ${kb(total)}` : ''} KB: ` +
      `nothing came for ${Math.round(STALL_MS / 1000)} s, the connection to this site was cut or is too slow`);
    err.network = true;
    return err;
  };
  const progress = () => { if (tellProgress) self.postMessage({ progress: { loaded, total } }); };
  const run = async () => {
    watch();
    progress();
    let res;
    try {
      res = await fetch(url, { signal: abort.signal, credentials: 'same-origin' });
    } catch (e) {
      throw failed(e);
    }
    if (!res.ok) throw new Error(`the server answered ${res.status} for ${url}`);
    total = declaredLength(res);
    const chunks = [];
    const reader = res.body.getReader();
    // At most 5 messages a second, the last of a burst too (it may be followed by a stall).
    let told = 0, telling = null;
    const tell = () => {
      clearTimeout(telling);
      telling = null;
      told = Date.now();
      progress();
    };
    for (;;) {
      let part;
      try {
        part = await reader.read();
      } catch (e) {
        throw failed(e);
      }
      if (part.done) break;
      watch();
      chunks.push(part.value);
      loaded += part.value.length;
      if (total !== null && loaded > total) total = null;  // (a length that was not the body's)
      if (Date.now() - told >= 200) tell();
      else if (!telling) telling = setTimeout(tell, 200 - (Date.now() - told));
    }
    clearTimeout(telling);
    total = loaded;
    progress();
    return { bytes: joined(chunks, loaded), type: (res.headers.get('content-type') || 'no type').split(';')[0] };
  };
  const result = run().finally(() => clearTimeout(timer));
  result.cancel = () => { clearTimeout(timer); abort.abort(); };
  return result;
}

/** The body's length the server declared, or null (none, or of a compressed body). */
function declaredLength(res) {
  const encoding = (res.headers.get('content-encoding') || 'identity').trim().toLowerCase();
  const length = Number(res.headers.get('content-length'));
  return encoding === 'identity' && Number.isFinite(length) && length > 0 ? length : null;
}

function joined(chunks, length) {
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.length;
  }
  return bytes;
}

function connectionFailed(url, e) {
  const err = new Error(`could not download ${url} (${messageOf(e)}): the connection to this site failed`);
  err.network = true;
  return err;
}

function asJson(x, fallback = '{}') {
  if (x === undefined || x === null) return fallback;
  return typeof x === 'string' ? x : JSON.stringify(x);
}

// Parses an engine envelope; throws its error.
function unwrap(text, what) {
  let env;
  try {
    env = JSON.parse(text);
  } catch (e) {
    throw new Error(`${what}: the engine returned malformed JSON`);
  }
  if (!env || typeof env !== 'object' || !('ok' in env)) throw new Error(`${what}: unexpected engine reply`);
  if (!env.ok) throw new Error(env.error || `${what} failed`);
  return env.value;
}

const SESSION_METHODS = {
  info: () => [],
  observation: (args) => [args.length ? Number(args[0]) : -1],
  legalMoves: (args) => [args.length ? Number(args[0]) : 0],
  // A move is a JSON value ("NE" is the string NE): always serialised here.
  apply: (args) => [JSON.stringify(args[0] === undefined ? null : args[0])],
  suggest: (args) => [asJson(args[0], '{}')],
  result: () => [],
  replay: () => [],
  moves: () => [],
};

function getSession(id) {
  const s = sessions.get(id);
  if (!s) throw new Error(`no session ${id} (deleted or never created)`);
  return s;
}

function newSession(M, method, arg) {
  const s = new M.Session();
  let info;
  try {
    info = unwrap(s[method](asJson(arg)), method);
  } catch (e) {
    s.delete();
    throw e;
  }
  const id = nextSession++;
  sessions.set(id, s);
  return { session: id, info };
}

async function handle(op, args) {
  if (op === 'ping') return 'pong';
  const M = await loadModule();
  switch (op) {
    case 'listGames': return unwrap(M.listGames(), 'listGames');
    case 'tool': return unwrap(M.tool(String(args[0]), String(args[1]), asJson(args[2])), `tool ${args[0]} ${args[1]}`);
    case 'fingerprint': return unwrap(M.fingerprint(), 'fingerprint');
    case 'stats': return { sessions: sessions.size, heapBytes: M.HEAPU8.buffer.byteLength };
    case 'engineVersion': return M.engineVersion();
    case 'createSession': return newSession(M, 'create', args[0]);
    case 'fromReplay': return newSession(M, 'fromReplay', args[0]);
    case 'call': {
      const [id, method, ...rest] = args;
      if (!Object.prototype.hasOwnProperty.call(SESSION_METHODS, method)) throw new Error(`unknown session method "${method}"`);
      const s = getSession(id);
      return unwrap(s[method](...SESSION_METHODS[method](rest)), method);
    }
    case 'deleteSession': {
      const s = sessions.get(args[0]);
      if (s) {
        sessions.delete(args[0]);
        s.delete();
      }
      return true;
    }
    default:
      throw new Error(`unknown op "${op}"`);
  }
}

self.onmessage = async (ev) => {
  const msg = ev.data || {};
  if (msg.files) { receiveFiles?.(msg.files); return; }
  const { id, op } = msg;
  const args = Array.isArray(msg.args) ? msg.args : msg.args === undefined ? [] : [msg.args];
  try {
    const value = await handle(op, args);
    self.postMessage({ id, ok: true, value });
  } catch (e) {
    let error;
    if (e instanceof Error) error = e.message;
    else if (typeof e === 'number') error = `engine crashed (native exception ${e}) during ${op}`;
    else error = String(e);
    // A wasm trap or an Emscripten abort leaves the module's memory unusable: the page then
    // replaces this worker (engine.js restart) instead of sending it more requests.
    const crashed = (typeof WebAssembly !== 'undefined' && e instanceof WebAssembly.RuntimeError) || /^Aborted\(/.test(error || '');
    self.postMessage({ id, ok: false, error: error || `${op} failed`, fatal: !!loadError, network: !!loadError?.network, policy: !!loadError?.policy, crashed });
  }
};

// Start loading at once so the first request is fast; errors are reported per request.
loadModule().catch(() => {});
