// Native and wasm agree on random-legal games: the native soak prints the replays of its
// first games (pursuit-soak --print-replays 1), the wasm module rebuilds each one through
// Session.fromReplay and must give back the very same replay (config, moves, result).
//   PURSUIT_WASM_DIR=build/wasm-x PURSUIT_NATIVE_BIN=build/x/bin SOAK_GAMES=50 \
//     node --test tests/soak/wasm_replays.test.mjs
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { loadModule, unwrap, nativeBin } from '../wasm/module.mjs';

const games = process.env.SOAK_GAMES || '20';
const seed = process.env.SOAK_SEED || '7';

// FNV-1a 64 over the replay text, like pursuit::fnv1a64 (for the printed fingerprint).
function fnv1a64(text, h = 0xcbf29ce484222325n) {
  for (const byte of Buffer.from(text, 'utf8')) {
    h ^= BigInt(byte);
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h;
}

test(`the first ${games} soak games of every game rebuild identically in wasm`, async () => {
  const M = await loadModule();
  const out = execFileSync(path.join(nativeBin, 'pursuit-soak'),
    ['--print-replays', '1', '--games', games, '--seed', seed, '--max-moves', '2000'],
    { encoding: 'utf8', maxBuffer: 1 << 30 });
  const lines = out.split('\n').filter((l) => l.trim() !== '');
  const perGame = {};
  for (const line of lines) {
    const native = JSON.parse(line);
    const s = new M.Session();
    try {
      unwrap(s.fromReplay(line));
      const wasm = unwrap(s.replay());
      assert.deepEqual(wasm, native, `${native.game} ${JSON.stringify(native.config)}`);
      const g = (perGame[native.game] ||= { replays: 0, hash: fnv1a64(native.game) });
      g.replays += 1;
      g.hash = fnv1a64(JSON.stringify(wasm), g.hash);
    } finally {
      s.delete();
    }
  }
  const ids = unwrap(M.listGames()).map((g) => g.id);
  for (const id of ids) assert.ok(perGame[id]?.replays > 0, `no replays for ${id}`);
  for (const [id, g] of Object.entries(perGame))
    console.log(`${id}: ${g.replays} replays identical, fingerprint ${g.hash.toString(16).padStart(16, '0')}`);
});
