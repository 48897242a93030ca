// Loads the wasm module under node for tests and benchmarks. Under Node 20 a MODULARIZE
// build would fetch() the .wasm by path, so we hand it the bytes (wasmBinary).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const wasmDir = path.resolve(repoRoot, process.env.PURSUIT_WASM_DIR || 'build/wasm');
export const nativeBin = path.resolve(repoRoot, process.env.PURSUIT_NATIVE_BIN || 'build/native/bin');

export async function loadModule() {
  const require = createRequire(import.meta.url);
  const createPursuit = require(path.join(wasmDir, 'pursuit.js'));
  return createPursuit({ wasmBinary: fs.readFileSync(path.join(wasmDir, 'pursuit.wasm')) });
}

// Unwraps a JSON envelope: returns value or throws Error(error).
export function unwrap(envelopeText) {
  const e = JSON.parse(envelopeText);
  if (!e.ok) throw new Error(e.error);
  return e.value;
}
