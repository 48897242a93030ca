// scripts/static-server.mjs: MIME types, mounts, index.html, no escape from the roots, CLI line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { startServer } from '../../scripts/static-server.mjs';
import { ROOT } from './lib.mjs';

function get(url, rawPath, { method = 'GET', headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = http.request({ host: u.hostname, port: u.port, path: rawPath, method, headers }, (res) => {
      let body = '';
      res.on('data', (d) => { body += d; });
      res.on('end', () => resolve({ status: res.statusCode, type: res.headers['content-type'], location: res.headers.location, cors: res.headers['access-control-allow-origin'], etag: res.headers.etag, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('serves roots and mounts with the right types and refuses traversal', async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pursuit-server-'));
  const root = path.join(tmp, 'site');
  const mounted = path.join(tmp, 'mounted');
  fs.mkdirSync(path.join(root, 'sub'), { recursive: true });
  fs.mkdirSync(mounted);
  fs.writeFileSync(path.join(tmp, 'secret.txt'), 'TOP-SECRET-CONTENT');
  fs.writeFileSync(path.join(root, 'index.html'), '<p>home</p>');
  fs.writeFileSync(path.join(root, 'sub', 'index.html'), '<p>sub</p>');
  fs.writeFileSync(path.join(root, 'a.js'), 'x');
  fs.writeFileSync(path.join(root, 'a.mjs'), 'x');
  fs.writeFileSync(path.join(root, 'a.css'), 'x');
  fs.writeFileSync(path.join(root, 'a.json'), '{}');
  fs.writeFileSync(path.join(root, 'a.svg'), '<svg/>');
  fs.writeFileSync(path.join(root, 'a.txt'), 't');
  fs.writeFileSync(path.join(root, 'a.png'), 'p');
  fs.writeFileSync(path.join(mounted, 'm.wasm'), 'w');
  const s = await startServer({ port: 0, root, mounts: { '/wasm': mounted } });
  try {
    assert.match(s.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
    const types = { 'a.js': 'text/javascript', 'a.mjs': 'text/javascript', 'a.css': 'text/css', 'a.json': 'application/json', 'a.svg': 'image/svg+xml', 'a.txt': 'text/plain', 'a.png': 'image/png', 'wasm/m.wasm': 'application/wasm', '': 'text/html', 'sub/': 'text/html' };
    for (const [p, t] of Object.entries(types)) {
      const r = await get(s.url, '/' + p);
      assert.equal(r.status, 200, p);
      assert.ok(r.type.startsWith(t), `${p}: ${r.type}`);
      // (as GitHub Pages: a frame sandboxed without allow-same-origin gets its files only so)
      assert.equal(r.cors, '*', `${p}: Access-Control-Allow-Origin`);
    }
    assert.equal((await get(s.url, '/sub/')).body, '<p>sub</p>');
    const redirect = await get(s.url, '/sub');
    assert.equal(redirect.status, 301);
    assert.equal(redirect.location, '/sub/');
    for (const p of ['/../secret.txt', '/%2e%2e/secret.txt', '/wasm/../../secret.txt', '/wasm/..%2f..%2fsecret.txt', '/sub/..%5c..%5csecret.txt']) {
      const r = await get(s.url, p);
      assert.notEqual(r.status, 200, p);
      assert.ok(!r.body.includes('TOP-SECRET-CONTENT'), p);
    }
    assert.equal((await get(s.url, '/nope.js')).status, 404);
    assert.equal((await get(s.url, '/nope.js')).cors, '*', '404: Access-Control-Allow-Origin');
  } finally {
    await s.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});

// A missing page asked for by a browser (Accept: text/html) gets the root's 404.html with status
// 404, as on GitHub Pages; other requests, and a root without one, get the plain text line.
test('a missing page gets the root\'s 404.html (status 404); a missing file the text line', async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pursuit-server-'));
  const root = path.join(tmp, 'site');
  const bare = path.join(tmp, 'bare');
  fs.mkdirSync(path.join(root, 'robots'), { recursive: true });
  fs.mkdirSync(bare);
  fs.writeFileSync(path.join(root, '404.html'), '<p>no such page</p>');
  fs.writeFileSync(path.join(root, 'robots', 'index.html'), '<p>robots</p>');
  const s = await startServer({ port: 0, root });
  const b = await startServer({ port: 0, root: bare });
  const page = { headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } };
  try {
    for (const p of ['/robot/', '/robot', '/robots/index.htm', '/a/b/c/?embed=1']) {
      const r = await get(s.url, p, page);
      assert.equal(r.status, 404, p);
      assert.ok(r.type.startsWith('text/html'), `${p}: ${r.type}`);
      assert.equal(r.body, '<p>no such page</p>', p);
    }
    const head = await get(s.url, '/robot/', { ...page, method: 'HEAD' });
    assert.equal(head.status, 404);
    assert.equal(head.body, '');
    for (const [url, p, opts] of [[s.url, '/nope.js', {}], [s.url, '/robot/', { headers: { Accept: '*/*' } }], [b.url, '/robot/', page]]) {
      const r = await get(url, p, opts);
      assert.equal(r.status, 404, p);
      assert.equal(r.body, `Not found: ${p}\n`, p);
    }
    assert.equal((await get(s.url, '/robots/', page)).status, 200, 'pages that exist are untouched');
  } finally {
    await s.close();
    await b.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});

test('a file asked again unchanged gets 304 (its ETag); changed, even within the second, 200', async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pursuit-server-'));
  fs.writeFileSync(path.join(tmp, 'a.js'), 'one');
  const srv = await startServer({ port: 0, root: tmp });
  try {
    const first = await get(srv.url, '/a.js');
    assert.equal(first.status, 200);
    assert.match(first.etag, /^W\/"3-[0-9.]+"$/);
    const again = await get(srv.url, '/a.js', { headers: { 'If-None-Match': first.etag } });
    assert.deepEqual([again.status, again.body, again.etag], [304, '', first.etag]);
    fs.writeFileSync(path.join(tmp, 'a.js'), 'two');  // (same size, a few ms later)
    const changed = await get(srv.url, '/a.js', { headers: { 'If-None-Match': first.etag } });
    assert.deepEqual([changed.status, changed.body], [200, 'two']);
    assert.notEqual(changed.etag, first.etag);
  } finally {
    await srv.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});

test('the command line prints exactly one line when listening', async () => {
  const child = spawn(process.execPath, ['scripts/static-server.mjs', '--port', '0', '--root', 'web', '--mount', '/wasm=build/wasm'], { cwd: ROOT });
  try {
    const line = await new Promise((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => { out += d; if (out.includes('\n')) resolve(out); });
      child.on('exit', (code) => reject(new Error(`exited ${code}`)));
      setTimeout(() => reject(new Error('no output')), 5000);
    });
    assert.match(line, /^Serving Pursuit at http:\/\/127\.0\.0\.1:\d+\/\n$/);
    const url = line.trim().split(' ').pop();
    const r = await get(url, '/robots/');
    assert.equal(r.status, 200);
  } finally {
    child.kill();
  }
});

test('a port already in use is named with what to do, exit 1', async () => {
  const busy = await startServer({ port: 0, host: '127.0.0.1', root: path.join(ROOT, 'web'), mounts: [] });
  try {
    const port = new URL(busy.url).port;
    const child = spawn(process.execPath, ['scripts/static-server.mjs', '--port', port, '--root', 'web'], { cwd: ROOT });
    let err = '';
    child.stderr.on('data', (d) => { err += d; });
    const code = await new Promise((resolve) => child.on('exit', resolve));
    assert.equal(code, 1);
    assert.equal(err, `static-server: 127.0.0.1:${port} is already in use (another server?); choose another port with --port N\n`);
  } finally {
    await busy.close();
  }
});

// The README's two commands check their options before setup and build (minutes on a fresh
// machine): a typo is answered at once, with status 2, and nothing is installed or built.
test('serve.sh and test.sh refuse a bad option before any setup', () => {
  const cases = [
    ['serve.sh', ['--port'], 'serve.sh: option --port needs a value'],
    ['serve.sh', ['--port', 'abc'], "serve.sh: --port expects a number 0..65535, got 'abc'"],
    ['serve.sh', ['--port=70000'], "serve.sh: --port expects a number 0..65535, got '70000'"],
    ['serve.sh', ['--host'], 'serve.sh: option --host needs a value'],
    ['serve.sh', ['--prot', '8081'], "serve.sh: unknown option '--prot'"],
    ['test.sh', ['--sanitise'], "test.sh: unknown option '--sanitise'"],
  ];
  for (const [script, args, message] of cases) {
    const r = spawnSync('bash', [`scripts/${script}`, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 20000 });
    assert.equal(r.status, 2, `${script} ${args.join(' ')}: ${r.stderr}`);
    assert.equal(r.stdout, '', `${script} ${args.join(' ')} ran something`);
    assert.equal(r.stderr.split('\n')[0], message);
    assert.match(r.stderr.split('\n')[1], /^usage: scripts\//);
  }
  for (const script of ['serve.sh', 'test.sh']) {
    const r = spawnSync('bash', [`scripts/${script}`, '--help'], { cwd: ROOT, encoding: 'utf8', timeout: 20000 });
    assert.equal(r.status, 0);
    assert.match(r.stdout, new RegExp(`^usage: scripts/${script.replace('.', '\\.')} `));
  }
});

// site.sh replaces its OUT_DIR: a slip ('site.sh web', 'site.sh .') must not delete the sources,
// and OUT_DIR is where the command was typed, not the checkout.
test('site.sh refuses a folder it must not replace and writes OUT_DIR relative to the caller', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pursuit-site-'));
  const site = (args, cwd = ROOT) => spawnSync('bash', [path.join(ROOT, 'scripts/site.sh'), ...args], { cwd, encoding: 'utf8', timeout: 60000 });
  try {
    fs.writeFileSync(path.join(tmp, 'notes.txt'), 'mine');
    const refused = [
      [['web'], "site.sh: 'web' is inside the sources (web/)"],
      [['.'], "site.sh: '.' is this checkout or holds it"],
      [['maps/site'], "site.sh: 'maps/site' is inside the sources (maps/)"],
      [[tmp], `site.sh: '${tmp}' holds other files (not an earlier site): give a new or empty folder`],
      [['README.md'], "site.sh: 'README.md' is a file, not a folder"],
      [[], 'site.sh: OUT_DIR is missing'],
    ];
    for (const [args, message] of refused) {
      const r = site(args);
      assert.equal(r.status, 2, `${args}: ${r.stderr}`);
      assert.equal(r.stderr.split('\n')[0], message);
    }
    assert.ok(fs.existsSync(path.join(ROOT, 'web/index.html')), 'web/ is untouched');
    assert.equal(fs.readFileSync(path.join(tmp, 'notes.txt'), 'utf8'), 'mine');
    for (let pass = 0; pass < 2; pass++) {  // the second pass replaces the earlier site
      const r = site(['out'], tmp);
      assert.equal(r.status, 0, r.stderr);
      assert.ok(fs.existsSync(path.join(tmp, 'out/index.html')));
      assert.ok(fs.existsSync(path.join(tmp, 'out/wasm/pursuit.wasm')));
      assert.ok(fs.existsSync(path.join(tmp, 'out/maps')));
    }
    assert.ok(!fs.existsSync(path.join(ROOT, 'out')), 'nothing written in the checkout');
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});

test('build.sh names an unknown target, status 2', () => {
  const r = spawnSync('bash', ['scripts/build.sh', 'nativ'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.equal(r.stderr, "build.sh: unknown target 'nativ' (native, wasm, all or debug)\n");
});
