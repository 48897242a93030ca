// Owns: the page-side client of the engine worker: a promise API over {id, op, args} messages.
//
//   import { Engine } from '../common/engine.js';
//   const engine = new Engine();                 // starts web/common/engine-worker.js
//   const games = await engine.listGames();
//   const game = await engine.create({ game: 'robots', seed: 1 });   // -> GameSession
//   const obs = await game.observation(-1); await game.apply('NE'); await game.delete();
//
// Every method rejects with an Error whose message is readable (engine errors come back as
// such; a worker or module that fails to load gives "The game engine could not be loaded: ...").
// A worker that crashes after loading (uncaught error, wasm abort) or stops answering is replaced
// by a fresh one (Engine.restart): pending calls and old sessions reject with a readable error,
// and the page goes on with a new game.
import { keepSiteForOffline, sayIfOffline } from './offline.js';

export class EngineError extends Error {
  constructor(message, { op, fatal = false, restarted = false } = {}) {
    super(message);
    this.name = 'EngineError';
    this.op = op;
    this.fatal = fatal;
    this.restarted = restarted;
  }
}

// How many times a page may restart a crashed worker before giving up (a crash loop would
// otherwise hide a real defect behind endless restarts).
const MAX_RESTARTS = 10;

// How long a loading worker may go without a sign of progress (its start, a part of the module's
// download: engine-worker.js {progress}) before the page gives up on it. A request's own time-out
// does not apply while the worker loads: on a slow connection (a class of 30 on one Wi-Fi) the
// page gave up at 30 s, "did not answer within 30 s (still loading?)", and stayed dead when the
// module came at 35 s. A download that trickles goes on; one that stalls (the module or the
// engine's script) is given up by the worker after 45 s without a byte: this limit catches the
// rest (engine-worker.js itself stalled).
const LOAD_TIMEOUT_MS = 60000;

// The engine's files ({script, wasm}) a worker downloaded, by worker address: a worker started
// later (after a crash; Search Party's solver worker, on each Solve after a Stop) takes them from
// here instead of the network (engine-worker.js ?given=1). It used to download them again, and
// offline, with the browser's cache expired, it failed: "the connection to this site failed".
const engineFiles = new Map();

export class Engine {
  // stallMs: how long the module's download may go without a byte (engine-worker.js; 45 s).
  constructor({ workerUrl, wasmUrl, timeoutMs = 30000, loadTimeoutMs = LOAD_TIMEOUT_MS, stallMs = 0 } = {}) {
    const url = new URL(workerUrl || './engine-worker.js', import.meta.url);
    if (wasmUrl) url.searchParams.set('wasm', new URL(wasmUrl, document.baseURI).href);
    if (stallMs) url.searchParams.set('stall', String(stallMs));
    this.url = url;
    this.timeoutMs = timeoutMs;
    this.loadTimeoutMs = loadTimeoutMs;
    this.pending = new Map();
    this.nextId = 1;
    this.failed = null;
    this.generation = 0;      // bumped by every restart: sessions of an older generation are gone
    this.restarts = 0;
    this.loaded = false;      // the worker answered once: later worker errors are crashes, not load failures (false again after a restart)
    this.restartListeners = [];
    this.nextStep = null;  // () => what to do after a restart (nextStepText)
    this.startWorker();
  }

  startWorker() {
    let worker;
    const files = engineFiles.get(this.url.href);
    try {
      const url = new URL(this.url);
      if (files) url.searchParams.set('given', '1');
      worker = newWorker(url.href);
      if (files) worker.postMessage({ files });
    } catch (e) {
      this.failed = new EngineError(`The game engine could not be started: ${e.message}`, { fatal: true });
      this.failed.workerRefused = true;  // (ui.js fatalAdvice: in a frame without an origin, the sandbox)
      return;
    }
    this.worker = worker;
    this.lastProgress = Date.now();  // (the load limit counts from here)
    this.loadProgress = null;        // {loaded, total} bytes of the module, once its download started
    worker.onmessage = (ev) => {
      if (worker !== this.worker) return; // a reply from a worker replaced meanwhile
      if (ev.data?.progress) {
        this.loadProgress = ev.data.progress;
        this.lastProgress = Date.now();
        return;
      }
      if (ev.data?.files) {
        engineFiles.set(this.url.href, ev.data.files);
        keepSiteForOffline();  // (the engine has started: the site's copy no longer competes with it)
        return;
      }
      const { id, ok, value, error, fatal, crashed, network, policy } = ev.data || {};
      // The module aborted (a wasm trap): its memory is unusable, so a fresh worker starts. The
      // call that crashed fails with the others the restart cuts off, its error saying what
      // happened and what to do next, not the trap's own words ("unreachable", shown as they were).
      if (crashed && !fatal) { this.restart(`the engine crashed: ${error}`); return; }
      const p = this.pending.get(id);
      // Any answer but a ping's (answered before the module loads) or a load failure means the
      // module is there: an engine error too.
      if (!fatal && p?.op !== 'ping') this.loaded = true;
      if (p) {
        this.pending.delete(id);
        clearTimeout(p.timer);
        if (ok) p.resolve(value);
        else {
          const err = new EngineError(fatal ? `The game engine could not be loaded: ${error}` : error, { op: p.op, fatal });
          if (network) err.network = true;  // (the connection failed: a reload may do; see ui.js showFatal)
          if (policy) err.policy = true;    // (the host's Content-Security-Policy forbids WebAssembly)
          if (fatal) this.failed = err;
          p.reject(err);
        }
      }
    };
    worker.onerror = (ev) => {
      ev.preventDefault?.();
      if (worker !== this.worker) return;
      const detail = ev.message || `the worker script ${this.url.pathname} failed to load or crashed`;
      if (this.loaded) { this.restart(`the engine worker failed: ${detail}`); return; }
      this.failed = new EngineError(`The game engine could not be loaded: ${detail}`, { fatal: true });
      this.failed.workerRefused = true;
      this.rejectAll(this.failed);
    };
    worker.onmessageerror = () => {};
  }

  /**
   * The loading worker went loadTimeoutMs without progress: the page cannot start (or, after a
   * restart, go on). Every call fails from now on with what to do: a reload downloads it again.
   */
  gaveUpLoading() {
    const secs = Math.round(this.loadTimeoutMs / 1000);
    try { this.worker?.terminate(); } catch { /* already gone */ }
    this.worker = null;
    this.failed = new EngineError(`The game engine did not load: nothing came for ${secs} s, the connection to this site is too slow or was cut. Reload the page to try again.`, { fatal: true });
    this.failed.network = true;
    this.rejectAll(this.failed);
  }

  rejectAll(err) {
    for (const [, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(err);
    }
    this.pending.clear();
  }

  /**
   * Replaces a crashed or hung worker by a fresh one. What was pending is rejected with a readable
   * error, and the sessions of the old worker are gone (their calls reject): a page recovers by
   * starting a new game. Listeners (onRestart) hear about it.
   */
  restart(reason) {
    const old = this.worker;
    this.worker = null;
    try { old?.terminate(); } catch { /* already gone */ }
    this.generation++;
    this.restarts++;
    if (this.restarts > MAX_RESTARTS) {
      // No new worker: every call from now on fails with this error. The listeners hear it too
      // (gaveUp), so the page says so at once and a host page hears the game is lost; the page
      // used to keep the previous restart's "press New game", which then only led here.
      this.failed = new EngineError(`The game engine crashed ${this.restarts} times (last: ${reason}); reload the page.`, { fatal: true });
      this.tellRestartListeners(reason, { gaveUp: true });
      this.rejectAll(this.failed);
      return;
    }
    // The new worker loads the module again: until it answers, a request that times out finds it
    // loading, not stuck (a slow load after a restart was taken for a hang and restarted it again,
    // until the page gave up: "crashed 11 times; reload the page").
    this.loaded = false;
    this.startWorker();
    // The listeners first: the page updates its controls (a lost game's Restart), so the
    // pending calls' errors name the control that now starts a game again (nextStepText).
    this.tellRestartListeners(reason, { gaveUp: false });
    this.rejectAll(new EngineError(this.restartedMessage(reason), { restarted: true }));
  }

  /**
   * What a restart for `reason` ("the engine crashed: unreachable") means for the student: the
   * error of each call it cut off, and the page's own message (ui.js explainEngineRestarts), in
   * the same words, so that the page says the same whichever it shows.
   */
  restartedMessage(reason) {
    return `The game engine stopped (${reason}) and was restarted: ${this.nextStepText('start the game again')}.`;
  }

  /**
   * What a student does after a restart lost the game, as the page says it (`nextStep`, a
   * function set by the page: "press Restart"; web/common/ui.js explainEngineRestarts), else
   * `fallback`. Named in the errors of the calls a restart cut off and of lost sessions.
   */
  nextStepText(fallback) {
    try { return this.nextStep?.() || fallback; } catch { return fallback; }
  }

  /**
   * cb(reason, {gaveUp}) after each restart of the worker; gaveUp: the worker crashed too often
   * and was not restarted (this.failed says so, and every call fails with it).
   */
  onRestart(cb) { this.restartListeners.push(cb); }

  tellRestartListeners(reason, how) {
    for (const cb of this.restartListeners) {
      try { cb(reason, how); } catch { /* a listener's bug must not stop the others */ }
    }
  }

  request(op, ...args) { return this.requestWithin(this.timeoutMs, op, ...args); }

  /** A request whose answer may take up to `timeoutMs` (a long solve), not the usual limit. */
  requestWithin(timeoutMs, op, ...args) {
    if (this.failed) return Promise.reject(this.failed);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const onTimeout = () => {
        const entry = this.pending.get(id);
        if (!entry) return;
        // Queued behind a request allowed longer (a solve): the worker is busy, not stuck.
        if ([...this.pending].some(([other, p]) => other < id && p.long)) {
          entry.timer = setTimeout(onTimeout, timeoutMs);
          return;
        }
        // Still loading (a slow network): the request waits for the module, up to the load's
        // own limit; a new worker would only start the download over.
        if (!this.loaded) {
          const loadLeft = this.lastProgress + this.loadTimeoutMs - Date.now();
          if (loadLeft > 0) { entry.timer = setTimeout(onTimeout, Math.min(timeoutMs, loadLeft)); return; }
          this.gaveUpLoading();
          return;
        }
        this.pending.delete(id);
        const secs = Math.round(timeoutMs / 1000);
        // A worker that stops answering is stuck (or gone): the next request needs a live one.
        this.restart(`no answer to "${op}" within ${secs} s`);
        reject(new EngineError(`The game engine did not answer "${op}" within ${secs} s and was restarted: ${this.nextStepText('start the game again')}.`, { op, restarted: true }));
      };
      const timer = setTimeout(onTimeout, timeoutMs);
      this.pending.set(id, { resolve, reject, timer, op, long: timeoutMs > this.timeoutMs });
      try {
        this.worker.postMessage({ id, op, args });
      } catch (e) {
        this.pending.delete(id);
        clearTimeout(timer);
        reject(new EngineError(`could not send "${op}" to the engine: ${e.message}`, { op }));
      }
    });
  }

  /** Resolves once the module is loaded (rejects with a readable message otherwise). */
  ready() { return this.request('engineVersion'); }
  listGames() { return this.request('listGames'); }
  // `timeoutMs`: for a tool that may run longer than the usual limit (Search Party's solve).
  tool(game, name, args = {}, { timeoutMs = this.timeoutMs } = {}) { return this.requestWithin(timeoutMs, 'tool', game, name, args); }
  fingerprint() { return this.request('fingerprint'); }
  engineVersion() { return this.request('engineVersion'); }

  async create(config) {
    const generation = this.generation;
    const { session, info } = await this.request('createSession', config);
    return new GameSession(this, session, info, config, generation);
  }

  async fromReplay(replay) {
    const generation = this.generation;
    const { session, info } = await this.request('fromReplay', replay);
    return new GameSession(this, session, info, typeof replay === 'string' ? JSON.parse(replay).config : replay.config, generation);
  }

  /** Ends the worker for good: what is pending rejects with "The game engine was stopped". */
  terminate() {
    this.worker?.terminate();
    this.failed = new EngineError('The game engine was stopped', { fatal: true });
    // (a page that stops a long request, Search Party's Stop, would otherwise wait on it for ever)
    this.rejectAll(this.failed);
  }
}

export class GameSession {
  constructor(engine, id, info, config, generation = engine.generation) {
    this.engine = engine;
    this.generation = generation;
    this.id = id;
    this.createdInfo = info;
    this.config = config;
    this.deleted = false;
  }
  /** Its worker crashed and was replaced since it was made: the session is gone with it. */
  get lost() { return this.generation !== this.engine.generation; }
  call(method, ...args) { return this.callWithin(this.engine.timeoutMs, method, ...args); }
  /** A call whose answer may take up to `timeoutMs` (a suggestion that plans a big game's whole rest). */
  callWithin(timeoutMs, method, ...args) {
    if (this.deleted) return Promise.reject(new EngineError(`this game session was closed (${method})`));
    if (this.lost) {
      const step = this.engine.nextStepText('start a new game or reload the page');
      return Promise.reject(new EngineError(`This game was lost when the game engine restarted after an error: ${step}.`, { restarted: true }));
    }
    return this.engine.requestWithin(timeoutMs, 'call', this.id, method, ...args);
  }
  info() { return this.call('info'); }
  observation(side = -1) { return this.call('observation', side); }
  legalMoves(side = 0) { return this.call('legalMoves', side); }
  apply(move) { return this.call('apply', move); }
  suggest(options = {}, { timeoutMs = this.engine.timeoutMs } = {}) { return this.callWithin(timeoutMs, 'suggest', options); }
  result() { return this.call('result'); }
  replay() { return this.call('replay'); }
  moves() { return this.call('moves'); }
  async delete() {
    if (this.deleted) return;
    this.deleted = true;
    if (this.lost) return; // its worker is gone
    try { await this.engine.request('deleteSession', this.id); } catch { /* engine gone: nothing to free */ }
  }
}

/**
 * A worker running the script at `url`. A page in a frame sandboxed without allow-same-origin has
 * no origin, and the browser refuses it a worker from its own site (a SecurityError): it then
 * starts a blob: worker, which any page may, and that loads the script, telling it its own address
 * (engine-worker.js PURSUIT_WORKER_URL). The engine then works there too when the site allows
 * requests from other origins (Access-Control-Allow-Origin, as GitHub Pages and scripts/serve.sh
 * send it): its files are fetched from a worker without an origin.
 */
function newWorker(url) {
  try {
    return new Worker(url);
  } catch (e) {
    if (window.origin !== 'null' || e?.name !== 'SecurityError') throw e;
    const start = `self.PURSUIT_WORKER_URL = ${JSON.stringify(url)};\nimportScripts(self.PURSUIT_WORKER_URL);\n`;
    const blobUrl = URL.createObjectURL(new Blob([start], { type: 'text/javascript' }));
    try {
      return new Worker(blobUrl);
    } finally {
      setTimeout(() => URL.revokeObjectURL(blobUrl), 60000);  // (long after the worker read it)
    }
  }
}

let shared = null;
/** One engine per page. */
export function getEngine(options) {
  if (!shared) {
    shared = new Engine(options);
    sayIfOffline();
  }
  return shared;
}
