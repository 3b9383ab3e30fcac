import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import MagicString from 'magic-string';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Precompression at build time: every text file of the build over 1 KiB gets a .br (brotli 11)
 * and a .gz (gzip 9) next to it, kept only when smaller. The server sends them by Accept-Encoding
 * (@fastify/static preCompressed), so no asset is compressed per request.
 */
/**
 * The first screen (index.html's shell) needs nothing but the page itself to paint:
 * - the entry stylesheet is inlined (no render-blocking request), so the browser paints the shell
 *   as soon as the HTML is parsed. Only a small sheet without url() references (those would
 *   resolve against the page instead of assets/); lazy chunks' CSS stays in files;
 * - the entry script and its preloads are fetched at low priority (fetchpriority="low"): they are
 *   not needed for that paint, so they never compete with it (they still start at once).
 */
function firstScreen(): Plugin {
  return {
    name: 'chatdr-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const lowJs = html.replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/gu, '<$1 fetchpriority="low"');
        return lowJs.replace(/<link rel="stylesheet"[^>]*href="\.\/(assets\/[^"]+\.css)"[^>]*>/gu, (tag, file: string) => {
          const asset = ctx.bundle?.[file];
          const css = asset?.type === 'asset' ? String(asset.source) : null;
          if (css === null || css.includes('url(') || css.length > 64 * 1024) return tag;
          return `<style>${css.replaceAll('</style', '<\\/style')}</style>`;
        });
      },
    },
  };
}

/**
 * The route table as the browser needs it. Each entry of packages/contract/src/routes/*.ts is a
 * `route({ ... })` carrying its zod schemas (query, params, body, response) and documentation
 * (summary, area, spec): the server validates with them and the docs/tests read them, the web
 * client only reads prefix, path, method and multipart (api/client.ts, upload/transport.ts; the
 * request and response types come from the schemas at compile time, not at run time). In the web
 * build those other properties are dropped from the `route({ ... })` literals, so the first screen
 * of a logged-in user does not download (and parse) every call's schema and summary.
 */
const ROUTE_FILE = /packages[\\/]contract[\\/]src[\\/]routes[\\/](?!define\.)[^\\/]+\.ts$/u;
const ROUTE_KEEP = new Set(['prefix', 'path', 'method', 'multipart']);
interface Node { type: string; start: number; end: number; [k: string]: unknown }
function slimRoutes(): Plugin {
  return {
    name: 'chatdr-slim-routes',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!ROUTE_FILE.test(id) || id.includes('.test.')) return null;
      const out = new MagicString(code);
      const visit = (node: unknown): void => {
        if (Array.isArray(node)) return node.forEach(visit);
        if (!node || typeof node !== 'object' || typeof (node as Node).type !== 'string') return;
        const n = node as Node;
        const callee = n.callee as Node | undefined;
        const arg = (n.arguments as Node[] | undefined)?.[0];
        if (n.type === 'CallExpression' && callee?.type === 'Identifier' && callee.name === 'route' && arg?.type === 'ObjectExpression') {
          const props = arg.properties as Node[];
          const keep = props.filter((p) => {
            const key = p.key as Node | undefined;
            return p.type !== 'Property' || (key?.type === 'Identifier' && ROUTE_KEEP.has(String(key.name)));
          });
          if (keep.length < props.length) out.overwrite(arg.start, arg.end, `{${keep.map((p) => code.slice(p.start, p.end)).join(',')}}`);
          return;
        }
        for (const [k, v] of Object.entries(n)) if (k !== 'type' && v && typeof v === 'object') visit(v);
      };
      visit(this.parse(code));
      return out.hasChanged() ? { code: out.toString(), map: out.generateMap({ hires: true }) } : null;
    },
  };
}

function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'chatdr-precompress',
    apply: 'build',
    configResolved(c) {
      outDir = path.resolve(c.root, c.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((f) => /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/u.test(f));
      await Promise.all(
        files.map(async (f) => {
          const full = path.join(outDir, f);
          const raw = await readFile(full);
          if (raw.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
            gzip(raw, { level: 9 }),
          ]);
          if (br.length < raw.length) await writeFile(`${full}.br`, br);
          if (gz.length < raw.length) await writeFile(`${full}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * The web client. Built into apps/web/dist, which the server serves on its own origin
 * (same-origin API, hash routing, so any static path works: base './').
 *
 * Chunking: the first screen (chat home) loads only the entry chunk plus the framework chunks;
 * every other route is a React.lazy chunk (see src/app/routes.tsx), and the request layer (which
 * carries the whole route table and zod) is loaded on demand. Framework code that rarely changes
 * gets long-cacheable chunks. antd-mobile and zod are left to automatic chunking so that each
 * chunk carries only what it uses.
 *
 * Contract is pure (no I/O, ARCHITECTURE.md), so its modules are declared free of side effects:
 * importing `nextLoginState` from '@chatdr/contract' then does not drag in the zod schemas.
 */
export default defineConfig({
  base: './',
  plugins: [react(), slimRoutes(), firstScreen(), precompress()],
  resolve: { dedupe: ['react', 'react-dom'] },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false, ws: true } },
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false, ws: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      treeshake: { moduleSideEffects: [{ test: /packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
            { name: 'libs', test: /node_modules[\\/](@tanstack|zustand|i18next|react-i18next)[\\/]/, priority: 2 },
          ],
        },
      },
    },
  },
});
