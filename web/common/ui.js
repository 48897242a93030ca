// Owns: small page helpers shared by every page: the error box (role="alert"), the fatal
// "engine could not be loaded" message, the site's list of games (static fallback), focus helpers and
// latestWins (the request asked last wins), formNumber (a form's number, checked).

/** The five games, in site order; the home page asks the module which are built. */
export const GAMES = [
  { id: 'fugitive', title: 'Fugitive vs Detectives', description: 'A Scotland-Yard-style hunt on a city map: one fugitive travelling by car, train and plane, four detectives closing in.' },
  { id: 'searchparty', title: 'Search Party', description: 'A star, costars and extras with short sight sweep a map: search every open cell in as few turns as possible.' },
  { id: 'robots', title: 'Robots', description: 'The classic 31×31 chase: lure the robots into each other and into debris, teleport when cornered.' },
  { id: 'copsrobbers', title: 'Cops and Robbers', description: 'Mouse X runs through a city graph; up to eight cops must catch it before the rounds run out.' },
  { id: 'bank', title: 'Bank Heist', description: 'Four guards against four robbers on the five floors of a bank.' },
];

/**
 * Shows `message` in an error box (a div.error-box with a .error-text child, role="alert"), and
 * brings the box into view. `scroll: false` leaves the page where it is: for a refused move on a
 * board whose controls are on screen (a phone's direction pad, a screen below the box).
 */
export function showError(box, message, { scroll = true } = {}) {
  if (!box) return;
  // An error that only repeats a restart of the engine (a call the restart cut off, a call to the
  // game it lost, the page's own word for it) leaves the restart's message in place: the host page
  // heard that one (pursuit:error, lost), and a frame showed another a moment later.
  if (box.dataset.shows === 'engine-restart' && !box.hidden && isAboutRestart(message)) return;
  delete box.dataset.shows;
  let text = box.querySelector('.error-text');
  if (!text) {
    box.textContent = '';
    text = document.createElement('span');
    text.className = 'error-text';
    box.append(text);
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'error-close';
    close.setAttribute('aria-label', 'Dismiss this message');
    close.textContent = '✕';
    close.addEventListener('click', () => {
      // The ✕ goes with the box: keyboard focus on it would fall to the page (Tab from the top
      // again); it goes on to the next control after the box instead.
      const had = box.contains(document.activeElement);
      clearError(box);
      if (had) focusFirst(...controlsAfter(box));
    });
    box.append(close);
  }
  box.setAttribute('role', 'alert');
  text.textContent = String(message instanceof Error ? message.message : message);
  box.hidden = false;
  // The box sits above the board; a form further down (a pasted map, a replay) must not fail
  // out of sight: bring the box into view (this page's own scroll only, never a host page's).
  // (Whole: a box 0.4 px on screen, its bottom edge, was taken for in view; Watch solution's
  // refusal on a 1366×768 screen was above it once the board was brought into view.)
  if (scroll) bringIntoView(box);
}

// (engine.js: EngineError.restarted; a page may pass on only its text, maybe after words of its own)
function isAboutRestart(message) {
  return message?.restarted === true || /\bgame engine\b.*\brestarted\b/i.test(String(message?.message ?? message));
}

/** The controls after `el` in the page's order (candidates for focusFirst; not in a closed <details>). */
function controlsAfter(el) {
  const all = document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])');
  return [...all].filter((e) => !el.contains(e) && (el.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING)
    && !(e.closest('details:not([open])') && !e.matches('details > summary')));
}

/**
 * What a student does after the engine worker was restarted (the game on screen is lost):
 * `controls` are the buttons that start a game again, in the order preferred (New game, then
 * Restart); the first one on screen and enabled now is named ("press New game"). A frame
 * (#embed=1) hides some of a page's controls (New game, Load), and a message must not name a
 * button the student cannot see, nor say to reload beside a Restart button. With none of them
 * there: reload the page.
 */
export function restartStep(...controls) {
  const button = controls.find((b) => canFocus(b) && getComputedStyle(b).visibility !== 'hidden');
  return button ? `press ${button.textContent.trim()}` : 'reload the page to play again';
}

/**
 * The page's answer to an engine restart: the message in `box`, and the same next step in the
 * errors of the calls the restart cut off and of the lost game's session (engine.js), which a
 * page shows as they come (they used to say "start a new game or reload the page" in a frame
 * with no New game and a Restart button). `controls`: see restartStep.
 */
export function explainEngineRestarts(engine, box, ...controls) {
  engine.nextStep = () => restartStep(...controls);
  engine.onRestart((reason, { gaveUp = false } = {}) => {
    // (gave up: the engine's own error, "crashed 11 times …; reload the page": no button helps)
    // (else the words of the calls the restart cut off, naming restartStep's control: engine.nextStep)
    const message = gaveUp ? engine.failed.message : engine.restartedMessage(reason);
    delete box.dataset.shows;  // (a later restart's message replaces an earlier one's)
    showError(box, message);
    box.dataset.shows = 'engine-restart';
    for (const cb of gameLostListeners) {
      try { cb(message); } catch { /* a listener's bug must not stop the others */ }
    }
  });
}

// Who hears that the game on screen was lost (embed-api.js tells the host page, which else waited
// for a pursuit:game-over that never came). Kept here, not imported from embed-api.js, which
// imports this module.
const gameLostListeners = [];

/** cb(message) when an engine restart lost the page's game (message: what the page shows). */
export function onGameLost(cb) { gameLostListeners.push(cb); }

/** Whether `e` can take keyboard focus now: in the page, shown and not disabled. */
function canFocus(e) {
  return !!e && e.isConnected && !e.disabled && !e.closest('[hidden]') && e.getClientRects().length > 0;
}

/**
 * Puts keyboard focus back after an action disabled, hid or rebuilt the control that had it:
 * the browser then drops focus to the page, and a keyboard or screen reader user must Tab from
 * the top again. `before` is the element focused when the action started; if focus is no longer
 * on a control that can take it, it goes back to `before` when that can take it again, else to
 * the first of `fallbacks` (elements; null is skipped) that can. Nothing happens when nothing
 * was focused before, or when the player has put focus on another control meanwhile.
 */
export function restoreFocus(before, ...fallbacks) {
  if (!before || before === document.body) return;
  const now = document.activeElement;
  if (now && now !== document.body && canFocus(now)) return;
  focusFirst(before, ...fallbacks);
}

/**
 * Puts keyboard focus on the first of `candidates` (elements; null is skipped) that can take it
 * now. For a new game started from the page's form: focus leaves the form's button for the new
 * game's first control (the board, the first piece, the move list). Returns the element focused.
 * The element is scrolled into view when it is not (on a phone the form is a screen or more
 * below the board: the focus was out of sight), by this page's own scroll only: focus() and
 * scrollIntoView() would also scroll a host page around an <iframe>.
 */
export function focusFirst(...candidates) {
  const target = candidates.find(canFocus);
  if (target) {
    target.focus({ preventScroll: true });
    bringIntoView(target);
  }
  return target || null;
}

/**
 * Scrolls this page (never a host page) so that `e` is on screen: whole when it fits, else its top.
 * Scrolling up to within a bar's height of the page's top goes to the top: 8 px above `e` left
 * the bar above it cut in two (in a frame, Restart left the frame's top bar half hidden).
 */
function bringIntoView(e) {
  const r = e.getBoundingClientRect();
  const margin = 8, vh = window.innerHeight;
  if (r.top >= 0 && r.bottom <= vh) return;
  const dy = r.height + 2 * margin <= vh && r.bottom > vh ? r.bottom - vh + margin : r.top - margin;
  const BAR = 48, pageTop = r.top + window.scrollY;
  if (dy < 0 && pageTop - margin < BAR && pageTop + r.height <= vh) window.scrollTo(window.scrollX, 0);
  else window.scrollBy(0, dy);
}

/**
 * A choice made with the mouse or a finger (an item of a list, a radio button) gives the keyboard
 * to `target`: focus stayed on the choice, where the arrow keys meant for the board or the replay
 * changed the choice again (a steering radio switched back to the other mode, a list took the
 * next level or speed) and the letters and digits played nothing. A choice made with the keyboard
 * keeps the focus. `controls` may be containers (a group of radios): the events bubble.
 */
export function focusAfterPointerChoice(target, ...controls) {
  focusAfterPointer('change', target, controls);
}

/**
 * A button pressed with the mouse or a finger (Undo, a hint, a person of the cast; `controls` may
 * be containers: clicks bubble) gives the keyboard to `target`, as a choice does above: focus
 * stayed on the button, so the next Enter, meant to play the turn, pressed it again (Undo undid
 * the turn just played). A button pressed with the keyboard keeps the focus: Enter again presses
 * it again, as a keyboard user expects.
 */
export function focusAfterPointerPress(target, ...controls) {
  focusAfterPointer('click', target, controls);
}

// `eventName` on a control gives focus to `target` when a pointer, not a key, started it (a key
// pressed on the control since the pointer went down makes it the keyboard's).
function focusAfterPointer(eventName, target, controls) {
  for (const control of controls) {
    let byPointer = false;
    control.addEventListener('pointerdown', () => { byPointer = true; });
    control.addEventListener('keydown', () => { byPointer = false; });
    control.addEventListener(eventName, () => {
      const give = byPointer;
      byPointer = false;
      if (give && canFocus(target)) target.focus({ preventScroll: true });
    });
  }
}

/**
 * Says a game's result once to a screen reader. The result box `box` sits outside the page's live
 * region. When it has keyboard focus (the move that ended the game took away the control that had
 * it), a screen reader reads the result from there, so `said`, a visually hidden part of the live
 * region, stays empty; else `said` carries the result. `text` null: no result (clears `said`).
 * Call it once focus is settled. The text is only set when it changes (a live region reads out a
 * text set again).
 */
export function sayResult(said, box, text) {
  const want = text == null || document.activeElement === box ? '' : ` ${text}`;
  if (said.textContent !== want) said.textContent = want;
}

/**
 * Sets `el`'s text only when it changes. A live region's text set again, even unchanged, is a
 * new text node, which a screen reader may read out again (the status line on every click).
 */
export function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

/**
 * Enter in one of the form's fields (`inputs`) presses `button` (New game, Generate), as in a
 * form: a keyboard player who types a seed need not Tab on to the button.
 */
export function enterPresses(button, ...inputs) {
  for (const input of inputs) {
    input.addEventListener('keydown', (ev) => {
      if (ev.key !== 'Enter' || ev.isComposing || ev.ctrlKey || ev.metaKey || ev.altKey || button.disabled) return;
      ev.preventDefault();
      button.click();
    });
  }
}

/** The message an error box shows, '' when it is hidden (or there is none). */
export function shownError(box) {
  return box && !box.hidden ? box.querySelector('.error-text')?.textContent ?? '' : '';
}

export function clearError(box) {
  if (!box) return;
  box.hidden = true;
  delete box.dataset.shows;
  const text = box.querySelector('.error-text');
  if (text) text.textContent = '';
}

// A frame sandboxed without allow-same-origin has no origin ('null'): its engine's worker starts
// from a blob: address (engine.js newWorker), and its files come only with CORS. A download that
// failed there, or a worker refused, is said with the way out, not as "build the wasm module"; a
// 404 or a damaged file keeps its own advice. (start-check.js says the like when the page's module
// is refused too: the site sent without CORS.)
const SANDBOXED = 'This page is in a frame sandboxed without allow-same-origin, where browsers give it no origin: its engine\'s files come only if its site allows requests from other origins (Access-Control-Allow-Origin). The page embedding it should give the frame sandbox="allow-scripts allow-same-origin", or no sandbox attribute.';
const inOpaqueFrame = () => window.origin === 'null' && /^https?:$/.test(location.protocol);

/**
 * While `engine` loads its module, the page's "Loading the game engine…" lines (.loading) say for
 * how long, and how much of the module came (engine.loadProgress), from 5 s on: on a slow
 * connection the line sat unchanged for a minute or more, like a page that had hung. The figures
 * are hidden from screen readers (a status line may be a live region, which would read each one
 * out). The board says it too (boardLoadingNote): on a phone the status line is below the board,
 * off screen, and the page showed an empty board and nothing else; from 1 s on, so that a fast
 * load does not flash it. Gone once the engine answered or failed (looked at ten times a second,
 * the figures written once a second).
 */
export function showLoadingTime(engine) {
  const started = Date.now();
  let note = null;
  let shownSecs = -1;
  const timer = setInterval(() => {
    const lines = [...document.querySelectorAll('.loading')];
    const over = engine.loaded || engine.failed || !lines.length || document.documentElement.hasAttribute('data-start-failed');
    if (over) {
      clearInterval(timer);
      window.removeEventListener('resize', note?.place);
      note?.remove();
      for (const span of document.querySelectorAll('.loading-time')) span.remove();
      return;
    }
    // (from 1 s on: a fast load does not flash it)
    if (!note && Date.now() - started >= 1000) note = boardLoadingNote();
    note?.place();
    const secs = Math.round((Date.now() - started) / 1000);
    if (secs < 5 || secs === shownSecs) return;
    shownSecs = secs;
    const progress = engine.loadProgress;
    const figures = ` ${secs} s so far${downloaded(progress)} (a slow connection takes a while).`;
    for (const line of lines) {
      let span = line.querySelector('.loading-time');
      if (!span) {
        span = document.createElement('span');
        span.className = 'loading-time';
        span.setAttribute('aria-hidden', 'true');
        line.append(span);
      }
      span.textContent = figures;
    }
    note?.say(`${secs} s so far${progress?.loaded ? downloaded(progress) : ''}.`);
  }, 100);
}

/**
 * "Loading the game engine…" over the page's board (#board or #map in .board-wrap), placed on it
 * (absolute, so the page's layout does not move), or null without a board. Hidden from screen
 * readers: the status line says it to them. place() follows the board; say(figures) adds them.
 */
function boardLoadingNote() {
  const board = document.querySelector('.board-wrap #board, .board-wrap #map');
  if (!board?.parentElement) return null;
  const note = document.createElement('div');
  note.className = 'board-loading';
  note.setAttribute('aria-hidden', 'true');
  const text = document.createElement('span');
  text.textContent = 'Loading the game engine…';
  note.append(text);
  board.after(note);
  note.place = () => {
    const b = board.getBoundingClientRect();
    const parent = note.offsetParent;
    let left = b.left + window.scrollX, top = b.top + window.scrollY;
    if (parent && getComputedStyle(parent).position !== 'static') {
      const p = parent.getBoundingClientRect();
      left = b.left - p.left - parent.clientLeft + parent.scrollLeft;
      top = b.top - p.top - parent.clientTop + parent.scrollTop;
    }
    Object.assign(note.style, { left: `${left}px`, top: `${top}px`, width: `${b.width}px`, height: `${b.height}px` });
  };
  note.say = (figures) => { text.textContent = `Loading the game engine… ${figures}`; };
  note.place();
  window.addEventListener('resize', note.place);
  return note;
}

/** ", 300 of 1148 KB" (what came of the module), or the module's size while nothing came. */
function downloaded(progress) {
  const kb = (bytes) => Math.round(bytes / 1000);
  if (!progress?.loaded) return ', the engine is about 1.2 MB';
  return progress.total ? `, ${kb(progress.loaded)} of ${kb(progress.total)} KB` : `, ${kb(progress.loaded)} KB`;
}

/** What the reader of a fatal message can do (error: the engine's error, or its message). */
function fatalAdvice(error) {
  if (inOpaqueFrame() && (error?.network || error?.workerRefused)) return SANDBOXED;
  // (a module too slow to arrive is there: building it is no advice; the message says to reload)
  if (error?.network) return 'The engine is about 1.2 MB; once the connection is better, a reload loads it.';
  if (error?.policy) return 'If you run the site yourself, send common/engine-worker.js with a policy that allows \'wasm-unsafe-eval\', or with none (see the README).';
  return 'If you run the site yourself, build the wasm module and serve it at wasm/ (see the README).';
}

/**
 * Puts a fatal message at the top of `container`: never a blank page. The page's "Loading the
 * game engine…" line (.loading) then says the engine is not there, and the controls of <main>
 * are disabled: the line stayed under the message as if the engine still loaded, and every
 * button stayed enabled and did nothing. Returns the box; a framed page also posts its text to
 * the host as pursuit:error (embed-api's error()), or a host waiting for pursuit:ready waits for
 * good. `error`: what was caught (an Error, whose kind picks the advice, or a message).
 */
export function showFatal(container, error) {
  const box = document.createElement('div');
  box.className = 'error-box fatal';
  box.setAttribute('role', 'alert');
  const text = document.createElement('span');
  text.className = 'error-text';
  text.textContent = `${error?.message ?? String(error)}\n\nThe page cannot work without the game engine. ${fatalAdvice(error)}`;
  box.append(text);
  for (const line of document.querySelectorAll('.loading')) {
    line.classList.remove('loading');
    line.textContent = line === container ? '' : 'The game engine is not available.';
  }
  container.prepend(box);
  for (const control of document.querySelectorAll('main button, main input, main select, main textarea')) control.disabled = true;
  return box;
}

export function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]);
}

/** "1 turn", "2 turns": a count with its word, plural unless the count is one. */
export function plural(n, word) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * Fills a keyboard picker's <select> (the list beside a board that only takes clicks) with
 * `choices`, [value, label] pairs of strings. The value chosen before is kept while it is still
 * offered, else `fallback` if offered; with nothing to choose the list shows '–' and is
 * disabled. The options are rebuilt only when the choices change, so an open list keeps its
 * state. Returns whether there is anything to choose.
 */
export function fillChoices(sel, choices, fallback = null) {
  const keep = sel.value;
  const key = JSON.stringify(choices);
  if (sel.dataset.choices !== key) {
    sel.textContent = '';
    for (const [value, label] of choices) sel.append(new Option(label, value));
    if (!choices.length) sel.append(new Option('–', ''));
    sel.dataset.choices = key;
  }
  const values = choices.map(([value]) => value);
  if (values.includes(keep)) sel.value = keep;
  else if (fallback != null && values.includes(fallback)) sel.value = fallback;
  sel.disabled = !choices.length;
  return choices.length > 0;
}

function jsonUrl(data) {
  return URL.createObjectURL(new Blob([JSON.stringify(data)], { type: 'application/json' }));
}

// Saves `text` as the file `filename` (of MIME `type`) through a temporary link; the object URL
// is released once the browser has started the download.
export function downloadText(text, filename, type = 'text/plain') {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// Saves `data` as the JSON file `filename` (downloadText).
export function downloadJson(data, filename) { downloadText(JSON.stringify(data), filename, 'application/json'); }

// Points a lasting download link at `data` as JSON, releasing the object URL it held before
// (a page that refreshes the link every move would otherwise keep every old replay alive).
export function linkJson(link, data) {
  if (link.href.startsWith('blob:')) URL.revokeObjectURL(link.href);
  link.href = jsonUrl(data);
}

/**
 * A counter of requests where the latest one asked wins (a board, a game, a replay): `take()`
 * gives each request a `current()` that is false once a later request was taken. Requests take
 * different times to answer (a replay is checked first, an input judged), so without one the
 * request that finished last was shown, not the one asked last.
 */
export function latestWins() {
  let asked = 0;
  return function take() {
    const ask = ++asked;
    return () => ask === asked;
  };
}

/**
 * A New game form field's whole number in lo..hi, or an Error naming the field (`name`) and the
 * range, the game shown left as it is. The pages clamped or replaced such values unseen (Bank's
 * Moves 0 played 150 moves, Fugitive's Cities 0 played 80), or left them to the engine's words
 * ("config.rounds: …", a key the form does not show). The message quotes the text as typed: past
 * 2^53 its number is rounded (9007199254740993 reads ...992).
 */
export function formNumber(input, lo, hi, name) {
  const text = input.value.trim();  // (an input type=number gives '' for what is not a number)
  if (!/^-?\d+$/.test(text)) throw new Error(`${name}: expected a whole number ${lo}..${hi}, got ${text ? `"${text}"` : 'nothing'}`);
  const n = Number(text);
  if (n < lo || n > hi) throw new Error(`${name}: expected ${lo}..${hi}, got ${text}`);
  return n;
}
