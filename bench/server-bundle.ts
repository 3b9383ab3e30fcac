import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
let built = false;

/**
 * The bench's servers (serve.ts) run as the product does: bundled by apps/server/build.mjs and
 * started with plain node (no TypeScript loader in the measured process). Built once per run.
 */
export function serverBundle(): string {
  if (!built) {
    execFileSync(process.execPath, [path.join(ROOT, 'apps/server/build.mjs'), `bench-serve=${path.join(import.meta.dirname, 'serve.ts')}`], { stdio: 'inherit' });
    built = true;
  }
  return path.join(ROOT, 'apps/server/dist/bench-serve.js');
}
