// The production build of the server: one ESM bundle of the server and the workspace packages it
// uses (@chatdr/contract, @chatdr/engine and their data files), run with plain `node` — no
// TypeScript loader in the process, which saves its thread's memory and the compile at start.
// Packages from node_modules stay outside the bundle (native modules, WebAssembly, their own files).
//   node build.mjs                        dist/main.js (the server), dist/paddle-worker.js (OCR worker), dist/pdf-worker.js (PDF text worker), dist/engine-worker.js (builtin engine worker)
//   node build.mjs name=path/entry.ts …   more entries into dist/ (the bench builds its server so)
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const HERE = path.dirname(fileURLToPath(import.meta.url));

async function bundleServer(entries) {
  await build({
    entryPoints: entries,
    outdir: path.join(HERE, 'dist'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [{
      name: 'node-modules-external',
      setup(b) {
        // Bare imports are packages: ours (@chatdr/*, TypeScript sources) go in, the rest stay out.
        b.onResolve({ filter: /^[^./]/ } /* esbuild takes Go regular expressions: no flags */, (a) => (a.path.startsWith('@chatdr/') ? undefined : { external: true }));
      },
    }],
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const t0 = Date.now();
  const extra = Object.fromEntries(process.argv.slice(2).filter((a) => !a.startsWith('--')).map((a) => a.split('=')).map(([name, file]) => [name, path.resolve(file)]));
  await bundleServer({ main: path.join(HERE, 'src/main.ts'), 'paddle-worker': path.join(HERE, 'src/ocr/paddle-worker.ts'), 'pdf-worker': path.join(HERE, 'src/ocr/pdf-worker.ts'), 'engine-worker': path.join(HERE, 'src/modules/chat/engine-worker.ts'), ...extra });
  if (!process.argv.includes('--quiet')) process.stdout.write(`server bundle built in dist/ (${Date.now() - t0} ms)\n`);
}
