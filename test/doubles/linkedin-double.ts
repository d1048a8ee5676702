import { HttpDouble, type Answer, type RecordedRequest } from './server.ts';

/**
 * A local stand-in for linkedin.com, reached through LINKEDIN_URL_REWRITE (every checked address is
 * sent to this origin with its path kept). Pages are keyed by path: a page answers 200, a redirect 301
 * with its Location (absolute, as LinkedIn sends them; may point anywhere, to test the host check),
 * `/wall/...` answers LinkedIn's bot refusal (HTTP 999), a path with a part starting `busy` (`/busy/...`,
 * `/company/busy-bank`) a failure (HTTP 503), anything else 404.
 */
export class LinkedinDouble extends HttpDouble {

  constructor(
    private readonly pages: Set<string>,
    private readonly redirects: Record<string, string> = {},
  ) {
    super();
  }

  protected answer(request: RecordedRequest): Answer {
    const html = (status: number): Answer => ({ status, body: '<!doctype html><title>LinkedIn</title>', contentType: 'text/html' });
    const target = this.redirects[request.path];
    if (target) return { status: 301, body: '', contentType: 'text/html', headers: { location: target } };
    if (this.pages.has(request.path)) return html(200);
    if (request.path.startsWith('/wall/')) return html(999);
    if (/\/busy[/-]/.test(request.path)) return html(503);
    return html(404);
  }
}
