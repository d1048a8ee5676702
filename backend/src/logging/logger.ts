type Level = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

let threshold: Level = (process.env.LOG_LEVEL as Level | undefined) ?? 'info';

export function setLogLevel(level: Level): void {
  threshold = level;
}

function write(level: Exclude<Level, 'silent'>, message: string, fields: Record<string, unknown> = {}): void {
  if (order[level] < order[threshold]) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
  if (level === 'error' || level === 'warn') process.stderr.write(line + '\n');
  else process.stdout.write(line + '\n');
}

/** Structured JSON lines, one per record. */
export const logger = {
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};
