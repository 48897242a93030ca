// Native and wasm builds must agree: same replay fingerprint for the fixed seeded suite,
// same Robots judge output on 1,000 seeded random cases, same errors on bad input, the same
// Search Party plans from the solver's full pipeline.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadModule, unwrap, nativeBin, repoRoot } from './module.mjs';

const M = await loadModule();
const tool = (args) => execFileSync(path.join(nativeBin, 'pursuit-tool'), args, { encoding: 'utf8', maxBuffer: 1 << 28 });

test('replay fingerprint of the seeded suite is identical natively and in wasm', () => {
  const wasm = unwrap(M.fingerprint());
  const native = JSON.parse(tool(['fingerprint']));
  assert.ok(wasm.replays > 0);
  assert.deepEqual(wasm, native);
});

test('1,000 seeded random Robots cases: wasm judge output equals the native robots binary', () => {
  const input = unwrap(M.tool('robots', 'random_input', JSON.stringify({ seed: 2024, cases: 1000, robots: 30, teleports: 10 }))).input;
  assert.equal(input.split('\n').filter((l) => l.trim() !== '').length, 1000 * 41 + 1);
  const wasmOut = unwrap(M.tool('robots', 'judge', JSON.stringify({ input }))).output;
  const native = spawnSync(path.join(nativeBin, 'robots'), { input, encoding: 'utf8', maxBuffer: 1 << 28 });
  assert.equal(native.status, 0, native.stderr);
  assert.equal((wasmOut.match(/^Case \d+:$/gm) || []).length, 1000);
  assert.equal(wasmOut, native.stdout);
});

test('games replayed through the Session API give the replay the native tool gives', () => {
  for (const seed of [1, 2, 3]) {
    const config = { game: 'robots', seed, robots: 25, teleports: 4 };
    const s = new M.Session();
    unwrap(s.create(JSON.stringify(config)));
    while (!unwrap(s.info()).over) unwrap(s.apply(JSON.stringify(unwrap(s.suggest('{}')))));
    const wasmReplay = unwrap(s.replay());
    s.delete();
    const nativeReplay = JSON.parse(tool(['play', JSON.stringify(config)]));
    assert.deepEqual(wasmReplay, nativeReplay);
  }
});

test('errors cross into JavaScript as readable messages, never aborts', () => {
  const bad = JSON.parse(M.tool('robots', 'judge', JSON.stringify({ input: '1 0\n15 15\n0 0\n' })));
  assert.equal(bad.ok, false);
  assert.equal(bad.error, 'input line 2: case 1: robot 1 is on your start cell (15,15)');
  const s = new M.Session();
  assert.match(JSON.parse(s.create('{not json')).error, /parse error/);
  assert.match(JSON.parse(s.create('{"game":"chess"}')).error, /unknown game 'chess'/);
  unwrap(s.create(JSON.stringify({ game: 'robots', robots: [[15, 16]], teleports: [] })));
  assert.match(JSON.parse(s.apply('"E"')).error, /move "E" is illegal: a robot stands there/);
  assert.equal(unwrap(s.info()).moves_count, 0, 'an illegal move leaves the state unchanged');
  assert.equal(unwrap(s.apply('"W"')).moves_count, 1, 'the session still works after an error');
  s.delete();
});

// The Search Party page's "record" level runs the native solver's whole pipeline in wasm; it
// must print, byte for byte, what `searchparty-solver MAP` prints (moves and final line).
test('Search Party: the full solve pipeline in wasm gives the native solver\'s batch output', () => {
  const ref = path.resolve(process.env.PURSUIT_SHARED_DIR || path.join(repoRoot, '..', 'shared'), 'ref', 'searchparty');
  const solved = {};
  for (const [name, args] of [['map1.txt', {}], ['map2.txt', {}], ['map2.txt', { seed: 3, restarts: 1 }]]) {
    const file = path.join(ref, name);
    const map = fs.readFileSync(file, 'utf8');
    const wasm = unwrap(M.tool('searchparty', 'solve', JSON.stringify({ map, pipeline: 'full', ...args })));
    const flags = args.seed ? ['--seed', String(args.seed), '--tries', String(args.restarts)] : [];
    const native = execFileSync(path.join(nativeBin, 'searchparty-solver'), [...flags, file], { encoding: 'utf8', maxBuffer: 1 << 26 });
    assert.equal(wasm.batch, native, `${name} ${JSON.stringify(args)}`);
    assert.ok(native.endsWith(`\n${wasm.turns} ${wasm.costars} ${wasm.extras}\n`), native.slice(-40));
    if (!args.seed) solved[name] = wasm;
  }
  // The game's own plans stay the default; the full pipeline ends sooner.
  const map2 = fs.readFileSync(path.join(ref, 'map2.txt'), 'utf8');
  const game = unwrap(M.tool('searchparty', 'solve', JSON.stringify({ map: map2 })));
  const full = solved['map2.txt'];
  assert.ok(full.turns < game.turns, `full ${full.turns} against game ${game.turns}`);
  const bad = JSON.parse(M.tool('searchparty', 'solve', JSON.stringify({ map: map2, pipeline: 'fast' })));
  assert.equal(bad.ok, false);
  assert.equal(bad.error, 'args.pipeline: expected "game" or "full", got "fast"');
});

// The page's Solution form checks a pasted solution with the engine's check tool; its verdict
// and the lines it played are searchparty-check's, and its "moves" the replay that
// `searchparty-check --replay` writes (a refused solution up to the refused line).
test('Search Party: the check tool says what searchparty-check says and plays the same lines', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-check-'));
  try {
    const map = fs.readFileSync(path.join(repoRoot, 'maps', 'searchparty', 'maze-31x21-s1.txt'), 'utf8');
    fs.writeFileSync(path.join(dir, 'map.txt'), map);
    const plan = unwrap(M.tool('searchparty', 'solve', JSON.stringify({ map, level: 'hard' }))).batch;
    const lines = plan.trimEnd().split('\n');
    const cut = [...lines.slice(0, 5), '@8 @8.', ...lines.slice(5)].join('\n');  // line 6 moves the star twice
    for (const [name, solution, valid] of [['plan', plan, true], ['cut', cut, false]]) {
      fs.writeFileSync(path.join(dir, `${name}.txt`), solution);
      const file = path.join(dir, `${name}.txt`);
      const report = unwrap(M.tool('searchparty', 'check', JSON.stringify({ map, map_name: path.join(dir, 'map.txt'), solution, solution_name: file })));
      const replay = path.join(dir, `${name}.json`);
      const run = spawnSync(path.join(nativeBin, 'searchparty-check'), ['--replay', replay, path.join(dir, 'map.txt'), path.join(dir, `${name}.txt`)], { encoding: 'utf8' });
      assert.equal(report.valid, valid, report.message);
      assert.equal(run.stdout, `${report.turns} ${report.costars} ${report.extras}\n`, name);
      assert.ok(run.stderr.startsWith(`${valid ? 'valid' : 'invalid'}: ${report.message}\n`), `${name}: ${run.stderr}`);
      if (!valid) assert.ok(report.message.startsWith(`${file} line 6: `), report.message);
      assert.deepEqual(report.moves, JSON.parse(fs.readFileSync(replay, 'utf8')).moves, name);
      assert.equal(report.moves.length, valid ? lines.length - 1 : 5, name);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

// The page's built-in list is the engine's: the hand-made maps, then every map of maps/searchparty/
// under its file name, the same text byte for byte (the set is generated in the engine; the
// files were not in the page at all before). A config {builtin: name} plays it too.
test('Search Party: the engine\'s built-in maps include the whole of maps/searchparty/, byte for byte', () => {
  const maps = unwrap(M.tool('searchparty', 'maps', '{}'));
  const dir = path.join(repoRoot, 'maps', 'searchparty');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.txt')).sort();
  assert.ok(files.length >= 8, files.join(' '));
  const generated = maps.filter((m) => m.generated).map((m) => m.name).sort();
  assert.deepEqual(generated, files.map((f) => f.slice(0, -4)));
  for (const f of files) {
    const m = maps.find((x) => x.name === f.slice(0, -4));
    assert.equal(m.text, fs.readFileSync(path.join(dir, f), 'utf8'), f);
  }
  assert.deepEqual(maps.filter((m) => !m.generated).map((m) => m.name), ['example1', 'example2', 'corridors', 'rooms']);
  const s = new M.Session();
  unwrap(s.create(JSON.stringify({ game: 'searchparty', builtin: 'maze-31x21-s1' })));
  assert.equal(unwrap(s.info()).over, false);
  s.delete();
});

// In wasm size_t has 32 bits: the solver's state count for grid-10x10 with 8 cops (~2e13)
// came out small there, so the page's solver line said "Solver: vector" / "std::bad_alloc"
// and the bots' first move threw or crashed the worker. Natively it was always "too big".
test('Cops and Robbers: the exact solver is refused for the same big games natively and in wasm, and the bots play them', () => {
  const games = [['grid-10x10', 8, false], ['grid-14x14', 7, false], ['grid-14x14', 6, false], ['city-200-s4', 8, false],
                 ['cycle-200', 8, false], ['petersen', 3, true], ['grid-14x14', 2, true]];
  for (const [map, cops, applies] of games) {
    const args = JSON.stringify({ config: { game: 'copsrobbers', map_name: map, cops } });
    const wasm = unwrap(M.tool('copsrobbers', 'analyse', args));
    assert.deepEqual(wasm, JSON.parse(tool(['tool', 'copsrobbers', 'analyse', args])), `${map} with ${cops} cops`);
    assert.equal(wasm.applies, applies, `${map} with ${cops} cops`);
  }
  for (const [map, cops] of games.slice(0, 3)) {
    const s = new M.Session();
    unwrap(s.create(JSON.stringify({ game: 'copsrobbers', map_name: map, cops, seed: 1 })));
    for (let i = 0; i < 4; ++i) unwrap(s.apply(JSON.stringify(unwrap(s.suggest('{"level":"best"}')))));
    assert.equal(unwrap(s.info()).moves_count, 4, `${map} with ${cops} cops`);
    s.delete();
  }
});
