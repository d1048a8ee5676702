import { z } from 'zod';
import { parseRetryAfter } from '../regulator/clients/http.ts';
import { listUnsubscribeHeaders, type MailTransport, type OutgoingMail, type SendOutcome } from './transport.ts';

export type MailgunRegion = 'US' | 'EU';
export type MailgunAccount = { apiKey: string; domain: string; region: MailgunRegion };

/** Mailgun's hosts per region; MAILGUN_API_URL (a double, a proxy) replaces both. */
export const mailgunHosts: Record<MailgunRegion, string> = { US: 'https://api.mailgun.net', EU: 'https://api.eu.mailgun.net' };

export function mailgunBaseUrl(region: MailgunRegion, override?: string): string {
  return (override ?? mailgunHosts[region]).replace(/\/+$/, '');
}

const sendAnswer = z.object({ id: z.string().min(1), message: z.string().optional() });
const errorAnswer = z.object({ message: z.string() }).partial();
const domainAnswer = z.object({ domain: z.object({ name: z.string(), state: z.string() }) });

const authorization = (apiKey: string) => `Basic ${Buffer.from(`api:${apiKey}`).toString('base64')}`;

async function providerMessage(response: Response): Promise<string | undefined> {
  const text = await response.text().catch(() => '');
  try {
    return errorAnswer.parse(JSON.parse(text)).message;
  } catch {
    return text.trim().slice(0, 200) || undefined;
  }
}

/** A connection refused or a name that does not resolve never reached Mailgun: safe to try again. Anything else may have. */
function neverReachedProvider(error: unknown): boolean {
  const code = (error as { cause?: { code?: string } }).cause?.code;
  return code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN';
}

export type MailgunOptions = { baseUrl?: string; timeoutMs?: number; fetch?: typeof fetch };

/** Mailgun's HTTP API (`POST /v3/{domain}/messages`), one request per attempt: retries are the outbox's. */
export function mailgunTransport(account: MailgunAccount, options: MailgunOptions = {}): MailTransport {
  const base = mailgunBaseUrl(account.region, options.baseUrl);
  const request = options.fetch ?? fetch;
  return {
    kind: 'mailgun',
    async send(mail: OutgoingMail): Promise<SendOutcome> {
      const form = new URLSearchParams();
      // Mailgun sends from the user's own sending domain; replies go to the user.
      form.set('from', formatAddress(mail.from.name, `outreach@${account.domain}`));
      form.set('h:Reply-To', formatAddress(mail.from.name, mail.from.email));
      form.set('to', formatAddress(mail.to.name, mail.to.email));
      form.set('subject', mail.subject);
      form.set('text', mail.text);
      form.set('html', mail.html);
      form.set('h:X-Charterline-Email-Id', mail.emailId);
      // Mailgun adds each `h:` field to the message as the header it names.
      for (const [name, value] of Object.entries(listUnsubscribeHeaders(mail))) form.set(`h:${name}`, value);
      form.set('v:charterline-email-id', mail.emailId);
      let response: Response;
      try {
        response = await request(`${base}/v3/${encodeURIComponent(account.domain)}/messages`, {
          method: 'POST',
          headers: { authorization: authorization(account.apiKey), 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
          signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
        });
      } catch (error) {
        if (neverReachedProvider(error)) return { kind: 'retry', reason: 'Mailgun could not be reached.' };
        return { kind: 'unknown', reason: 'Mailgun did not answer in time; the email may or may not have been sent.' };
      }
      if (response.ok) {
        const answer = sendAnswer.safeParse(await response.json().catch(() => null));
        return { kind: 'sent', providerMessageId: answer.success ? answer.data.id : null };
      }
      const message = await providerMessage(response);
      if (response.status === 429) return { kind: 'retry', reason: 'Mailgun is rate limiting this account (429).', retryAfterMs: parseRetryAfter(response.headers.get('retry-after')) };
      if (response.status >= 500) return { kind: 'retry', reason: `Mailgun had a server error (${response.status}).` };
      if (response.status === 401 || response.status === 403) return { kind: 'failed', reason: 'Mailgun refused the API key. Check it in Settings.' };
      return { kind: 'failed', reason: `Mailgun refused the email (${response.status})${message ? `: ${message}` : '.'}` };
    },
  };
}

/** `POST /api/services/mailgun/test`: the key opens the domain's record, and the domain is known to Mailgun. */
export async function testMailgun(account: MailgunAccount, options: MailgunOptions = {}): Promise<{ success: boolean; message: string }> {
  const base = mailgunBaseUrl(account.region, options.baseUrl);
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(`${base}/v3/domains/${encodeURIComponent(account.domain)}`, {
      headers: { authorization: authorization(account.apiKey) },
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
  } catch {
    return { success: false, message: 'Mailgun did not answer. Please try again later.' };
  }
  if (response.status === 401 || response.status === 403) return { success: false, message: 'Mailgun refused the API key. Check the key and the region (US or EU).' };
  if (response.status === 404) return { success: false, message: `Mailgun has no sending domain ${account.domain} on this account.` };
  if (!response.ok) return { success: false, message: `Mailgun answered with an error (${response.status}). Please try again later.` };
  const answer = domainAnswer.safeParse(await response.json().catch(() => null));
  if (!answer.success) return { success: false, message: 'Mailgun sent an answer we could not read.' };
  const { name, state } = answer.data.domain;
  return state === 'active'
    ? { success: true, message: `Connected to Mailgun: domain ${name} is active.` }
    : { success: true, message: `Connected to Mailgun: domain ${name} is ${state} (verify its DNS records in Mailgun; until then only authorized recipients receive mail).` };
}

/**
 * `"Name" <email>`, quoting the name so commas in it stay part of it, and a quote or backslash in it
 * escaped with a backslash (RFC 5322's quoted pair), so Zoë "Z" Smith is greeted as written.
 */
export function formatAddress(name: string | null, email: string): string {
  const oneLine = name?.replace(/[\r\n]+/g, ' ').trim();
  if (!oneLine) return email;
  return `"${oneLine.replace(/["\\]/g, '\\$&')}" <${email}>`;
}
