/**
 * Why a command was refused, in words a user understands. The deciders and the command machinery
 * throw these without knowing about HTTP; the HTTP edge (http/errors.ts) picks the status of each kind.
 */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** The command breaks a rule of the record; the user can correct it and try again. */
export class RuleBroken extends DomainError {}

/** What the command names does not exist. */
export class NotFound extends DomainError {}

/**
 * The record is absent, deleted or another user's. All three read the same, so nobody learns that
 * someone else's record exists.
 */
export class RecordNotFound extends NotFound {
  constructor(what = 'Record') {
    super(`${what} not found.`);
  }
}

/** The command clashes with the record's current state (it already exists, it was already sent, a concurrent change). */
export class Conflict extends DomainError {}

/** The record changed after the client read it: the version it saw is not the current one. */
export class StaleVersion extends DomainError {
  constructor(currentVersion: number) {
    super('This record was changed since you loaded it. Reload it to see the latest version, then try again.', { currentVersion });
  }
}
