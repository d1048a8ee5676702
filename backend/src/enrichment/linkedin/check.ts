import { isLinkedinAddress, parseLinkedinUrl } from '../../../../domain/enrichment/web-address.ts';

/**
 * `checked` is false when no verdict was reached (LinkedIn unreachable, slow or failing): the address
 * is then neither valid nor invalid, and a form keeps it as the user typed it.
 */
export type LinkedinCheck = { isValid: boolean; checked: boolean; finalUrl: string | null; reason: string };

const valid = (finalUrl: string, reason: string): LinkedinCheck => ({ isValid: true, checked: true, finalUrl, reason });
const invalid = (reason: string): LinkedinCheck => ({ isValid: false, checked: true, finalUrl: null, reason });
const unchecked = (reason: string): LinkedinCheck => ({ isValid: false, checked: false, finalUrl: null, reason });

export type LinkedinCheckOptions = {
  /** Test hook: every request goes to this origin instead of LinkedIn's (path and query kept). */
  rewriteOrigin?: string;
  timeoutMs?: number;
  maxRedirects?: number;
  fetch?: typeof fetch;
};

const notLinkedin = invalid('Only linkedin.com addresses can be checked.');

/** Where LinkedIn sends visitors it will not show a page to: the page exists, it is just not shown to us. */
const isWall = (url: URL) => /^\/(authwall|login|uas\/login|checkpoint)(\/|$)/.test(url.pathname);

/** The address to store: https, without tracking parameters or fragment. */
function canonical(url: URL): string {
  const clean = new URL(url.href);
  clean.protocol = 'https:';
  clean.search = '';
  clean.hash = '';
  return clean.href;
}

/**
 * Whether a LinkedIn address leads to a page, following redirects by hand. Only linkedin.com and its
 * subdomains at the default ports are ever requested, the first address and every redirect alike: the
 * server must not be usable to reach any other host or port.
 */
export async function checkLinkedinUrl(input: string, options: LinkedinCheckOptions = {}): Promise<LinkedinCheck> {
  let url = parseLinkedinUrl(input);
  if (!url) return notLinkedin;
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 8_000;
  const signal = AbortSignal.timeout(timeoutMs);
  let previous: URL | null = null;
  for (let hop = 0; hop <= (options.maxRedirects ?? 5); hop += 1) {
    if (isWall(url)) {
      return previous ? valid(canonical(previous), 'LinkedIn did not let us look; the address is well-formed.') : invalid('This is a LinkedIn sign-in page, not a profile or company page.');
    }
    let response: Response;
    try {
      const target = options.rewriteOrigin ? new URL(url.pathname + url.search, options.rewriteOrigin) : url;
      response = await fetchImpl(target, {
        method: 'GET',
        redirect: 'manual',
        signal,
        headers: { accept: 'text/html', 'user-agent': 'Mozilla/5.0 (compatible; Charterline link check)', ...(options.rewriteOrigin ? { 'x-original-host': url.host } : {}) },
      });
      await response.body?.cancel();
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError' || signal.aborted;
      return unchecked(timedOut ? 'LinkedIn did not answer in time.' : 'LinkedIn could not be reached.');
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        return invalid('LinkedIn answered with a broken redirect.');
      }
      if (!isLinkedinAddress(next)) {
        return invalid('The address leads away from LinkedIn.');
      }
      previous = url;
      url = next;
      continue;
    }
    if (response.ok) return valid(canonical(url), 'LinkedIn has a page at this address.');
    // 999 is how LinkedIn turns away automated visitors: it says nothing about the page.
    if (response.status === 999) return valid(canonical(url), 'LinkedIn did not let us look; the address is well-formed.');
    if (response.status === 404 || response.status === 410) return invalid('LinkedIn has no page at this address.');
    return unchecked(`LinkedIn could not be checked right now (HTTP ${response.status}).`);
  }
  return invalid('LinkedIn redirected too many times.');
}
