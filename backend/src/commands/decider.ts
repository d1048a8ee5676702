/**
 * The decider pattern: `decide` turns a command and the current state into new events (or throws
 * a domain error); `evolve` folds one event into the state. Both pure; tested without I/O.
 */
export type Decider<State, Command, Event> = {
  initialState: () => State;
  decide: (command: Command, state: State) => Event[];
  evolve: (state: State, event: Event) => State;
};

export function fold<State, Command, Event>(decider: Decider<State, Command, Event>, events: Event[]): State {
  return events.reduce(decider.evolve, decider.initialState());
}
