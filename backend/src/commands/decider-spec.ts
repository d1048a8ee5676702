import { expect } from 'chai';
import type { Decider } from './decider.ts';
import type { DomainError } from './errors.ts';

/**
 * Given/when/then for deciders, no I/O:
 * `spec.given([events]).when(command).then([events])` or `.thenThrows(/message/, Kind)` (Kind: RuleBroken, NotFound, Conflict).
 * Events are compared by type and data (schemaVersion is an append detail).
 */
export function deciderSpec<State, Command, Event extends { type: string; data: unknown }>(decider: Decider<State, Command, Event>) {
  return {
    given(history: Event[]) {
      return {
        when(command: Command) {
          const run = () => decider.decide(command, history.reduce(decider.evolve, decider.initialState()));
          return {
            then(expected: Array<{ type: string; data: unknown }>) {
              const actual = run().map(({ type, data }) => ({ type, data }));
              expect(actual).to.deep.equal(expected);
            },
            thenThrows(message: RegExp, kind?: abstract new (...args: never[]) => DomainError) {
              let thrown: unknown;
              try {
                run();
              } catch (error) {
                thrown = error;
              }
              expect(thrown, 'expected the command to be refused').to.be.instanceOf(Error);
              expect((thrown as Error).message).to.match(message);
              if (kind) expect(thrown).to.be.instanceOf(kind);
            },
          };
        },
      };
    },
  };
}
