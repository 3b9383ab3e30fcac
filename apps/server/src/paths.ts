import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server), the same from the sources (src/paths.ts) and from
 * the production bundle (dist/main.js): files shipped beside the code (migrations, agreements,
 * the web app, the OCR worker) are found from here.
 */
export const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Whether this code runs from the bundle built by build.mjs (plain node) or from the sources (tsx). */
export const FROM_BUNDLE = !import.meta.url.endsWith('.ts');
