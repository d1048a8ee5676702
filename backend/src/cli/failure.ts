import { isDatabaseUnavailable } from '../http/errors.ts';

/**
 * The closing line of a command-line tool whose work failed. A database lost midway is said in
 * words, followed by `afterLoss` (what stays and how to go on): the driver's own message ("read
 * ECONNRESET", "Connection terminated unexpectedly") tells the operator neither.
 */
export function describeCliFailure(error: unknown, command: string, afterLoss: string): string {
  if (isDatabaseUnavailable(error)) return `The database stopped answering, so ${command} stopped. ${afterLoss}`;
  return error instanceof Error ? error.message : String(error);
}
