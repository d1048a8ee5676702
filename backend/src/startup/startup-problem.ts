/**
 * A start-up failure the operator fixes in the configuration or the machine (a setting, a port, a
 * folder), already said as the sentence they read: it names what to change, so it needs no stack trace.
 */
export class StartupProblem extends Error {
  override name = 'StartupProblem';
  /** Whether it may pass by itself (a service still starting), so that starting again later can succeed. */
  readonly mayPass: boolean;

  constructor(message: string, options: { cause?: unknown; mayPass?: boolean } = {}) {
    super(message, { cause: options.cause });
    this.mayPass = options.mayPass ?? false;
  }
}

/** An address as a log may show it: without the user and password it may carry. */
export function withoutCredentials(address: string): string {
  try {
    const url = new URL(address);
    url.username = '';
    url.password = '';
    return url.toString();
  } catch {
    return '(an address that is not a URL)';
  }
}
