// The production build of the server: one ESM bundle of the server and the workspace packages it
// uses (@chatdr/contract, @chatdr/engine; the engine's data files are read from
// packages/engine/data at start, see engine-data-at-runtime below), run with plain `node` — no
// TypeScript loader in the process, which saves its thread's memory and the compile at start.
// Packages from node_modules stay outside the bundle (native modules, WebAssembly, their own files).
//   node build.mjs                        dist/main.js (the server), dist/paddle-worker.js (OCR worker), dist/pdf-worker.js (PDF text worker), dist/engine-worker.js (builtin engine worker)
//   node build.mjs name=path/entry.ts …   more entries into dist/ (the bench builds its server so)
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ENGINE_DATA = path.resolve(HERE, '../../packages/engine/data');

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
    }, {
      name: 'engine-data-at-runtime',
      setup(b) {
        // The engine's data files (packages/engine/data, ~3.5 MB of JSON) are read and parsed at
        // start rather than inlined as object literals: V8 keeps a script's whole source text in
        // the heap (two bytes a character once it holds Chinese), and literal code adds its own
        // compiled boilerplate. Measured on the engine alone: 12.5 MB of heap instead of 23 MB,
        // ~30 MB less RSS — in the main thread and again in each engine worker. The files are
        // found as the knowledge base's already are (`@chatdr/engine/data/…`, the package's export).
        b.onLoad({ filter: /[\\/]packages[\\/]engine[\\/]data[\\/].*\.json$/ }, (a) => {
          const rel = path.relative(ENGINE_DATA, a.path).split(path.sep).join('/');
          return {
            loader: 'js',
            contents: `import { readFileSync } from 'node:fs';\nimport { createRequire } from 'node:module';\nexport default JSON.parse(readFileSync(createRequire(import.meta.url).resolve(${JSON.stringify(`@chatdr/engine/data/${rel}`)}), 'utf8'));\n`,
          };
        });
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
