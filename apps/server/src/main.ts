import path from 'node:path';
import { createRuntime } from './runtime.ts';
import { logStreams } from './log-file.ts';
import { ConfigError, exposureWarning, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const warning = exposureWarning(config);
  if (warning) process.stderr.write(`${warning}\n`);
  // With a log file the terminal shows the start line and errors only; the file gets every line.
  const logStream = config.logFile ? logStreams(config.logFile, config.logLevel) : undefined;
  const rt = await createRuntime(config, logStream ? { logStream } : {});
  const address = await rt.app.listen({ port: config.port, host: config.host });
  const shown = address.replace('0.0.0.0', '127.0.0.1').replace('[::]', '127.0.0.1');
  const rel = config.logFile ? path.relative(process.env.INIT_CWD ?? process.cwd(), config.logFile) : '';
  const logNote = config.logFile ? ` · log: ${rel && !rel.startsWith('..') ? rel : config.logFile}` : '';
  process.stdout.write(`chatdr is running at ${shown}/  (${config.mode} mode, ${rt.database.kind}${config.databaseUrl ? '' : ` in ${config.dataDir}`}${config.redisUrl ? ', redis' : ''}) · API docs ${shown}/api/docs${logNote}\n`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    rt.app.log.info({ signal }, 'shutting down');
    await rt.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    process.stderr.write(`chatdr: port ${process.env.PORT ?? 8080} is already in use: stop what is listening there or start with another PORT.\n`);
    process.exit(2);
  }
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    process.stderr.write(`chatdr: ${err.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`chatdr failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
