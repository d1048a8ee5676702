import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { HttpError } from '../../http/errors.ts';
import { HttpClient, UpstreamError, type RetryPolicy } from '../../regulator/clients/http.ts';
import { parseLinkedinUrl } from '../../../../domain/enrichment/web-address.ts';

/**
 * Answers of Hunter's public v2 API (https://hunter.io/api-documentation/v2) that we read. Only the
 * fields used are required; anything else Hunter adds is ignored, and nothing it sends is passed on
 * unvalidated.
 */
const text = z.string().nullish();
const domainSearchAnswer = z.object({
  data: z.object({
    domain: z.string(),
    organization: text,
    emails: z.array(
      z.object({
        value: z.string(),
        type: text,
        confidence: z.number().nullish(),
        first_name: text,
        last_name: text,
        position: text,
        seniority: text,
        department: text,
        linkedin: text,
      }),
    ),
  }),
  meta: z.object({ results: z.number().int().nonnegative().optional() }).optional(),
});

export const hunterStatuses = ['valid', 'invalid', 'accept_all', 'webmail', 'disposable', 'unknown'] as const;
const verifierAnswer = z.object({
  data: z.object({
    status: z.enum(hunterStatuses),
    /** Deprecated by Hunter in favour of status, still sent; read when present. */
    result: z.enum(['deliverable', 'undeliverable', 'risky', 'unknown']).nullish(),
    score: z.number().min(0).max(100).nullable(),
  }),
});

const usage = z.object({ used: z.number(), available: z.number() });
const accountAnswer = z.object({
  data: z.object({
    email: z.string(),
    plan_name: text,
    requests: z.object({ searches: usage.optional(), verifications: usage.optional() }).partial().optional(),
  }),
});

const errorAnswer = z.object({ errors: z.array(z.object({ id: text, code: z.number().optional(), details: text })).min(1) });

export type FoundContact = {
  name: string;
  firstName: string | null;
  lastName: string | null;
  title: string;
  email: string;
  linkedinUrl: string | null;
  confidence: number | null;
  department: string | null;
  seniority: string | null;
  source: 'Hunter';
};

export type DomainSearchResult = { domain: string; organization: string | null; total: number; contacts: FoundContact[] };
export type VerificationResult = 'deliverable' | 'risky' | 'undeliverable' | 'unknown';
export type EmailVerification = { result: VerificationResult; score: number; status: (typeof hunterStatuses)[number] };
export type HunterAccount = { email: string; planName: string | null; searches?: z.infer<typeof usage>; verifications?: z.infer<typeof usage> };

/** How Hunter's status reads as the product's verdict: an accept-all or disposable mailbox is a risk, not a yes. */
const resultOfStatus: Record<EmailVerification['status'], VerificationResult> = {
  valid: 'deliverable',
  invalid: 'undeliverable',
  accept_all: 'risky',
  webmail: 'deliverable',
  disposable: 'risky',
  unknown: 'unknown',
};

/** A Hunter failure as the user should read it; `code` lets the screen tell the kinds apart. */
export class HunterError extends HttpError {
  constructor(
    status: number,
    readonly code: string,
    message: string,
    details: Record<string, unknown> = {},
  ) {
    super(status, message, { code, ...details });
  }

  /** Whether the check itself failed (as opposed to no key being saved): such a verification is recorded as an error. */
  get isProviderFailure(): boolean {
    return this.code !== 'hunter_key_missing';
  }
}

export const hunterKeyMissing = (message = 'Add your Hunter.io API key in Settings → Data Enrichment first.') => new HunterError(400, 'hunter_key_missing', message);

export type HunterClientOptions = {
  baseUrl: string;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Wait between polls while Hunter is still verifying an address (HTTP 202). */
  pendingPollMs?: number;
  fetch?: typeof fetch;
};

/** Hunter's domain search, email verifier and account endpoints, with the user's own key. */
export class HunterClient {
  private readonly http: HttpClient;
  private readonly baseUrl: string;
  private readonly pendingPollMs: number;

  constructor(options: HunterClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.pendingPollMs = options.pendingPollMs ?? 2_000;
    this.http = new HttpClient({
      service: 'Hunter.io',
      timeoutMs: options.timeoutMs ?? 10_000,
      // A person is waiting: a few quick retries, and no waiting out a long Retry-After.
      retry: { retries: 2, baseDelayMs: 400, maxDelayMs: 2_000, ...options.retry },
      maxRetryAfterMs: 5_000,
      // Hunter allows 15 searches and 10 verifications per second per key.
      requestsPerSecond: 10,
      fetch: options.fetch,
    });
  }

  async domainSearch(apiKey: string, domain: string): Promise<DomainSearchResult> {
    const answer = await this.get('domain-search', { domain, limit: '100' }, apiKey, domainSearchAnswer, 'Hunter.io sent an answer we could not read.');
    const contacts = answer.data.emails
      .filter((email) => z.email().safeParse(email.value).success)
      .map((email): FoundContact => {
        const firstName = email.first_name?.trim() || null;
        const lastName = email.last_name?.trim() || null;
        return {
          name: [firstName, lastName].filter(Boolean).join(' ') || email.value,
          firstName,
          lastName,
          title: email.position?.trim() ?? '',
          email: email.value.toLowerCase(),
          linkedinUrl: linkedinProfileUrl(email.linkedin),
          confidence: email.confidence ?? null,
          department: email.department ?? null,
          seniority: email.seniority ?? null,
          source: 'Hunter',
        };
      })
      // named people first, then the most certain addresses
      .sort((a, b) => Number(b.firstName !== null) - Number(a.firstName !== null) || (b.confidence ?? 0) - (a.confidence ?? 0));
    return { domain: answer.data.domain, organization: answer.data.organization?.trim() || null, total: answer.meta?.results ?? contacts.length, contacts };
  }

  async verifyEmail(apiKey: string, email: string): Promise<EmailVerification> {
    // Hunter answers 202 while a slow mail server is still being checked; asking again is free.
    for (let poll = 0; ; poll += 1) {
      const { status, text } = await this.call('email-verifier', { email }, apiKey);
      if (status === 202) {
        if (poll >= 2) throw new HunterError(504, 'hunter_timeout', 'Hunter.io is still verifying this address. Please try again in a minute.');
        await sleep(this.pendingPollMs);
        continue;
      }
      const { data } = parseAnswer(text, verifierAnswer, 'Empty response from verification service.');
      return { status: data.status, result: data.result ?? resultOfStatus[data.status], score: Math.round(data.score ?? 0) };
    }
  }

  async account(apiKey: string): Promise<HunterAccount> {
    const { data } = await this.get('account', {}, apiKey, accountAnswer, 'Hunter.io sent an answer we could not read.');
    return { email: data.email, planName: data.plan_name ?? null, searches: data.requests?.searches, verifications: data.requests?.verifications };
  }

  private async get<T>(endpoint: string, params: Record<string, string>, apiKey: string, schema: z.ZodType<T>, unreadable: string): Promise<T> {
    return parseAnswer((await this.call(endpoint, params, apiKey)).text, schema, unreadable);
  }

  private async call(endpoint: string, params: Record<string, string>, apiKey: string): Promise<{ status: number; text: string }> {
    const query = new URLSearchParams({ ...params, api_key: apiKey });
    try {
      return await this.http.getText(`${this.baseUrl}/${endpoint}?${query}`);
    } catch (error) {
      if (error instanceof UpstreamError) throw describeFailure(error);
      throw error;
    }
  }
}

function parseAnswer<T>(text: string, schema: z.ZodType<T>, unreadable: string): T {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new HunterError(502, 'hunter_bad_answer', unreadable);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new HunterError(502, 'hunter_bad_answer', unreadable);
  return parsed.data;
}

/** Hunter's failure phrased for the person who asked. Never answered as 401: ours means "signed out". */
export function describeFailure(error: UpstreamError): HunterError {
  if (error.noAnswer === 'timeout') return new HunterError(504, 'hunter_timeout', 'Hunter.io did not answer in time. Please try again.');
  if (error.status === undefined || error.status >= 500) {
    return new HunterError(502, 'hunter_unavailable', 'Hunter.io is not answering right now. Please try again later.');
  }
  if (error.status === 401) return new HunterError(400, 'hunter_key_rejected', 'Hunter.io refused the API key. Check it in Settings → Data Enrichment.');
  if (error.status === 429) {
    return new HunterError(429, 'hunter_rate_limited', "Hunter.io's rate limit was reached. Please wait a minute and try again.");
  }
  const details = providerDetails(error.body);
  return new HunterError(400, 'hunter_refused', `Hunter.io could not do this${details ? `: ${details}` : '.'}`);
}

/** Hunter's own explanation of a refused request, as plain short text. */
function providerDetails(body: string | undefined): string | null {
  if (!body) return null;
  try {
    const parsed = errorAnswer.safeParse(JSON.parse(body));
    const details = parsed.success ? parsed.data.errors[0].details : null;
    return details ? details.replace(/\s+/g, ' ').trim().slice(0, 200) : null;
  } catch {
    return null;
  }
}

/** Hunter gives a profile URL or just the handle; either way only a linkedin.com address is kept. */
function linkedinProfileUrl(value: string | null | undefined): string | null {
  const handle = value?.trim();
  if (!handle) return null;
  const url = parseLinkedinUrl(/[/.]/.test(handle) ? handle : `https://www.linkedin.com/in/${encodeURIComponent(handle)}`);
  return url ? url.href : null;
}
