// Owns: a square-cell board canvas that fits its container and devicePixelRatio (desktop and
// phone), and the mapping from pointer / touch events to 1-based board cells.
//
//   const board = new BoardCanvas(canvasEl, { rows: 31, cols: 31, onDraw: (ctx, geo) => ..., onCell: (r, c, ev) => ... });
//   board.redraw();   // after a state change
//   geo = {cell, width, height, x0, y0, rows, cols, dpr, fitCell, zoom, toView}; geo.cellRect(r, c) -> {x, y, w, h}; geo.center(r, c) -> {x, y}
//   board.setZoom(4);  // opt-in (Search Party): cells 4× their fitted size, the canvas wider than
//                      // its container, which then scrolls (the page's CSS); 1, the default, fits;
//                      // maxZoomCell (an option, default none) caps a zoomed cell's size
//   new BoardCanvas(canvasEl, { sizeFrom: el, ... })  // opt-in: the board fits el's width, not
//                      // its parent's (Search Party: a zoomed view shrinks to a small board, and
//                      // a board fitted to that view would fit itself)
//   new BoardCanvas(canvasEl, { zoomRoom: () => ({ width, height, bar }), ... })  // opt-in: the
//                      // largest view a zoomed board scrolls in (CSS px) and its scroll bars'
//                      // thickness (scrollBarSize()); a side less than half a cell longer than
//                      // its room is drawn to fit it (geo.toView says so)
//   new BoardCanvas(canvasEl, { screenShare: () => 0.4, ... })  // opt-in: with fitHeight, the
//                      // share of the screen's height the board may take (default 0.86; at
//                      // least 240 px): Search Party's board stays at the top of a phone held
//                      // upright while its panel scrolls under it
const LANDSCAPE_PHONE = window.matchMedia?.('(orientation: landscape) and (max-height: 500px)');

/**
 * The height a board drawn in `canvas` may take so that it fits the screen as well as its
 * column's width: when the board starts near the page's top (on a phone held sideways the pages
 * put the game first, below a slim header), the first screen below the header, so the whole
 * board shows without scrolling; else a whole screen. Infinity in a frame (the host page
 * chooses its size) and, with `landscapeOnly`, anywhere but a screen under 500 px high held
 * sideways (the pages' media query). The board's place on the page is read from the layout
 * (`.game-layout`), not from its column: the pages make that column sticky there, so while the
 * page is scrolled it is drawn higher than its place, and a resize then (a phone's address bar
 * hiding) would have taken the whole screen's height for the board.
 */
export function screenRoomHeight(canvas, { landscapeOnly = true } = {}) {
  if (document.documentElement.classList.contains('embed')) return Infinity;
  if (landscapeOnly && !LANDSCAPE_PHONE?.matches) return Infinity;
  const vh = window.innerHeight || document.documentElement.clientHeight;
  const wrap = canvas.parentElement, layout = wrap.closest('.game-layout') || wrap;
  // (+ scrollTop: a zoomed board's container is scrolled; any other's scrollTop is 0)
  const top = layout.getBoundingClientRect().top + (canvas.getBoundingClientRect().top - wrap.getBoundingClientRect().top + wrap.scrollTop) + window.scrollY;
  return vh - (top < vh / 4 ? top : 0) - 8;
}

/**
 * The room a scroll bar takes in this browser, in CSS px: about 15 on a desktop, 0 where scroll
 * bars float over the content (phones, macOS by default). Measured once, on a probe.
 */
let scrollBarThickness = null;
export function scrollBarSize() {
  if (scrollBarThickness === null) {
    const probe = document.createElement('div');
    probe.style.cssText = 'position:absolute;top:-200px;left:0;width:100px;height:100px;overflow:scroll;visibility:hidden';
    document.body.append(probe);
    scrollBarThickness = Math.max(0, probe.offsetWidth - probe.clientWidth);
    probe.remove();
  }
  return scrollBarThickness;
}

/**
 * The largest canvas a zoomed board draws, in device pixels: a side and an area every browser
 * draws (iOS Safari leaves a canvas of more than 4096 × 4096 = 16,777,216 pixels blank; desktop
 * browsers allow more). A zoomed board first draws with fewer device pixels per CSS pixel (not
 * under 1), then with smaller cells (geo.zoom says the zoom it got).
 */
export const MAX_CANVAS_SIDE = 8192;
export const MAX_CANVAS_AREA = 4096 * 4096;

export class BoardCanvas {
  constructor(canvas, { rows, cols, onDraw, onCell, onHover, maxCell = 40, minCell = 6, fitHeight = true, screenShare = () => 0.86, zoom = 1, maxZoomCell = Infinity, sizeFrom = null, zoomRoom = null } = {}) {
    this.canvas = canvas;
    this.zoom = zoom;
    this.maxZoomCell = maxZoomCell;
    this.zoomRoom = zoomRoom;
    this.rows = rows;
    this.cols = cols;
    this.onDraw = onDraw;
    this.onCell = onCell;
    this.onHover = onHover;
    this.maxCell = maxCell;
    this.minCell = minCell;
    this.fitHeight = fitHeight;
    this.screenShare = screenShare;
    this.ctx = canvas.getContext('2d');
    this.geo = null;
    this.pending = false;
    this.container = sizeFrom || canvas.parentElement;
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(this.container);
    window.addEventListener('resize', () => this.resize());
    canvas.style.touchAction = 'manipulation';
    this.downAt = null;
    canvas.addEventListener('pointerdown', (ev) => {
      this.downAt = { x: ev.clientX, y: ev.clientY, id: ev.pointerId };
    });
    canvas.addEventListener('pointerup', (ev) => {
      const d = this.downAt;
      this.downAt = null;
      if (!d || d.id !== ev.pointerId) return;
      if (Math.hypot(ev.clientX - d.x, ev.clientY - d.y) > 24) return; // a drag, not a tap
      const cell = this.cellAt(ev.clientX, ev.clientY);
      if (cell && this.onCell) this.onCell(cell.r, cell.c, ev);
    });
    canvas.addEventListener('pointercancel', () => { this.downAt = null; });
    canvas.addEventListener('pointermove', (ev) => {
      if (!this.onHover) return;
      this.onHover(this.cellAt(ev.clientX, ev.clientY), ev);
    });
    canvas.addEventListener('pointerleave', (ev) => { this.onHover?.(null, ev); });
    this.resize();
  }

  setSize(rows, cols) {
    if (rows === this.rows && cols === this.cols) return;
    this.rows = rows;
    this.cols = cols;
    this.resize();
  }

  /**
   * Cells `zoom` times the fitted size (1: the board fits its container, as by default); the
   * canvas then overflows its container, which the page lets scroll. Returns the zoom got, less
   * than asked when the canvas would pass MAX_CANVAS_SIDE / MAX_CANVAS_AREA or the cells
   * maxZoomCell, or a side nearly fits zoomRoom (never less than the fitted size).
   */
  setZoom(zoom) {
    this.zoom = Math.max(1, Number(zoom) || 1);
    this.resize();
    return this.geo.zoom;
  }

  resize() {
    const box = this.container.getBoundingClientRect();
    let avail = box.width;
    if (this.fitHeight) {
      // Keep the board on screen: no taller than the viewport minus a little room for controls.
      const vh = window.innerHeight || document.documentElement.clientHeight;
      const maxH = Math.max(240, vh * this.screenShare());
      avail = Math.min(avail, maxH * (this.cols / this.rows));
    }
    // On a phone held sideways the cells are also no taller than the first screen allows.
    const maxCell = this.fitHeight ? Math.min(this.maxCell, screenRoomHeight(this.canvas) / this.rows) : this.maxCell;
    let cell = Math.floor(Math.min(avail / this.cols, maxCell) * 4) / 4;
    cell = Math.max(cell, this.minCell);
    const fitCell = cell;
    let dpr = Math.max(1, window.devicePixelRatio || 1);
    let toView = false;
    if (this.zoom > 1) {
      // Within the canvas limits at one device pixel per CSS pixel, in quarter pixels; then as
      // many device pixels per CSS pixel as the limits leave (the screen's at most). (A little
      // under the limits: the backing store's sides are rounded.)
      const side = MAX_CANVAS_SIDE - 1, area = MAX_CANVAS_AREA * 0.995;
      const most = Math.min(side / this.cols, side / this.rows, Math.sqrt(area / (this.rows * this.cols)));
      cell = Math.max(fitCell, Math.min(fitCell * this.zoom, Math.floor(most * 4) / 4, this.maxZoomCell));
      const inView = this.zoomRoom ? Math.max(fitCell, this.cellToView(cell)) : cell;
      toView = inView < cell;
      cell = inView;
      const cssW = cell * this.cols, cssH = cell * this.rows;
      dpr = Math.max(1, Math.min(dpr, side / cssW, side / cssH, Math.sqrt(area / (cssW * cssH))));
    }
    const w = cell * this.cols;
    const h = cell * this.rows;
    const cw = Math.round(w * dpr);
    const ch = Math.round(h * dpr);
    if (this.canvas.width !== cw || this.canvas.height !== ch) {
      this.canvas.width = cw;
      this.canvas.height = ch;
    }
    this.canvas.style.width = `${w}px`;
    this.canvas.style.height = `${h}px`;
    const rows = this.rows;
    const cols = this.cols;
    this.geo = {
      cell, width: w, height: h, rows, cols, dpr, fitCell, zoom: cell / fitCell, toView,
      cellRect: (r, c) => ({ x: (c - 1) * cell, y: (r - 1) * cell, w: cell, h: cell }),
      center: (r, c) => ({ x: (c - 0.5) * cell, y: (r - 0.5) * cell }),
    };
    this.redraw();
  }

  /**
   * A zoomed cell no larger than lets a side of the board fit the view (zoomRoom) when that side
   * is less than half a cell longer than the view: scrolling it showed a sliver of a cell. The
   * zoomed cell's cap is a fixed size (Search Party's 56 px) that knows nothing of the view: five
   * cells of 56 px were 280 px in a 279 px view (a phone held sideways), a 1 px scroll range.
   * Where scroll bars take room (zoomRoom's `bar`), the view is less a bar wide beside the other
   * side's bar. In quarter pixels, rounded down, as the fitted cell.
   */
  cellToView(cell) {
    const { width, height, bar = 0 } = this.zoomRoom();
    // A side that scrolls takes a scroll bar's room from the other side (a desktop's scroll bars
    // take room): the sideways bar takes height, the up-and-down bar width. A side fitted may
    // drop its own bar, so the bars are worked out again, a few times (the rooms only grow).
    let out = cell;
    for (let pass = 0; pass < 3; pass++) {
      const barTakingHeight = this.cols * out > width - (this.rows * out > height ? bar : 0) ? bar : 0;
      const barTakingWidth = this.rows * out > height - barTakingHeight ? bar : 0;
      const before = out;
      // (less than half a cell longer than the room a view would have without the other side's
      // bar: the bar is the browser's, not the board's)
      for (const [n, size, taken] of [[this.cols, width, barTakingWidth], [this.rows, height, barTakingHeight]]) {
        const over = n * cell - (size - taken);
        if (over > 0 && over < cell / 2 + taken) out = Math.min(out, Math.floor(((size - taken) / n) * 4) / 4);
      }
      if (out === before) break;
    }
    return out;
  }

  redraw() {
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => {
      this.pending = false;
      this.drawNow();
    });
  }

  drawNow() {
    if (!this.geo) return;
    const { ctx } = this;
    ctx.setTransform(this.geo.dpr, 0, 0, this.geo.dpr, 0, 0);
    ctx.clearRect(0, 0, this.geo.width, this.geo.height);
    this.onDraw?.(ctx, this.geo);
  }

  /** 1-based {r, c} under a client point, or null outside the board. */
  cellAt(clientX, clientY) {
    if (!this.geo) return null;
    const rect = this.canvas.getBoundingClientRect();
    const sx = rect.width / this.geo.width;
    const sy = rect.height / this.geo.height;
    const x = (clientX - rect.left) / sx;
    const y = (clientY - rect.top) / sy;
    const c = Math.floor(x / this.geo.cell) + 1;
    const r = Math.floor(y / this.geo.cell) + 1;
    if (r < 1 || c < 1 || r > this.rows || c > this.cols) return null;
    return { r, c };
  }
}

/** Reads a CSS custom property of the document (board colours follow the light/dark theme). */
export function cssVar(name, fallback = '#000') {
  const v = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return v || fallback;
}
