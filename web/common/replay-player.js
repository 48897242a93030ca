// Owns: the reusable replay player (controls + stepping) and SessionStepper, which rebuilds the
// position after k moves of any game through an engine session.
//
//   const stepper = new SessionStepper(engine, config, moves);          // any game
//   const player = new ReplayPlayer(containerEl, {
//     total: moves.length,
//     showStep: async (k) => draw(await stepper.observationAt(k)),     // k = moves applied, 0..total
//   });
//   player.goTo(0); player.play();
//
// Controls: start, step back, play/pause, step forward, end, a scrub slider, speed. Keys (when
// the player's keyboard is enabled, the page has focus and the user is not typing in a field):
// ← / → step, Space play/pause, Home / End.
import { restoreFocus, focusAfterPointerChoice } from './ui.js';

const SPEEDS = [0.25, 0.5, 1, 2, 4, 8, 16];
const BASE_INTERVAL_MS = 500;
const PLAY_LABEL = '▶ Play', PAUSE_LABEL = '❚❚ Pause';

export function isTypingTarget(el) {
  if (!el || el === document.body) return false;
  if (el.isContentEditable) return true;
  const tag = el.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const t = (el.type || 'text').toLowerCase();
    return !['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'file', 'color'].includes(t);
  }
  return false;
}

/**
 * True if the focused element `el` acts on `key` itself: Enter on a button, link or summary
 * (activates it), arrows on a radio button (moves through its group) or a slider. A page's
 * keyboard shortcut must then leave the key to the control, or the control cannot be used from
 * the keyboard.
 */
export function controlOwnsKey(el, key) {
  if (!el || el === document.body) return false;
  const tag = el.tagName;
  const type = tag === 'INPUT' ? (el.type || 'text').toLowerCase() : '';
  if (key === 'Enter') {
    return tag === 'BUTTON' || tag === 'A' || tag === 'SUMMARY' || ['button', 'submit', 'reset', 'file'].includes(type);
  }
  if (/^Arrow/.test(key) || key === 'Home' || key === 'End' || key === 'PageUp' || key === 'PageDown') {
    return type === 'radio' || type === 'range';
  }
  return false;
}

export class ReplayPlayer {
  constructor(container, { total = 0, showStep, speed = 2, label = 'Move', keyboard = true, onChange } = {}) {
    this.container = container;
    this.total = total;
    this.showStep = showStep;
    this.onChange = onChange;
    this.label = label;
    this.k = 0;
    this.shown = -1;
    this.target = 0;
    this.playing = false;
    this.timer = null;
    this.busy = null;
    this.speed = speed;
    this.keyboard = keyboard;
    this.build();
    this.keyHandler = (ev) => this.onKey(ev);
    document.addEventListener('keydown', this.keyHandler);
    this.refresh();
  }

  build() {
    const c = this.container;
    c.classList.add('replay-player');
    c.setAttribute('role', 'group');
    c.setAttribute('aria-label', 'Replay controls');
    c.innerHTML = `
      <div class="rp-buttons">
        <button type="button" class="rp-start" title="To the start (Home)" aria-label="To the start">|◀</button>
        <button type="button" class="rp-back" title="Step back (←)" aria-label="Step back">◀</button>
        <button type="button" class="rp-play primary" title="Play / pause (Space)" aria-label="Play">${PLAY_LABEL}</button>
        <button type="button" class="rp-fwd" title="Step forward (→)" aria-label="Step forward">▶</button>
        <button type="button" class="rp-end" title="To the end (End)" aria-label="To the end">▶|</button>
        <label class="rp-speed-label">Speed
          <select class="rp-speed" aria-label="Playback speed">
            ${SPEEDS.map((s) => `<option value="${s}">${s}×</option>`).join('')}
          </select>
        </label>
      </div>
      <div class="rp-scrub">
        <input type="range" class="rp-slider" min="0" max="0" value="0" step="1" aria-label="Scrub to a step">
        <output class="rp-pos" aria-live="off">0 / 0</output>
      </div>`;
    this.el = {
      start: c.querySelector('.rp-start'),
      back: c.querySelector('.rp-back'),
      play: c.querySelector('.rp-play'),
      fwd: c.querySelector('.rp-fwd'),
      end: c.querySelector('.rp-end'),
      speed: c.querySelector('.rp-speed'),
      slider: c.querySelector('.rp-slider'),
      pos: c.querySelector('.rp-pos'),
    };
    this.el.speed.value = String(this.speed);
    this.el.start.addEventListener('click', () => { this.pause(); this.goTo(0); });
    this.el.back.addEventListener('click', () => { this.pause(); this.goTo(this.target - 1); });
    this.el.fwd.addEventListener('click', () => { this.pause(); this.goTo(this.target + 1); });
    this.el.end.addEventListener('click', () => { this.pause(); this.goTo(this.total); });
    this.el.play.addEventListener('click', () => this.toggle());
    // The player is often built hidden: its Play button is measured when it first has a size.
    if (typeof ResizeObserver === 'function') new ResizeObserver(() => this.keepPlayWidth()).observe(this.el.play);
    this.el.speed.addEventListener('change', () => {
      this.speed = Number(this.el.speed.value) || 1;
      if (this.playing) this.schedule();
    });
    // A speed chosen with the mouse gives the keyboard to Play: ← and → step again (on the list
    // they changed the speed).
    focusAfterPointerChoice(this.el.play, this.el.speed);
    this.el.slider.addEventListener('input', () => {
      // Read before pause(), whose refresh() writes the current target back into the slider.
      const k = Number(this.el.slider.value);
      this.pause();
      this.goTo(k);
    });
  }

  setTotal(total, { keepPosition = true } = {}) {
    this.total = Math.max(0, total | 0);
    if (!keepPosition || this.target > this.total) this.target = Math.min(this.target, this.total);
    this.refresh();
  }

  setKeyboard(on) { this.keyboard = on; }

  /** Shows the position after k moves (clamped). Resolves once drawn. */
  goTo(k) {
    this.target = Math.max(0, Math.min(this.total, Math.round(k)));
    this.refresh();
    return this.pump();
  }

  /**
   * Draws steps until the one shown is the target; resolves once drawn. One drawing at a time:
   * a call while one runs returns it (it goes on to the latest target).
   */
  pump() {
    if (this.busy) return this.busy;
    // `busy` is cleared in a callback of the drawing's promise, which always runs after this
    // assignment (it was cleared in the drawing's own `finally`: with the target already shown
    // that ran at once, before the assignment, and `busy` then kept a settled promise for good:
    // every later step moved the label, never the board).
    const run = this.drawToTarget().then(() => {
      this.busy = null;
      // A target set after the loop's last check and before this callback is drawn too.
      if (this.shown !== this.target) return this.pump();
      return undefined;
    }, (e) => {
      this.busy = null;
      throw e;
    });
    this.busy = run;
    return run;
  }

  async drawToTarget() {
    while (this.shown !== this.target) {
      const k = this.target;
      try {
        await this.showStep(k);
      } catch (e) {
        this.pause();
        this.shown = k;
        throw e;
      }
      this.shown = k;
      this.k = k;
      this.refresh();
    }
  }

  /**
   * Forces the current step (or step k, gone to) to be drawn again, e.g. after a new game with the
   * same length. Resolves once drawn.
   */
  redraw(k = null) {
    this.shown = -1;
    return k === null ? this.pump() : this.goTo(k);
  }

  play() {
    if (this.total === 0) return;
    if (this.target >= this.total) this.goTo(0);
    this.playing = true;
    this.refresh();
    this.schedule();
  }

  pause() {
    this.playing = false;
    clearTimeout(this.timer);
    this.timer = null;
    this.refresh();
  }

  toggle() { if (this.playing) this.pause(); else this.play(); }

  /**
   * Playing with steps left: the steps shown now come by themselves (a page's live region keeps
   * quiet then); the last one, drawn while `playing` is still true, is not one of them.
   */
  get playsOn() { return this.playing && this.target < this.total; }

  schedule() {
    clearTimeout(this.timer);
    this.timer = setTimeout(async () => {
      if (!this.playing) return;
      if (this.target >= this.total) { this.pause(); return; }
      try {
        await this.goTo(this.target + 1);
      } catch (e) {
        this.pause();
        return;
      }
      if (this.target >= this.total) this.pause();
      else if (this.playing) this.schedule();
    }, BASE_INTERVAL_MS / this.speed);
  }

  /**
   * Play keeps the width of its wider label, Pause: it grew by 30 px when pressed (82 to 112 on a
   * phone), moving the buttons after it from under a finger about to tap again. Measured once the
   * player is on screen (a hidden button has no width): by the observer in build(), or refresh().
   */
  keepPlayWidth() {
    const button = this.el.play;
    if (this.playWidthKept || !button.offsetWidth) return;
    const label = button.textContent;
    let widest = 0;
    for (const text of [PLAY_LABEL, PAUSE_LABEL]) {
      button.textContent = text;
      widest = Math.max(widest, button.getBoundingClientRect().width);
    }
    button.textContent = label;
    button.style.minWidth = `${Math.ceil(widest)}px`;
    this.playWidthKept = true;
  }

  refresh() {
    const { el } = this;
    const focused = document.activeElement;
    el.slider.max = String(this.total);
    el.slider.value = String(this.target);
    el.pos.textContent = `${this.label} ${this.target} / ${this.total}`;
    this.keepPlayWidth();
    el.play.textContent = this.playing ? PAUSE_LABEL : PLAY_LABEL;
    el.play.setAttribute('aria-label', this.playing ? 'Pause' : 'Play');
    el.play.setAttribute('aria-pressed', String(this.playing));
    el.back.disabled = this.target <= 0;
    el.start.disabled = this.target <= 0;
    el.fwd.disabled = this.target >= this.total;
    el.end.disabled = this.target >= this.total;
    el.play.disabled = this.total === 0;
    el.slider.disabled = this.total === 0;
    // At the start or the end, the step buttons just pressed are disabled: the browser would drop
    // a keyboard player's focus to the page. It goes to Play (the slider when there is nothing to play).
    restoreFocus(focused, el.play, el.slider);
    this.onChange?.(this);
  }

  onKey(ev) {
    // Not while the player is out of sight: a page hides its replay box (not the player) when a
    // game starts, and the keys then belong to the game (Cops and Robbers' arrows on its Move
    // button stepped the hidden replay and drew its positions over the new game).
    if (!this.keyboard || !this.container.isConnected || !this.container.getClientRects().length) return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (isTypingTarget(ev.target)) return;
    const t = ev.target;
    const onButton = t && (t.tagName === 'BUTTON' || t.tagName === 'SELECT' || t.tagName === 'A' || (t.tagName === 'INPUT' && t.type === 'range'));
    switch (ev.key) {
      case 'ArrowLeft': this.pause(); this.goTo(this.target - 1); break;
      case 'ArrowRight': this.pause(); this.goTo(this.target + 1); break;
      case 'Home': this.pause(); this.goTo(0); break;
      case 'End': this.pause(); this.goTo(this.total); break;
      case ' ':
        if (onButton) return; // Space activates the focused button itself
        this.toggle();
        break;
      default: return;
    }
    ev.preventDefault();
  }

  destroy() {
    this.pause();
    document.removeEventListener('keydown', this.keyHandler);
    this.container.innerHTML = '';
    this.container.classList.remove('replay-player');
  }
}

/**
 * Rebuilds positions of a game from its config and move list through an engine session.
 * Stepping forward applies the next moves to the live session; stepping back recreates the
 * session from the config. Observations (and results) are cached per step.
 */
export class SessionStepper {
  constructor(engine, config, moves, { side = -1 } = {}) {
    this.engine = engine;
    this.config = config;
    this.moves = moves.slice();
    this.side = side;
    this.session = null;
    this.at = -1;
    this.cache = new Map(); // k -> {observation, result}
    this.queue = Promise.resolve();
  }

  get total() { return this.moves.length; }

  static async fromReplay(engine, replay, opts) {
    const r = typeof replay === 'string' ? JSON.parse(replay) : replay;
    return new SessionStepper(engine, r.config, r.moves || [], opts);
  }

  /** {observation, result, move} after k moves (move = the k-th move, or null for k = 0). */
  stateAt(k) {
    const run = this.queue.then(() => this.compute(k));
    this.queue = run.catch(() => {});
    return run;
  }

  async observationAt(k) { return (await this.stateAt(k)).observation; }

  /**
   * stateAt(k) for a page whose stepper a New game, another replay or another plan may replace
   * while the step is worked out: null once `isCurrent()` says so. A stale step is neither drawn
   * nor an error (this stepper, disposed, refuses it: 'the replay was closed').
   */
  async currentStateAt(k, isCurrent) {
    let s;
    try {
      s = await this.stateAt(k);
    } catch (e) {
      if (isCurrent()) throw e;
      return null;
    }
    return isCurrent() ? s : null;
  }

  async compute(k) {
    if (this.disposed) throw new Error('the replay was closed');
    k = Math.max(0, Math.min(this.total, k));
    if (this.cache.has(k)) return this.cache.get(k);
    if (!this.session || k < this.at) {
      if (this.session) await this.session.delete();
      this.session = await this.engine.create(this.config);
      this.at = 0;
    }
    while (this.at < k) {
      try {
        await this.session.apply(this.moves[this.at]);
      } catch (e) {
        throw new Error(`move ${this.at + 1} (${JSON.stringify(this.moves[this.at])}): ${e.message}`);
      }
      this.at++;
      if (this.at < k && !this.cache.has(this.at) && this.at % 8 === 0) await this.store(this.at);
    }
    return this.store(k);
  }

  async store(k) {
    const [observation, result] = await Promise.all([this.session.observation(this.side), this.session.result()]);
    const entry = { k, observation, result, move: k > 0 ? this.moves[k - 1] : null };
    this.cache.set(k, entry);
    return entry;
  }

  // After the step being worked out, if any (disposing under it made it fail with a TypeError
  // when a new game or plan replaced the replay mid-step); later steps are refused.
  dispose() {
    this.disposed = true;
    const run = this.queue.then(async () => {
      const s = this.session;
      this.session = null;
      if (s) await s.delete();
    });
    this.queue = run.catch(() => {});
    return run;
  }
}
