// Robots benchmark (prints figures; not a test): 1,000 cases with R = 50, T = 20.
// Native: the `robots` judge binary (solving time measured inside, peak RSS of the process);
// wasm: the same judge through the module under node. Best of several runs each, one input.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadModule, unwrap, nativeBin } from '../wasm/module.mjs';

const runs = Number(process.env.RUNS || 7);
const M = await loadModule();
const input = unwrap(M.tool('robots', 'random_input', JSON.stringify({ seed: 1, cases: 1000, robots: 50, teleports: 20 }))).input;

const inputFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'robots-bench-')), 'input.txt');
fs.writeFileSync(inputFile, input);
let nativeBest = Infinity, nativeKB = 0, nativeWall = Infinity, nativeOut = '';
for (let i = 0; i < runs; i++) {
  const t0 = process.hrtime.bigint();
  // Run from a small shell with the input in a file: a child forked straight from node would
  // report node's resident size as its own peak (ru_maxrss survives fork + exec).
  const r = spawnSync('/bin/sh', ['-c', `"${path.join(nativeBin, 'robots')}" --stats < "${inputFile}"`], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(r.stderr);
  const m = /solved in ([\d.]+) ms, peak memory (\d+) KB/.exec(r.stderr);
  nativeBest = Math.min(nativeBest, Number(m[1]));
  nativeWall = Math.min(nativeWall, wall);
  nativeKB = Math.max(nativeKB, Number(m[2]));
  nativeOut = r.stdout;
}
let wasmBest = Infinity, wasmOut = '';
for (let i = 0; i < runs; i++) {
  const t0 = process.hrtime.bigint();
  wasmOut = unwrap(M.tool('robots', 'judge', JSON.stringify({ input }))).output;
  wasmBest = Math.min(wasmBest, Number(process.hrtime.bigint() - t0) / 1e6);
}
const moves = [...nativeOut.matchAll(/after making (\d+) moves/g)].reduce((s, m) => s + Number(m[1]), 0);
console.log(`Robots benchmark: 1000 cases, R=50, T=20, ${moves} moves simulated, best of ${runs} runs`);
console.log(`  native solve time   ${nativeBest.toFixed(2)} ms (limit 100 ms)   process wall ${nativeWall.toFixed(2)} ms`);
console.log(`  native peak memory  ${(nativeKB / 1024).toFixed(2)} MB (limit 10 MB)`);
console.log(`  wasm under node     ${wasmBest.toFixed(2)} ms   ratio wasm/native ${(wasmBest / nativeBest).toFixed(2)} (limit 1.5)`);
console.log(`  outputs identical   ${wasmOut === nativeOut}`);
