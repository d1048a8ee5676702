/** A host name with at least one dot and a letter-only top-level label. */
const hostPattern = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * The bare domain of a website as people type it: `https://www.Bank.com/about` -> `bank.com`.
 * Null when nothing domain-like is left.
 */
export function domainOfWebsite(input: string): string | null {
  let text = input.trim().toLowerCase();
  if (!text) return null;
  if (!/^[a-z][a-z0-9+.-]*:\/\//.test(text)) text = `https://${text}`;
  let host: string;
  try {
    host = new URL(text).hostname;
  } catch {
    return null;
  }
  host = host.replace(/^www\d?\./, '').replace(/\.$/, '');
  return hostPattern.test(host) ? host : null;
}

/** linkedin.com itself or one of its subdomains (www., de., ...); nothing that merely ends in the letters. */
export function isLinkedinHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'linkedin.com' || host.endsWith('.linkedin.com');
}

/**
 * Whether a URL may be requested as LinkedIn: http(s) on linkedin.com or a subdomain, at the scheme's
 * default port, with no user name or password.
 */
export function isLinkedinAddress(url: URL): boolean {
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.port === '' && !url.username && !url.password && isLinkedinHost(url.hostname);
}

/** A LinkedIn address (see isLinkedinAddress). People type it without the scheme. */
export function parseLinkedinUrl(input: string): URL | null {
  const text = input.trim();
  if (!text) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
    return isLinkedinAddress(url) ? url : null;
  } catch {
    return null;
  }
}

/** The kinds of organisation page LinkedIn has (a company's, a school's, a company's showcase page), as the first part of the page's path. */
const organisationPages = new Set(['company', 'school', 'showcase']);

/**
 * Whether a LinkedIn address (see isLinkedinAddress) is an organisation's page, such as
 * linkedin.com/company/first-example: a person's profile (/in/...) or a feed or search page is not a
 * bank's page.
 */
export function isLinkedinCompanyPage(url: URL): boolean {
  const [kind, name] = url.pathname.split('/').filter(Boolean);
  return isLinkedinAddress(url) && organisationPages.has(kind?.toLowerCase() ?? '') && Boolean(name);
}

/** What a LinkedIn address other than an organisation's page is refused with, where a bank's page is asked for. */
export const notLinkedinCompanyPageMessage = 'This is not a LinkedIn company page: use the address of the bank\'s page, like https://www.linkedin.com/company/first-example.';
