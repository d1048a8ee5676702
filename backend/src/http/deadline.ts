/**
 * An abort signal that fires after `ms`, or when `outer` does. Not `AbortSignal.any([outer,
 * AbortSignal.timeout(ms)])`: Node 20 lets the garbage collector take a timeout signal that only
 * `AbortSignal.any` refers to, and its timer with it, so after a collection the deadline never fired
 * and a service that stopped answering (the AI model, the FDIC's API) was waited on for good.
 */
export function deadlineSignal(ms: number, outer?: AbortSignal): AbortSignal {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')), ms);
  // Like AbortSignal.timeout's own timer, it does not keep the process alive.
  timer.unref();
  outer?.addEventListener('abort', () => controller.abort(outer.reason), { once: true, signal: controller.signal });
  if (outer?.aborted) controller.abort(outer.reason);
  controller.signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  return controller.signal;
}
