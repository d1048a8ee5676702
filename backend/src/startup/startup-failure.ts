import { loadConfig, type AppConfig } from '../config.ts';
import { isDatabaseUnavailable } from '../http/errors.ts';
import { logger } from '../logging/logger.ts';
import { StartupProblem } from './startup-problem.ts';

type StartupSettings = Partial<Pick<AppConfig, 'databaseUrl' | 'port' | 'host' | 'dataDir'>>;

/** Where DATABASE_URL points, without its user and password (a log must never show them). */
function databaseAddress(databaseUrl: string): { where: string; database: string } {
  const url = new URL(databaseUrl);
  return { where: `${url.hostname || 'localhost'}:${url.port || '5432'}`, database: decodeURIComponent(url.pathname.replace(/^\//, '')) || 'postgres' };
}

const folderReasons: Record<string, string> = {
  EACCES: 'this user may not write there',
  EPERM: 'this user may not write there',
  EROFS: 'it is on a read-only file system',
  EEXIST: 'a file of that name is in the way',
  ENOTDIR: 'part of that path is a file, not a folder',
  ENOSPC: 'the disk is full',
};

/**
 * The sentence an operator reads when the server, the worker or a command-line tool cannot start,
 * naming the setting to change; undefined when the failure is not theirs to fix (a fault of ours,
 * whose stack trace is then worth showing).
 */
export function describeStartupFailure(error: unknown, settings: StartupSettings = {}): string | undefined {
  if (error instanceof StartupProblem) return error.message;
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, syscall, path, hostname } = error as { code?: unknown; syscall?: unknown; path?: unknown; hostname?: unknown };
  if (syscall === 'getaddrinfo' && hostname === settings.host) return `HOST (${settings.host}) is not a name of this machine. Set HOST to one of its addresses, or 0.0.0.0 for all.`;
  if (syscall === 'listen' || syscall === 'bind') {
    const where = `port ${settings.port ?? '?'} on ${settings.host ?? 'this machine'}`;
    if (code === 'EADDRINUSE') return `Cannot listen on ${where}: another program (perhaps another Charterline) uses it. Stop that program or set PORT to a free port.`;
    if (code === 'EACCES') return `Cannot listen on ${where}: ports below 1024 need administrator rights. Set PORT to 1024 or above.`;
    if (code === 'EADDRNOTAVAIL') return `Cannot listen on ${where}: this machine has no such address. Set HOST to one of its addresses, or 0.0.0.0 for all.`;
  }
  if (typeof code === 'string' && code in folderReasons && typeof path === 'string' && settings.dataDir && path.startsWith(settings.dataDir)) {
    const where = path === settings.dataDir ? '' : ` (${path})`;
    return `DATA_DIR (${settings.dataDir}) cannot be used: ${folderReasons[code]}${where}. Set DATA_DIR to a folder this user can write.`;
  }
  if (settings.databaseUrl) {
    const { where, database } = databaseAddress(settings.databaseUrl);
    if (code === '28P01' || code === '28000') return `PostgreSQL at ${where} refused the user or password of DATABASE_URL. Correct them in DATABASE_URL.`;
    if (code === '3D000') return `PostgreSQL at ${where} has no database "${database}". Create it (createdb ${database}) or correct DATABASE_URL.`;
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `The host of DATABASE_URL (${where}) is not known to this machine. Correct DATABASE_URL.`;
    if (isDatabaseUnavailable(error)) return `PostgreSQL at ${where} (DATABASE_URL) cannot be reached. Start it, or correct DATABASE_URL.`;
  }
  return undefined;
}

/** The exit code of a process stopped by a setting to change (sysexits' EX_CONFIG): starting it again changes nothing. */
export const startupProblemExitCode = 78;

/** A failure that may pass by itself: a database or event store still starting, a host name not yet known (containers starting together). */
function mayPass(error: unknown): boolean {
  if (error instanceof StartupProblem) return error.mayPass;
  const code = (error as { code?: unknown } | null)?.code;
  return isDatabaseUnavailable(error) || code === 'ENOTFOUND' || code === 'EAI_AGAIN';
}

/**
 * Ends a process that could not start: one log line saying what to change. The exit code is 78
 * for a setting to change, 1 for what may pass by itself (a supervisor's restart then helps) and
 * for a failure that is no setting's, which gets its stack trace in the same single line.
 */
export function exitOnStartupFailure(error: unknown, settings: StartupSettings = {}): never {
  const sentence = describeStartupFailure(error, settings);
  if (sentence) logger.error(sentence);
  else logger.error('start-up failed', { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(sentence && !mayPass(error) ? startupProblemExitCode : 1);
}

/** The configuration, or the process ends saying which variable to correct. */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    exitOnStartupFailure(error);
  }
}
