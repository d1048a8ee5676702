import { isDatabaseUnavailable } from '../http/errors.ts';

/**
 * The closing line of a command-line tool whose work failed. A database lost midway is said in
 * words, with what to do: the driver's own message ("read ECONNRESET") tells the operator neither
 * what happened nor that what was stored stays.
 */
export function describeCliFailure(error: unknown, command: string): string {
  if (isDatabaseUnavailable(error)) {
    return `The database stopped answering, so ${command} stopped. What it stored is kept: run ${command} again once the database answers to continue from there.`;
  }
  return error instanceof Error ? error.message : String(error);
}
