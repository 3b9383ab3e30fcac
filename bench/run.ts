/**
 * `npm run bench`: every benchmark section, one after the other, each with its own baseline
 * measured in the same run. BENCH_ONLY=engine,rest picks sections (engine, rest, socket, im, starve, ocr, bombs, web, remind).
 */
import { engineBench } from './engine.bench.ts';
import { socketBench } from './socket.bench.ts';
import { ocrBench } from './ocr.bench.ts';
import { bombsBench } from './bombs.bench.ts';
import { starveBench } from './starve.bench.ts';
import { webBench } from './web.bench.ts';
import { remindBench } from './remind.bench.ts';
import { imBench } from './im.bench.ts';

const only = (process.env.BENCH_ONLY ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
const want = (name: string) => only.length === 0 || only.includes(name);

if (want('engine')) await engineBench();
if (want('rest')) await import('./rest.bench.ts');
if (want('socket')) await socketBench();
if (want('im')) await imBench();
if (want('starve')) await starveBench();
if (want('ocr')) await ocrBench();
if (want('bombs')) await bombsBench();
if (want('web')) await webBench();
if (want('remind')) await remindBench();
