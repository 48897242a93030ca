// Owns: what a page says when its own module never runs. Four ways that happens: the page was
// opened from a file (file://, e.g. a folder from scripts/site.sh on a USB stick, double-clicked),
// whose module scripts browsers refuse; it is in a frame sandboxed without allow-same-origin (no
// origin: its own site's scripts are cross-origin to it); its module did not load over http (a
// missing file, a host that sends .js with a type that is not JavaScript); or the browser could
// not parse it (older than the pages need). Before, the page sat at "Loading the game engine…"
// for good, with the reason in the console only, and a host frame heard nothing.
// A classic script, not a module, so that it runs in every case: each page loads it just before
// its module (<script src="../common/start-check.js" data-game="robots">; data-game only on the
// game pages, which are framed, and then the host hears pursuit:error). No imports: the page's
// modules are what failed, so the few lines it shares with them (parentOrigin) are its own here.
(function () {
  'use strict';
  var game = document.currentScript && document.currentScript.getAttribute('data-game');
  var said = false;

  var modulesRan = false;  // (DOMContentLoaded comes after the page's modules ran, or failed to)
  document.addEventListener('DOMContentLoaded', function () { modulesRan = true; });

  window.addEventListener('error', function (ev) {
    if (said) return;
    var script = ev.target;
    if (script && script.tagName === 'SCRIPT' && script.type === 'module') {
      said = true;
      if (location.protocol === 'file:') { tell(fromFileMessage()); return; }
      if (window.origin === 'null') { tell(sandboxedMessage(script.src)); return; }
      diagnose(script.src).then(tell);
    } else if (!modulesRan && unreadable(ev)) {
      said = true;
      tell(unreadableMessage(ev));
    }
  }, true);  // (a script's load error does not bubble: only a listener on the way down hears it)

  // A module of the site the browser could not parse: the whole page's code then never runs. A
  // browser older than the pages need (top-level await: Chrome and Edge 89, Firefox 89, Safari 15)
  // does that, as would a damaged file. (Only before the modules ran: a SyntaxError later is a
  // JSON.parse of something, and the page's code is running.)
  function unreadable(ev) {
    return !!ev.error && ev.error.name === 'SyntaxError' && typeof ev.filename === 'string' &&
      ev.filename.indexOf(location.origin + '/') === 0;
  }

  function unreadableMessage(ev) {
    return 'The page\'s script ' + ev.filename.split('/').pop() + ' could not be read (line ' + ev.lineno +
      ': ' + String(ev.message).replace(/^Uncaught /, '') + '), so the game cannot start. This browser ' +
      'may be older than Pursuit needs (Chrome or Edge 89, Firefox 89, Safari 15, or later): update ' +
      'it or use another one. Otherwise the file is damaged: reload the page.';
  }

  function fromFileMessage() {
    return 'This page was opened from a file (' + location.href.split('#')[0] + '), and browsers ' +
      'run its game only when a web server sends it. From a Pursuit checkout, run ' +
      '"bash scripts/serve.sh" and open http://127.0.0.1:8080/. In a folder made by ' +
      '"bash scripts/site.sh OUT", run "python3 -m http.server 8080" there and open ' +
      'http://127.0.0.1:8080/.';
  }

  // A frame sandboxed without allow-same-origin has no origin: its own site's scripts and the
  // engine's files are refused unless the site sends them with CORS (GitHub Pages does; then the
  // page plays: engine.js starts its worker from a blob: address).
  function sandboxedMessage(url) {
    return 'The page\'s script ' + url.split('/').pop() + ' did not load, so the game cannot start. ' +
      'This page is in a frame sandboxed without allow-same-origin, where browsers give it no origin ' +
      'and so refuse its scripts unless its site allows requests from other origins ' +
      '(Access-Control-Allow-Origin), which this one does not. The page embedding ' +
      'it should give the frame sandbox="allow-scripts allow-same-origin", or no sandbox attribute.';
  }

  // Why the module did not load, as far as a second fetch of it can tell.
  function diagnose(url) {
    var name = url.split('/').pop();
    var head = 'The page\'s script ' + name + ' did not load, so the game cannot start. ';
    return fetch(url, { cache: 'no-store' }).then(function (res) {
      var type = (res.headers.get('content-type') || '').split(';')[0].trim();
      if (!res.ok) return head + 'The server answered ' + res.status + ' for ' + url + '.';
      if (!/^(text|application)\/(javascript|ecmascript|x-javascript)$/i.test(type)) {
        return head + 'The server sent it as "' + (type || 'no type') + '"; browsers run a module ' +
          'script only when it is sent as JavaScript (text/javascript): set the host to serve .js ' +
          'files with that type.';
      }
      return head + 'It, or a module it imports, failed to load; reload the page to try again.';
    }, function (err) {
      return head + 'It could not be fetched (' + err.message + '): is the site still reachable?';
    });
  }

  function tell(message) {
    var box = document.getElementById('error') || newErrorBox();
    var text = document.createElement('span');
    text.className = 'error-text';
    text.textContent = message;
    box.textContent = '';  // (not replaceChildren: older browsers than the pages need should hear this too)
    box.appendChild(text);
    box.hidden = false;
    var loading = document.querySelectorAll('.loading');
    for (var i = 0; i < loading.length; i++) loading[i].textContent = 'Not loaded: see the message above.';
    // (controls no code answers: a click on them would do nothing, and say nothing)
    var controls = document.querySelectorAll('main button, main input, main select, main textarea');
    for (var j = 0; j < controls.length; j++) controls[j].disabled = true;
    document.documentElement.setAttribute('data-start-failed', '1');
    if (game && window.parent !== window) tellHost(message);
  }

  function newErrorBox() {
    var box = document.createElement('div');
    box.id = 'error';
    box.className = 'error-box';
    box.setAttribute('role', 'alert');
    var main = document.querySelector('main') || document.body;
    main.insertBefore(box, main.firstChild);
    return box;
  }

  // As embed-api.js does: only to the origins parentOrigin= lists (from the hash, else the
  // query), else to any host; a listed part that is not an origin is dropped.
  function tellHost(message) {
    var raw = param(location.hash) !== undefined ? param(location.hash) : param(location.search);
    var origins = raw ? raw.split(',').map(originOf).filter(Boolean) : ['*'];
    var msg = { type: 'pursuit:error', game: game, message: message };
    for (var i = 0; i < origins.length; i++) {
      try { window.parent.postMessage(msg, origins[i]); } catch (e) { /* not an origin postMessage takes */ }
    }
  }

  // parentOrigin= as hash-state.js's parseParams reads it: the last one counts.
  function param(part) {
    var pairs = part.replace(/^[#?]/, '').split('&'), value;
    for (var i = 0; i < pairs.length; i++) {
      var eq = pairs[i].indexOf('=');
      if (decode(eq < 0 ? pairs[i] : pairs[i].slice(0, eq)) === 'parentOrigin') value = eq < 0 ? '' : decode(pairs[i].slice(eq + 1));
    }
    return value;
  }

  function decode(text) {
    try { return decodeURIComponent(text.replace(/\+/g, ' ')); } catch (e) { return text; }
  }

  function originOf(text) {
    try {
      var origin = new URL(text.trim()).origin;
      return origin !== 'null' ? origin : null;
    } catch (e) { return null; }
  }
})();
