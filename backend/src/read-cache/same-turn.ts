/**
 * Callers asking for the same key in one turn of the event loop share one call of `start`, made
 * at the next turn (`setImmediate`), after the last of them asked. What it reads is therefore read
 * after every one of them asked: a caller never gets an answer begun before it arrived. A caller
 * asking once the call has started gets a call of its own.
 */
export class SameTurnCalls<Value> {
  private readonly waiting = new Map<string, Promise<Value>>();

  constructor(private readonly start: (key: string) => Promise<Value>) {}

  get(key: string): Promise<Value> {
    const waiting = this.waiting.get(key);
    if (waiting) return waiting;
    const call = new Promise<Value>((resolve, reject) => {
      setImmediate(() => {
        this.waiting.delete(key);
        this.start(key).then(resolve, reject);
      });
    });
    this.waiting.set(key, call);
    return call;
  }
}
