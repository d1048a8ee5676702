import type { RouteEntry } from '../../backend/src/app.ts';
import { pick } from '../outreach/resources.ts';

/**
 * Routes anyone may call without credentials: signing up and in, the health check, the public API's own
 * description, asking for and using a password reset link (the link's token is the credential), the unsubscribe link of automated mail (its signed token is the credential) and Mailgun's
 * event webhooks (signed with the sender's webhook signing key).
 */
export const publicRoutes = new Set([
  'POST /api/auth/register',
  'POST /api/auth/login',
  'GET /api/auth/password-reset',
  'POST /api/auth/password-reset',
  'POST /api/auth/password-reset/check',
  'POST /api/auth/password-reset/confirm',
  'GET /api/health',
  'GET /api/public/openapi.json',
  'GET /api/public/unsubscribe/:token',
  'POST /api/public/unsubscribe/:token',
  'POST /api/public/mailgun/events',
]);

/** Whether a route of the table needs the bearer token (the public API needs an API key instead, also a 401 without it). */
export function needsCredentials(route: RouteEntry): boolean {
  return !publicRoutes.has(`${route.method} ${route.path}`);
}

/** The path with every `:param` replaced by what `valueFor` gives for its name. */
export function fillPath(path: string, valueFor: (param: string) => string): string {
  return path.replace(/:([A-Za-z_]+)/g, (_match, name: string) => encodeURIComponent(valueFor(name)));
}

/** The outreach resource a route acts on (`/api/data/contacts/:id/hot-lead` -> contacts), if any. */
export function resourceOf(path: string): string | undefined {
  return /^\/api\/data\/([a-z-]+)\/:/.exec(path)?.[1];
}

const deeplyNested = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = { nested: value };
  return value;
};

/** Hostile or odd scalar values: types a field does not expect, edge numbers, text PostgreSQL cannot store, markup, prototype names. */
export const oddValues: unknown[] = [
  null, true, false, 0, -1, 1.5, 2_147_483_648, -2_147_483_649, 1e308, Number.MAX_SAFE_INTEGER + 2,
  '', ' ', 'x'.repeat(20_000), '\u0000', 'a\u0000b', '\ud800', 'x\udfffy', 'Ωmega ≈ çedilla √ 🏦', '<script>alert(1)</script>',
  'javascript:alert(1)', '../../etc/passwd', "' or 1=1 --", '%00', '{}', '[]', '__proto__', 'constructor', 'toString', 'hasOwnProperty',
  '2026-02-30', '9999-99-99T99:99:99Z', 'not-a-uuid', '00000000-0000-0000-0000-000000000000', [], [null], {}, ['a', 1, null],
  { __proto__: { polluted: true } }, deeplyNested(40),
];

/** Field names the API reads somewhere, plus names that exist on every object's prototype. */
const fieldNames = [
  'name', 'email', 'title', 'bankId', 'bankName', 'cert', 'text', 'dueDate', 'completed', 'subject', 'body', 'category', 'steps',
  'tags', 'notes', 'isHotLead', 'isTarget', 'setAsHot', 'result', 'score', 'linkedinUrl', 'linkedinCompanyUrl', 'website', 'domain',
  'url', 'messages', 'sessionId', 'prompt', 'criteria', 'page', 'limit', 'to', 'contactId', 'templateId', 'isFavorite', 'password',
  'id', 'q', 'filter', 'sort', 'range', 'assets', 'roa', 'stats', 'bankData', 'kind', 'sentAt', 'recipientEmail', 'contactIds',
  '__proto__', 'constructor', 'toString', '__defineGetter__', 'valueOf',
];

/** A JSON body: an object of random fields and odd values, or a value that is not an object at all. */
export function randomBody(random: () => number): unknown {
  if (random() < 0.15) return pick(random, oddValues);
  const body: Record<string, unknown> = {};
  const count = 1 + Math.floor(random() * 5);
  for (let field = 0; field < count; field += 1) {
    Object.defineProperty(body, pick(random, fieldNames), { value: pick(random, oddValues), enumerable: true, configurable: true, writable: true });
  }
  return body;
}

/** Raw request bodies that are not valid JSON, or JSON of a shape no route takes. */
export const rawBodies = ['{', '{"name":', 'null', '"text"', '[1,2', '\u0000', '{"a":1}{"b":2}', '1e999999', '{"__proto__":{"admin":true}}'];

/** Query strings with odd filter, sort, range and field parameters, as a list screen or a client might send them. */
export function randomQuery(random: () => number): string {
  const params = new URLSearchParams();
  const jsonOrGarbage = (value: unknown) => (random() < 0.3 ? pick(random, ['{', '[', 'null', '\u0000', '%', '"x"']) : JSON.stringify(value));
  const maybe = (name: string, value: () => string) => {
    if (random() < 0.5) params.set(name, value());
  };
  maybe('filter', () => jsonOrGarbage({ [pick(random, fieldNames)]: pick(random, oddValues) }));
  maybe('sort', () => jsonOrGarbage([pick(random, [...fieldNames, 'toString']), pick(random, ['ASC', 'DESC', 'sideways', 1])]));
  maybe('range', () => jsonOrGarbage(pick(random, [[0, 9], [-1, 5], [5, 1], [0, 1e12], ['a', 'b'], [0.5, 2], [0]])));
  for (const name of ['limit', 'offset', 'page', 'search', 'filters', 'sort_by', 'sort_order', 'fields', 'asOf', 'minAssets', 'state']) {
    maybe(name, () => String(pick(random, oddValues)));
  }
  return params.toString();
}
