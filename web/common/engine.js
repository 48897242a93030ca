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
export class EngineError extends Error {
  constructor(message, { op, fatal = false } = {}) {
    super(message);
    this.name = 'EngineError';
    this.op = op;
    this.fatal = fatal;
  }
}

export class Engine {
  constructor({ workerUrl, wasmUrl, timeoutMs = 30000 } = {}) {
    const url = new URL(workerUrl || './engine-worker.js', import.meta.url);
    if (wasmUrl) url.searchParams.set('wasm', new URL(wasmUrl, document.baseURI).href);
    this.timeoutMs = timeoutMs;
    this.pending = new Map();
    this.nextId = 1;
    this.failed = null;
    try {
      this.worker = new Worker(url.href);
    } catch (e) {
      this.failed = new EngineError(`The game engine could not be started: ${e.message}`, { fatal: true });
      return;
    }
    this.worker.onmessage = (ev) => {
      const { id, ok, value, error, fatal } = ev.data || {};
      const p = this.pending.get(id);
      if (!p) return;
      this.pending.delete(id);
      clearTimeout(p.timer);
      if (ok) p.resolve(value);
      else {
        const err = new EngineError(fatal ? `The game engine could not be loaded: ${error}` : error, { op: p.op, fatal });
        if (fatal) this.failed = err;
        p.reject(err);
      }
    };
    this.worker.onerror = (ev) => {
      ev.preventDefault?.();
      const detail = ev.message || `the worker script ${url.pathname} failed to load or crashed`;
      this.failed = new EngineError(`The game engine could not be loaded: ${detail}`, { fatal: true });
      for (const [, p] of this.pending) {
        clearTimeout(p.timer);
        p.reject(this.failed);
      }
      this.pending.clear();
    };
    this.worker.onmessageerror = () => {};
  }

  request(op, ...args) {
    if (this.failed) return Promise.reject(this.failed);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new EngineError(`The game engine did not answer "${op}" within ${Math.round(this.timeoutMs / 1000)} s`, { op }));
      }, this.timeoutMs);
      this.pending.set(id, { resolve, reject, timer, op });
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
  tool(game, name, args = {}) { return this.request('tool', game, name, args); }
  fingerprint() { return this.request('fingerprint'); }
  engineVersion() { return this.request('engineVersion'); }

  async create(config) {
    const { session, info } = await this.request('createSession', config);
    return new GameSession(this, session, info, config);
  }

  async fromReplay(replay) {
    const { session, info } = await this.request('fromReplay', replay);
    return new GameSession(this, session, info, typeof replay === 'string' ? JSON.parse(replay).config : replay.config);
  }

  terminate() {
    this.worker?.terminate();
    this.failed = new EngineError('The game engine was stopped', { fatal: true });
  }
}

export class GameSession {
  constructor(engine, id, info, config) {
    this.engine = engine;
    this.id = id;
    this.createdInfo = info;
    this.config = config;
    this.deleted = false;
  }
  call(method, ...args) {
    if (this.deleted) return Promise.reject(new EngineError(`this game session was closed (${method})`));
    return this.engine.request('call', this.id, method, ...args);
  }
  info() { return this.call('info'); }
  observation(side = -1) { return this.call('observation', side); }
  legalMoves(side = 0) { return this.call('legalMoves', side); }
  apply(move) { return this.call('apply', move); }
  suggest(options = {}) { return this.call('suggest', options); }
  result() { return this.call('result'); }
  replay() { return this.call('replay'); }
  moves() { return this.call('moves'); }
  async delete() {
    if (this.deleted) return;
    this.deleted = true;
    try { await this.engine.request('deleteSession', this.id); } catch { /* engine gone: nothing to free */ }
  }
}

let shared = null;
/** One engine per page. */
export function getEngine(options) {
  if (!shared) shared = new Engine(options);
  return shared;
}
