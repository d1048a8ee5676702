/**
 * An abort signal that fires after `ms`, or when `outer` does. Not `AbortSignal.any([outer,
 * AbortSignal.timeout(ms)])`: Node 20 lets the garbage collector take a timeout signal that only
 * `AbortSignal.any` refers to, and its timer with it, so after a collection the deadline never fired
 * and a service that stopped answering (the AI model, the FDIC's API) was waited on for good.
 * `release` lets go of the timer and of the listener it put on `outer`.
 */
function deadline(ms: number, outer?: AbortSignal): { signal: AbortSignal; release: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')), ms);
  // Like AbortSignal.timeout's own timer, it does not keep the process alive.
  timer.unref();
  const follow = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', follow, { once: true });
  if (outer?.aborted) controller.abort(outer.reason);
  const release = () => {
    clearTimeout(timer);
    outer?.removeEventListener('abort', follow);
  };
  controller.signal.addEventListener('abort', release, { once: true });
  return { signal: controller.signal, release };
}

/** A deadline signal for work as long as the request `outer` belongs to (one AI call): nothing to let go of early. */
export function deadlineSignal(ms: number, outer?: AbortSignal): AbortSignal {
  return deadline(ms, outer).signal;
}

/**
 * Runs `work` under a deadline signal and lets go of it as soon as the work ends. A long-lived
 * `outer` (a sync's stop signal, shared by hundreds of requests a minute) would otherwise hold one
 * listener per finished request until that request's deadline passed, and Node warned of a leak.
 */
export async function withDeadline<T>(ms: number, outer: AbortSignal | undefined, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const { signal, release } = deadline(ms, outer);
  try {
    return await work(signal);
  } finally {
    release();
  }
}
