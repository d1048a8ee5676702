import { loadConfig } from './config.ts';
import { logger, setLogLevel } from './http/logger.ts';
import { startServer } from './server.ts';

const config = loadConfig();
setLogLevel(config.logLevel);
const running = await startServer(config);
console.log(`\n  Charterline is running at http://localhost:${config.port}\n`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    running.stop().then(
      () => process.exit(0),
      (error) => {
        logger.error('shutdown failed', { error: String(error) });
        process.exit(1);
      },
    );
  });
}
