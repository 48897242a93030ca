// The JavaScript contract of wasm_bindings/API.md, checked call by call as a page or worker
// uses it: every call answers a JSON envelope, and bad input (bad JSON, wrong sides, options
// that are not objects, deeply nested JSON) comes back as ok:false with a message naming the
// argument, never as an exception thrown into JavaScript.
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadModule, unwrap } from './module.mjs';
import { CONFIG_KEYS, CONFIG_OBJECTS, knownConfig, unknownConfigKey } from '../../web/common/config-keys.js';

const M = await loadModule();
const GAMES = ['robots', 'fugitive', 'copsrobbers', 'searchparty', 'bank'];

// Parses an envelope and checks its shape; returns it.
function env(text) {
  assert.equal(typeof text, 'string');
  const e = JSON.parse(text);
  assert.equal(typeof e.ok, 'boolean', text.slice(0, 200));
  if (e.ok) assert.ok('value' in e, text.slice(0, 200));
  else assert.equal(typeof e.error, 'string');
  return e;
}
function fails(text, pattern) {
  const e = env(text);
  assert.equal(e.ok, false, `expected ok:false, got ${text.slice(0, 200)}`);
  assert.match(e.error, pattern);
  assert.doesNotMatch(e.error, /\[json\.exception/, 'the JSON library\'s tag is not shown');
  return e.error;
}
function session(config) {
  const s = new M.Session();
  unwrap(s.create(JSON.stringify(config)));
  return s;
}

test('free functions answer the documented shapes', () => {
  const games = unwrap(M.listGames());
  assert.deepEqual(games.map((g) => g.id).sort(), [...GAMES].sort());
  for (const g of games) {
    assert.deepEqual(Object.keys(g).sort(), ['config_keys', 'config_objects', 'id', 'side_names', 'sides', 'title']);
    assert.equal(g.side_names.length, g.sides);
  }
  const fp = unwrap(M.fingerprint());
  assert.match(fp.hash, /^[0-9a-f]{16}$/);
  assert.ok(Number.isInteger(fp.replays) && fp.replays > 0);
  assert.deepEqual(Object.keys(fp.per_game).sort(), [...GAMES].sort());
  // The one call without an envelope.
  assert.equal(M.engineVersion(), '1.0.0');
});

// The pages' copy of the keys (web/common/config-keys.js: replays are opened with these only, the
// robots page checks a host's config with them) is the engine's, and says what the engine says.
test('a config key the game does not take: the pages\' list and message are the engine\'s', () => {
  for (const g of unwrap(M.listGames())) {
    assert.deepEqual(CONFIG_KEYS[g.id], g.config_keys, g.id);
    assert.deepEqual(CONFIG_OBJECTS[g.id], g.config_objects, g.id);
    const config = { game: g.id, seed: 1, colour: 'red' };
    const s = new M.Session();
    const error = fails(s.create(JSON.stringify(config)), /^config\.colour: unknown key/);
    assert.equal(unknownConfigKey(config, g.id, g.title), error);
    assert.deepEqual(knownConfig(config, g.id), { game: g.id, seed: 1 });
    // A replay whose config has it opens (its game was played without it).
    const played = session({ game: g.id, seed: 1 });
    const replay = unwrap(played.replay());
    replay.config.colour = 'red';
    unwrap(s.fromReplay(JSON.stringify(replay)));
    s.delete();
    played.delete();
  }
  // Inside an object value too: refused in a new game, passed over in a replay, dropped by knownConfig.
  const fugitive = { game: 'fugitive', seed: 2, map: { cities: 20, cites: 5 } };
  fails(new M.Session().create(JSON.stringify(fugitive)), /^config\.map\.cites: unknown key \(the map generator takes cities, seed, /);
  const played = session({ game: 'fugitive', seed: 2, map: { cities: 20 } });
  const replay = unwrap(played.replay());
  replay.config.map.cites = 5;
  const s = new M.Session();
  unwrap(s.fromReplay(JSON.stringify(replay)));
  assert.deepEqual(knownConfig(replay.config, 'fugitive'), { game: 'fugitive', seed: 2, map: { cities: 20 } });
  s.delete();
  played.delete();
});

test('JSON that does not parse is an error naming the argument', () => {
  const s = session({ game: 'robots', seed: 1 });
  fails(s.create('{not json'), /^config: invalid JSON: parse error at line 1, column 3/);
  fails(s.create(''), /^config: invalid JSON: parse error/);
  fails(s.fromReplay('{'), /^replay: invalid JSON: parse error/);
  fails(s.apply('{x'), /^move: invalid JSON: parse error/);
  fails(s.apply(''), /^move: invalid JSON: parse error/);
  fails(s.suggest('{x'), /^suggest options: invalid JSON: parse error/);
  fails(M.tool('robots', 'judge', '{x'), /^tool args: invalid JSON: parse error/);
  assert.equal(unwrap(s.info()).moves_count, 0, 'the failed calls left the game as it was');
  s.delete();
});

test('suggest options and tool args must be JSON objects (empty text is {})', () => {
  for (const game of GAMES) {
    const s = session({ game, seed: 1 });
    fails(s.suggest('[]'), /^suggest options: expected a JSON object, got \[\]$/);
    fails(s.suggest('"best"'), /^suggest options: expected a JSON object/);
    env(s.suggest(''));
    assert.equal(env(s.suggest('')).ok, true, game);
    s.delete();
  }
  fails(M.tool('robots', 'judge', '[1,2]'), /^tool args: expected a JSON object, got \[1,2\]$/);
  fails(M.tool('robots', 'judge', ''), /robots judge: missing string field "input"/);
});

test('suggest takes every documented level and refuses an unknown one naming it, in every game', () => {
  for (const game of GAMES) {
    const s = session({ game, seed: 1 });
    for (const level of ['easy', 'medium', 'hard', 'best']) {
      assert.equal(env(s.suggest(JSON.stringify({ level, seed: 3 }))).ok, true, `${game} level ${level}`);
    }
    // (Robots ignored its options: an unknown level gave a move)
    fails(s.suggest('{"level":"expert"}'), /level.*'expert'/);
    assert.equal(unwrap(s.info()).moves_count, 0, `${game}: suggest leaves the game as it was`);
    s.delete();
  }
});

test('Robots: one bot for every level; other options are errors naming the field', () => {
  const s = session({ game: 'robots', seed: 4, robots: 20, teleports: 3 });
  const move = unwrap(s.suggest('{}'));
  for (const level of ['easy', 'medium', 'hard', 'best']) assert.equal(unwrap(s.suggest(JSON.stringify({ level, seed: 9 }))), move, level);
  assert.equal(unwrap(s.suggest('')), move);
  fails(s.suggest('{"level":"expert"}'), /^options\.level: expected easy, medium, hard or best, got 'expert'$/);
  fails(s.suggest('{"level":2}'), /^options\.level: expected easy, medium, hard or best, got 2$/);
  fails(s.suggest('{"seed":-1}'), /^options\.seed: expected a non-negative integer, got -1$/);
  fails(s.suggest('{"seed":1.5}'), /^options\.seed: expected a non-negative integer, got 1\.5$/);
  fails(s.suggest('{"level":"best","colour":"red"}'), /^options\.colour: unknown option \(Robots takes level and seed\)$/);
  fails(s.suggest('{"strategy":"greedy"}'), /^options\.strategy: unknown option \(Robots takes level and seed\)$/);
  assert.equal(unwrap(s.info()).moves_count, 0);
  s.delete();
});

test('every game refuses an unknown suggest option naming it', () => {
  // The keys each game takes (API.md); a typo such as "levle" played the default level silently.
  const takes = {
    robots: 'Robots takes level and seed',
    copsrobbers: 'Cops and Robbers takes level, seed and strategy',
    fugitive: 'Fugitive takes level, seed and strategy',
    bank: 'Bank takes level and seed',
    searchparty: 'Search Party takes level, seed and fixed',
  };
  const escaped = (text) => text.replace(/[()]/g, '\\$&');
  for (const game of GAMES) {
    const s = session({ game, seed: 1 });
    fails(s.suggest('{"levle":"hard"}'), new RegExp(`^options\\.levle: unknown option \\(${escaped(takes[game])}\\)$`));
    fails(s.suggest('{"level":"best","colour":"red"}'), new RegExp(`^options\\.colour: unknown option \\(${escaped(takes[game])}\\)$`));
    fails(s.suggest('{"level":"expert"}'), /^options\.level: expected easy, medium, hard(,| or) best(, random, greedy or strong)?, got 'expert'$/);
    fails(s.suggest('{"level":2}'), /^options\.level: expected .*, got 2$/);
    fails(s.suggest('{"seed":-1}'), /^options\.seed: expected a non-negative integer, got -1$/);
    fails(s.suggest('{"seed":1.5}'), /^options\.seed: expected a non-negative integer, got 1\.5$/);
    fails(s.suggest('{"seed":"3"}'), /^options\.seed: expected a non-negative integer, got "3"$/);
    assert.equal(unwrap(s.info()).moves_count, 0, `${game}: suggest leaves the game as it was`);
    s.delete();
  }
  const cr = session({ game: 'copsrobbers', seed: 1 });
  assert.equal(env(cr.suggest('{"strategy":"cover","seed":2}')).ok, true);
  fails(cr.suggest('{"strategy":"smart"}'), /^options\.strategy: expected random, greedy, cover, lookahead, exact or best, got 'smart'$/);
  cr.delete();
  const fg = session({ game: 'fugitive', seed: 1 });
  assert.equal(env(fg.suggest('{"strategy":"greedy","seed":2}')).ok, true);
  fails(fg.suggest('{"strategy":"cover"}'), /^options\.strategy: expected random, greedy or strong, got 'cover'$/);
  fg.delete();
  const sp = session({ game: 'searchparty', seed: 1 });
  fails(sp.suggest('{"fixed":6}'), /^options\.fixed: expected a move line such as "@6", got 6$/);
  sp.delete();
});

test('suggest takes the options the pages pass (web/*/*.js)', () => {
  const pages = {
    robots: [{}],
    copsrobbers: [{ level: 'easy', seed: 1 }, { level: 'best', seed: 1 }],
    fugitive: [{ level: 'medium', seed: 1000 }, { level: 'best', seed: 7 }],
    bank: [{ level: 'hard', seed: 3 * 7919 }, { level: 'best', seed: 1 }, { level: 'best', seed: Date.now() % 100000 }],
    searchparty: [{ level: 'hard', fixed: '@6' }, { level: 'easy' }],
  };
  for (const game of GAMES) {
    const s = session({ game, seed: 1 });
    for (const options of pages[game]) assert.equal(env(s.suggest(JSON.stringify(options))).ok, true, `${game} ${JSON.stringify(options)}`);
    s.delete();
  }
});

test('a side outside -1..sides-1 is an error naming the side, for every game', () => {
  for (const game of GAMES) {
    const s = session({ game, seed: 1 });
    const { sides, side_names: names } = unwrap(s.info());
    for (const side of [sides, 99, -2]) {
      for (const call of ['observation', 'legalMoves']) {
        const msg = fails(s[call](side), new RegExp(`^${call}: no side ${side} in ${game} \\(sides: -1 \\(everything\\), 0 \\(`));
        assert.ok(msg.includes(`0 (${names[0]})`), msg);
      }
    }
    for (let side = -1; side < sides; ++side) {
      assert.equal(env(s.observation(side)).ok, true, `${game} observation(${side})`);
      assert.equal(env(s.legalMoves(side)).ok, true, `${game} legalMoves(${side})`);
    }
    s.delete();
  }
});

// A long bad move in a replay is quoted as an excerpt; cut inside a character, the message was
// not UTF-8 and the envelope could not be written: a WebAssembly exception reached JavaScript.
test('a replay move cut inside a character still comes back as an envelope', () => {
  const s = new M.Session();
  const replay = { format: 'pursuit-replay', version: 1, config: { game: 'searchparty', builtin: 'example2' }, moves: ['a' + 'é'.repeat(100)] };
  const error = fails(s.fromReplay(JSON.stringify(replay)), /^replay move 1 \("aé+\.\.\.\): /);
  assert.ok(!error.includes('\ufffd'), error);
  assert.equal(unwrap(s.create(JSON.stringify({ game: 'searchparty' }))).game, 'searchparty', 'the module goes on');
  s.delete();
});

test('deeply nested JSON comes back as an envelope, not a RangeError, and the module goes on', () => {
  const deep = (d) => '['.repeat(d) + ']'.repeat(d);
  const d = 100000;
  const s = session({ game: 'copsrobbers', seed: 1 });
  fails(s.create(`{"game":"robots","x":${deep(d)}}`), /^config: JSON nested deeper than 200 levels/);
  fails(s.apply(deep(d)), /^move: JSON nested deeper than 200 levels/);
  fails(s.suggest(`{"level":${deep(d)}}`), /^suggest options: JSON nested deeper than 200 levels/);
  fails(s.fromReplay(`{"format":"pursuit-replay","version":1,"moves":[${deep(d)}]}`), /^replay: JSON nested deeper than 200 levels/);
  fails(M.tool('robots', 'judge', `{"input":${deep(d)}}`), /^tool args: JSON nested deeper than 200 levels/);
  // Brackets inside strings do not count.
  assert.match(fails(M.tool('robots', 'judge', JSON.stringify({ input: '['.repeat(d) })), /^input line 1/), /input line 1/);
  assert.equal(unwrap(s.info()).game, 'copsrobbers', 'the failed calls left the game as it was');
  const move = unwrap(s.suggest('{}'));
  assert.equal(unwrap(s.apply(JSON.stringify(move))).moves_count, 1);
  s.delete();
});

test('JSON type errors inside the engines name the argument', () => {
  const s = new M.Session();
  // (config.seed is checked by every game: named by the check itself)
  fails(s.create('{"game":"copsrobbers","seed":[1]}'), /^config\.seed: expected a non-negative integer, got \[1\]$/);
  fails(s.create(JSON.stringify({ game: 'copsrobbers', map: '7 7\n1 2\n1 3\n2 4\n3 4\n3 5\n5 6\n5 7\n', cops: 1, relaxed: 'yes' })),
    /^config: type must be boolean, but is string$/);
  unwrap(s.create('{"game":"copsrobbers","seed":1}'));
  // (suggest options are checked by every game: named by the check too; it said
  // 'suggest options: type must be string, but is array')
  fails(s.suggest('{"level":[1]}'), /^options\.level: expected easy, medium, hard or best, got \[1\]$/);
  s.delete();
});

test('before a game, after a failed create and after the end: documented errors', () => {
  const s = new M.Session();
  for (const call of ['info', 'result', 'replay', 'moves']) fails(s[call](), /^no game: call create\(\) or fromReplay\(\) first$/);
  fails(s.observation(-1), /^no game/);
  fails(s.apply('"N"'), /^no game/);
  fails(s.suggest('{}'), /^no game/);
  fails(s.create('{"game":"chess"}'), /^unknown game 'chess' \(known: /);
  fails(s.info(), /^no game/);
  for (const game of GAMES) {
    unwrap(s.create(JSON.stringify({ game, seed: 3 })));
    fails(s.create('{"game":"robots","seed":-1}'), /^config\.seed: expected a non-negative integer, got -1$/);
    assert.equal(unwrap(s.info()).game, game, 'a failed create keeps the previous game');
    while (!unwrap(s.info()).over) unwrap(s.apply(JSON.stringify(unwrap(s.suggest('{}')))));
    const info = unwrap(s.info());
    assert.equal(info.to_move, -1);
    const n = info.moves_count;
    fails(s.apply('"N"'), /^the game is over; no more moves$/);
    fails(s.suggest('{}'), /is over/);
    const legal = unwrap(s.legalMoves(0));
    assert.equal(Object.keys(legal).length, 0, `${game}: no legal moves once over`);
    const result = unwrap(s.result());
    assert.equal(result.over, true);
    assert.equal(typeof result.summary, 'string');
    assert.equal(unwrap(s.moves()).length, n);
    const replay = unwrap(s.replay());
    assert.equal(replay.format, 'pursuit-replay');
    const t = new M.Session();
    assert.deepEqual(unwrap(t.fromReplay(JSON.stringify(replay))), info);
    t.delete();
  }
  s.delete();
});

// A game over before any move: a Search Party map whose every open cell is seen from S (3×3, S
// in the middle) is searched after 0 turns (the rules' turn order). info() says so as after a
// last move: over, no side to move, no move made; and a move is refused as after the end.
test('a game over at its start: info() says over, to_move -1 and moves_count 0', () => {
  const s = session({ game: 'searchparty', map: '3 3 0 0\n...\n.S.\n...\n' });
  assert.deepEqual(unwrap(s.info()), { game: 'searchparty', sides: 1, side_names: ['search party'], to_move: -1, over: true, moves_count: 0 });
  assert.equal(unwrap(s.result()).over, true);
  fails(s.apply('"."'), /^the game is over; no more moves$/);
  assert.equal(unwrap(s.info()).moves_count, 0);
  s.delete();
});

// "no game" comes before any complaint about the arguments (API.md: before a create, every method
// but create and fromReplay answers it): suggest's options that are not an object, too.
test('before a game, suggest answers "no game" whatever its options', () => {
  const s = new M.Session();
  for (const options of ['[]', '{x', '{"levle":"hard"}']) fails(s.suggest(options), /^no game: call create\(\) or fromReplay\(\) first$/);
  s.delete();
});

test('wrong argument count or type throws an Embind error in JavaScript (not an envelope)', () => {
  const s = new M.Session();
  assert.throws(() => s.create(), /Session\.create called with 0 arguments, expected 1/);
  assert.throws(() => s.create({ game: 'robots' }), /Cannot pass non-string to std::string/);
  assert.throws(() => M.tool('robots', 'judge'), /tool called with 2 arguments, expected 3/);
  s.delete();
  assert.throws(() => s.info(), /Cannot pass deleted object/);
});
