import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';

/** Pino levels, lowest first (LOG_LEVEL values). */
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * The log of a process started with a log file (local mode by default): every line at LOG_LEVEL to
 * the file, appended; errors (and fatal) also to the terminal (stderr). The request lines, one per
 * request at info, go to the file only — the terminal stays quiet while the app is used.
 */
export function logStreams(file: string, level: Level): NodeJS.WritableStream {
  mkdirSync(path.dirname(file), { recursive: true });
  const streams: pino.StreamEntry[] = [{ level: 'error', stream: process.stderr }];
  if (level !== 'silent') streams.unshift({ level, stream: pino.destination({ dest: file, append: true, sync: false }) });
  return pino.multistream(streams) as unknown as NodeJS.WritableStream;
}
