import { HttpDouble, type Answer, type RecordedRequest } from './server.ts';

/** A person Hunter knows at a domain, in the domain-search answer's format. */
export type HunterPerson = {
  value: string;
  first_name: string | null;
  last_name: string | null;
  position: string | null;
  confidence: number;
  linkedin?: string | null;
  department?: string | null;
  seniority?: string | null;
  type?: 'personal' | 'generic';
};

export const hunterDoubleKey = 'hunter-double-key-1a2b';

/** How the double verifies an address: by a word in its local part, else valid with score 96. */
function verdictFor(email: string): { status: string; result: string; score: number } | 'pending' {
  const local = email.split('@')[0];
  if (local.includes('pending')) return 'pending';
  if (local.includes('invalid')) return { status: 'invalid', result: 'undeliverable', score: 12 };
  if (local.includes('risky')) return { status: 'accept_all', result: 'risky', score: 55 };
  if (local.includes('unknown')) return { status: 'unknown', result: 'unknown', score: 0 };
  return { status: 'valid', result: 'deliverable', score: 96 };
}

const json = (status: number, body: unknown): Answer => ({ status, body: JSON.stringify(body) });
const errors = (status: number, id: string, details: string) => json(status, { errors: [{ id, code: status, details }] });

/**
 * A local stand-in for Hunter's v2 API (https://api.hunter.io/v2): `domain-search`, `email-verifier`
 * and `account`, keyed by `api_key`, answering in Hunter's documented JSON (data/meta envelopes, an
 * `errors` list on failure, 202 while a verification is pending). Only `hunterDoubleKey` is accepted.
 * Its `url` is what HUNTER_API_URL is set to.
 */
export class HunterDouble extends HttpDouble {
  /** Sent as they are in the next answers instead of the right shape (a provider changing its format). */
  malformed = false;

  constructor(private readonly people: Record<string, HunterPerson[]> = {}) {
    super('/v2');
  }

  protected answer(request: RecordedRequest): Answer {
    if (request.params.get('api_key') !== hunterDoubleKey) return errors(401, 'authentication_failed', 'No user found for the API key supplied');
    if (this.malformed) return json(200, { data: { unexpected: true } });
    switch (request.path) {
      case '/v2/domain-search': {
        const domain = request.params.get('domain');
        if (!domain) return errors(400, 'wrong_params', 'You are missing the domain parameter');
        const emails = (this.people[domain] ?? []).map((person) => ({ type: 'personal', department: null, seniority: null, linkedin: null, twitter: null, phone_number: null, sources: [], verification: { date: null, status: null }, ...person }));
        return json(200, {
          data: { domain, disposable: false, webmail: false, accept_all: false, pattern: '{first}.{last}', organization: this.people[domain] ? `Organisation of ${domain}` : null, emails },
          meta: { results: emails.length, limit: Number(request.params.get('limit') ?? 10), offset: 0, params: { domain } },
        });
      }
      case '/v2/email-verifier': {
        const email = request.params.get('email') ?? '';
        if (!email.includes('@')) return errors(400, 'invalid_email', 'The email is invalid');
        const verdict = verdictFor(email);
        if (verdict === 'pending') return { status: 202, body: '' };
        return json(200, {
          data: { ...verdict, _deprecation_notice: 'Using result is deprecated, use status instead', email, regexp: true, gibberish: false, disposable: false, webmail: false, mx_records: true, smtp_server: true, smtp_check: verdict.status === 'valid', accept_all: verdict.status === 'accept_all', block: false, sources: [] },
          meta: { params: { email } },
        });
      }
      case '/v2/account':
        return json(200, {
          data: {
            first_name: 'Dana',
            last_name: 'Double',
            email: 'dana@firm.example',
            plan_name: 'Free',
            plan_level: 0,
            reset_date: '2026-12-01',
            team_id: 1,
            requests: { searches: { used: 12, available: 25 }, verifications: { used: 3, available: 50 } },
          },
        });
      default:
        return errors(404, 'route_not_found', 'This route does not exist');
    }
  }
}
