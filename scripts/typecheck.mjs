// Type-checks every workspace with its own tsconfig (tsc --noEmit), two at a time.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

// A workspace with no TypeScript yet (the engine before its issue) has nothing to check.
const hasTs = (dir) => readdirSync(dir, { recursive: true }).some((f) => /\.tsx?$/.test(String(f)) && !String(f).includes('node_modules'));
const projects = ['packages/contract', 'packages/engine', 'apps/server', 'apps/web', 'e2e', 'bench'].filter((p) => existsSync(`${p}/tsconfig.json`) && hasTs(p));
const run = (p) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, ['node_modules/typescript/bin/tsc', '-p', p, '--noEmit'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ p, code, out }));
  });
let failed = 0;
const queue = [...projects];
await Promise.all(
  [0, 1].map(async () => {
    for (let p = queue.shift(); p; p = queue.shift()) {
      const r = await run(p);
      process.stdout.write(`typecheck ${r.p}: ${r.code === 0 ? 'ok' : 'FAILED'}\n${r.out}`);
      if (r.code !== 0) failed++;
    }
  }),
);
process.exit(failed ? 1 : 0);
