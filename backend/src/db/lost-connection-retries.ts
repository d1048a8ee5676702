/**
 * Pauses (ms) before each new try of a call whose database connection was lost (a restart,
 * terminated connections), about five seconds in all. Used where giving up would answer 503 for a
 * write that happened, and the client would send it twice: a pool reconnecting after a wave of
 * terminations can lose a few tries in a row, and a few seconds more on such a rare answer cost less.
 */
export const lostConnectionRetryPausesMs: readonly number[] = [50, 100, 200, 400, 500, 500, 500, 500, 500, 500, 500, 500];
