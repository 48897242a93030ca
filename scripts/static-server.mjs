#!/usr/bin/env node
// Owns: a tiny dependency-free static file server for the Pursuit site (development and tests).
// A page that is not there gets ROOT/404.html (status 404) when the root has one, as on GitHub Pages.
//
//   node scripts/static-server.mjs --port 8080 --host 127.0.0.1 --root web --mount /wasm=build/wasm
//
// Several --mount PREFIX=DIR are allowed; --port 0 picks a free port. Prints exactly one line
// "Serving Pursuit at http://HOST:PORT/" once listening. Also importable:
//   const { url, close } = await startServer({ port, host, root, mounts: { '/wasm': 'build/wasm' } });
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.woff2': 'font/woff2',
};

function normalizeMounts(mounts) {
  // Accepts {prefix: dir}, [[prefix, dir]] or ["prefix=dir"]; longest prefix wins.
  let list = [];
  if (Array.isArray(mounts)) {
    for (const m of mounts) {
      if (typeof m === 'string') {
        const i = m.indexOf('=');
        if (i <= 0) throw new Error(`--mount expects PREFIX=DIR, got "${m}"`);
        list.push([m.slice(0, i), m.slice(i + 1)]);
      } else list.push([m[0], m[1]]);
    }
  } else if (mounts) list = Object.entries(mounts);
  return list
    .map(([prefix, dir]) => {
      let p = '/' + String(prefix).replace(/^\/+|\/+$/g, '');
      if (p === '/') p = '';
      return [p, path.resolve(dir)];
    })
    .sort((a, b) => b[0].length - a[0].length);
}

// Maps a URL path to a file path inside one root, or null (outside every root / malformed).
function resolvePath(urlPath, root, mounts) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  let base = root;
  let rest = decoded;
  for (const [prefix, dir] of mounts) {
    if (prefix && (decoded === prefix || decoded.startsWith(prefix + '/'))) {
      base = dir;
      rest = decoded.slice(prefix.length) || '/';
      break;
    }
  }
  const full = path.resolve(base, '.' + path.posix.normalize('/' + rest));
  if (full !== base && !full.startsWith(base + path.sep)) return null;
  return full;
}

// Every answer allows requests from any origin, as GitHub Pages does: a page in a frame sandboxed
// with allow-scripts alone has no origin and gets its own site's scripts and engine only so. The
// files are the public site's; nothing here depends on who asks. (`cors: false`: a host without
// it, for tests.)
const commonHeaders = (cors) => ({ 'Cache-Control': 'no-cache', ...(cors ? { 'Access-Control-Allow-Origin': '*' } : {}) });

function send(res, status, body, type = 'text/plain; charset=utf-8', extra = {}) {
  res.writeHead(status, { 'Content-Type': type, ...res.commonHeaders, ...extra });
  res.end(body);
}

export async function startServer({ port = 0, host = '127.0.0.1', root = 'web', mounts = {}, log = false, cors = true } = {}) {
  const rootDir = path.resolve(root);
  const mountList = normalizeMounts(mounts);
  const headers = commonHeaders(cors);
  const server = http.createServer((req, res) => {
    res.commonHeaders = headers;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return send(res, 405, 'Method not allowed\n', undefined, { Allow: 'GET, HEAD' });
    }
    let urlPath;
    try {
      urlPath = new URL(req.url, 'http://localhost').pathname;
    } catch {
      return send(res, 400, 'Bad request\n');
    }
    let file = resolvePath(urlPath, rootDir, mountList);
    if (!file) return send(res, 403, 'Forbidden\n');
    fs.stat(file, (err, st) => {
      if (!err && st.isDirectory()) {
        if (!urlPath.endsWith('/')) {
          return send(res, 301, 'Moved\n', undefined, { Location: urlPath + '/' + (req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '') });
        }
        file = path.join(file, 'index.html');
        return fs.stat(file, (err2, st2) => serveFile(err2, st2, file));
      }
      serveFile(err, st, file);
    });
    function serveFile(err, st, f) {
      if (err || !st.isFile()) {
        if (log) console.error(`404 ${urlPath}`);
        return notFound();
      }
      const type = MIME[path.extname(f).toLowerCase()] || 'application/octet-stream';
      // An ETag from the file's size and modification time (mtimeMs has a fraction: an edit in the same
      // second is still a change), so that a browser asking again (Cache-Control: no-cache; the
      // offline copy's renewal, web/service-worker.js) gets 304 for a file that did not change.
      const etag = `W/"${st.size}-${st.mtimeMs}"`;
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, { ETag: etag, ...res.commonHeaders });
        return res.end();
      }
      res.writeHead(200, { 'Content-Type': type, 'Content-Length': st.size, ETag: etag, ...res.commonHeaders });
      if (req.method === 'HEAD') return res.end();
      const stream = fs.createReadStream(f);
      stream.on('error', () => res.destroy());
      stream.pipe(res);
    }
    // A page asked for (a browser's navigation, an iframe's src) gets the root's 404.html, as
    // GitHub Pages does: the site's own "no such page / unknown game" page. Anything else, or a
    // root without one, the plain text line.
    function notFound() {
      if (!/\btext\/html\b/.test(req.headers.accept || '')) return send(res, 404, `Not found: ${urlPath}\n`);
      fs.readFile(path.join(rootDir, '404.html'), (err, body) => {
        if (err) return send(res, 404, `Not found: ${urlPath}\n`);
        res.writeHead(404, { 'Content-Type': MIME['.html'], 'Content-Length': body.length, ...res.commonHeaders });
        res.end(req.method === 'HEAD' ? undefined : body);
      });
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const addr = server.address();
  const shownHost = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  const url = `http://${shownHost}:${addr.port}/`;
  return {
    url,
    port: addr.port,
    server,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}

function parseArgs(argv) {
  const opts = { port: 8080, host: '127.0.0.1', root: 'web', mounts: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const [key, inline] = a.includes('=') && a.startsWith('--') && !a.startsWith('--mount=') ? a.split(/=(.*)/s) : [a, undefined];
    const value = () => (inline !== undefined ? inline : argv[++i]);
    if (key === '--port') opts.port = Number(value());
    else if (key === '--host') opts.host = value();
    else if (key === '--root') opts.root = value();
    else if (key === '--mount') opts.mounts.push(value());
    else if (key.startsWith('--mount=')) opts.mounts.push(key.slice('--mount='.length));
    else if (key === '--log') opts.log = true;
    else if (key === '--help' || key === '-h') {
      console.log('usage: node scripts/static-server.mjs [--port N] [--host H] [--root DIR] [--mount /prefix=DIR]...');
      process.exit(0);
    } else throw new Error(`unknown argument "${a}"`);
  }
  if (!Number.isInteger(opts.port) || opts.port < 0 || opts.port > 65535) throw new Error('--port expects 0..65535');
  return opts;
}

const isMain = process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url;
if (isMain) {
  try {
    const opts = parseArgs(process.argv.slice(2));
    const { url } = await startServer(opts);
    console.log(`Serving Pursuit at ${url}`);
  } catch (e) {
    if (e.code === 'EADDRINUSE') e.message = `${e.address}:${e.port} is already in use (another server?); choose another port with --port N`;
    console.error(`static-server: ${e.message}`);
    process.exit(1);
  }
}
