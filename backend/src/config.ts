import path from 'node:path';
import { z } from 'zod';
import { emailAddress } from '../../domain/email-address.ts';
import { projectRoot } from './project-root.ts';
import { StartupProblem } from './startup/startup-problem.ts';

/** An address of one of these schemes (`https:` and so on), said as what the variable must hold when it is not. */
const addressOf = (variable: string, schemes: string[], example: string) =>
  z.string().refine(
    (value) => {
      try {
        const url = new URL(value);
        return schemes.includes(url.protocol) && url.hostname !== '';
      } catch {
        return false;
      }
    },
    // The value itself is never repeated: it may hold a password.
    { message: `${variable} must be a full address such as ${example}.` },
  );
const webAddress = (variable: string, example: string) => addressOf(variable, ['http:', 'https:'], example);
const wholeNumber = (variable: string, min: number, max: number) =>
  z.coerce.number({ error: `${variable} must be a whole number from ${min} to ${max}.` }).int(`${variable} must be a whole number from ${min} to ${max}.`).min(min, `${variable} must be at least ${min}.`).max(max, `${variable} must be at most ${max}.`);
const oneOf = <const Values extends readonly [string, ...string[]]>(variable: string, values: Values) =>
  z.enum(values, { error: `${variable} must be one of ${values.join(', ')}.` });

const year = 31_557_600;
const unitSeconds: Array<[number, string[]]> = [
  [1, ['s', 'sec', 'secs', 'second', 'seconds']],
  [60, ['m', 'min', 'mins', 'minute', 'minutes']],
  [3_600, ['h', 'hr', 'hrs', 'hour', 'hours']],
  [86_400, ['d', 'day', 'days']],
  [604_800, ['w', 'week', 'weeks']],
  [year, ['y', 'year', 'years']],
];
const secondsPerUnit = new Map(unitSeconds.flatMap(([seconds, names]) => names.map((name) => [name, seconds] as const)));

/**
 * JWT_EXPIRES_IN as seconds: a whole number and a unit (7d, 12 hours), or a bare number of seconds,
 * from a minute to ten years. Handed on as text, the token library read a bare number as
 * milliseconds (3600 gave 3-second sessions), signed tokens already expired for 0 or -1d, and
 * failed every sign-in for a typo.
 */
const sessionLength = z.string().transform((value, ctx) => {
  const match = /^(\d+)\s*([a-z]*)$/i.exec(value.trim());
  const perUnit = match && (match[2] === '' ? 1 : secondsPerUnit.get(match[2].toLowerCase()));
  const seconds = match && perUnit ? Number(match[1]) * perUnit : 0;
  if (seconds >= 60 && seconds <= 10 * year) return seconds;
  ctx.addIssue({ code: 'custom', message: 'JWT_EXPIRES_IN must be a session length from a minute to ten years, such as 7d, 12h, 90m or 3600 (seconds).' });
  return z.NEVER;
});

/** Every environment variable Charterline reads, parsed once at start-up. README.md lists them. */
const environmentSchema = z.object({
  PORT: wholeNumber('PORT', 0, 65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: addressOf('DATABASE_URL', ['postgres:', 'postgresql:'], 'postgres://user:password@localhost:5432/charterline (or leave it unset for the embedded database)').optional(),
  PGLITE_SHARED_BUFFERS: z.string().regex(/^\d+(kB|MB|GB)$/, 'PGLITE_SHARED_BUFFERS must be a size such as 32MB.').default('32MB'),
  EVENTSTORE_URL: addressOf('EVENTSTORE_URL', ['esdb:', 'esdb+discover:'], 'esdb://localhost:2113?tls=false').optional(),
  JWT_SECRET: z.string().min(16, 'JWT_SECRET must be at least 16 characters (or leave it unset to have one generated).').optional(),
  JWT_EXPIRES_IN: sessionLength.default(7 * 86_400),
  LOG_LEVEL: oneOf('LOG_LEVEL', ['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  FDIC_API_URL: webAddress('FDIC_API_URL', 'https://api.fdic.gov/banks').default('https://api.fdic.gov/banks'),
  FDIC_API_KEY: z.string().optional(),
  CENSUS_API_URL: webAddress('CENSUS_API_URL', 'https://api.census.gov/data').default('https://api.census.gov/data'),
  CENSUS_API_KEY: z.string().optional(),
  HUNTER_API_URL: webAddress('HUNTER_API_URL', 'https://api.hunter.io/v2').default('https://api.hunter.io/v2'),
  LINKEDIN_URL_REWRITE: webAddress('LINKEDIN_URL_REWRITE', 'http://127.0.0.1:5100').optional(),
  SECRETS_KEY: z.string().optional(),
  MAILGUN_API_URL: webAddress('MAILGUN_API_URL', 'https://api.mailgun.net').optional(),
  SMTP_URL: addressOf('SMTP_URL', ['smtp:', 'smtps:'], 'smtp://user:password@mail.example.com:587').optional(),
  MAIL_FROM: z.string().trim().pipe(emailAddress('MAIL_FROM must be an email address, such as no-reply@crm.example.com.')).optional(),
  // Unsubscribe links in mail are built on it: an address without http(s):// would be a dead link.
  PUBLIC_URL: webAddress('PUBLIC_URL', 'https://crm.example.com (the address recipients open)').optional(),
  PUBLIC_API_RATE_LIMIT: wholeNumber('PUBLIC_API_RATE_LIMIT', 1, 1_000_000).default(120),
  MAIL_DISPATCH: oneOf('MAIL_DISPATCH', ['auto', 'inline', 'worker']).default('auto'),
  SYNC_QUARTERS: wholeNumber('SYNC_QUARTERS', 1, 40).default(8),
  DEMO_DATA: oneOf('DEMO_DATA', ['auto', 'always', 'never']).default('auto'),
  GEMINI_API_KEY: z.string().optional(),
  GEMINI_MODEL: z.string().default('gemini-2.5-flash'),
  GEMINI_API_URL: webAddress('GEMINI_API_URL', 'https://generativelanguage.googleapis.com').optional(),
  AI_TIMEOUT_MS: wholeNumber('AI_TIMEOUT_MS', 1, 600_000).default(30_000),
  MAX_BODY_BYTES: wholeNumber('MAX_BODY_BYTES', 1, 1_000_000_000).default(1_000_000),
  SIGNUPS_PER_HOUR: wholeNumber('SIGNUPS_PER_HOUR', 1, 1_000_000).default(20),
  TRUST_PROXY: oneOf('TRUST_PROXY', ['0', '1']).default('0'),
  WEB_CONCURRENCY: wholeNumber('WEB_CONCURRENCY', 1, 64).default(1),
  CHARTERLINE_WORKER_INDEX: wholeNumber('CHARTERLINE_WORKER_INDEX', 0, 64).default(0),
});

/** The names of the environment variables the configuration reads. */
export const configurationVariables: readonly string[] = Object.keys(environmentSchema.shape);

export type AppConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** The embedded database's page cache: smaller than PostgreSQL's 128MB, since the operating system caches the data files as well. */
  pgliteSharedBuffers: string;
  eventStoreUrl?: string;
  jwtSecret?: string;
  /** Session length in seconds. */
  jwtExpiresInSeconds: number;
  logLevel: z.infer<typeof environmentSchema>['LOG_LEVEL'];
  fdicApiUrl: string;
  fdicApiKey?: string;
  censusApiUrl: string;
  censusApiKey?: string;
  hunterApiUrl: string;
  /** Test hook: every LinkedIn check request goes to this origin instead (a protocol double). */
  linkedinUrlRewrite?: string;
  /** Key sealing users' API keys (32 bytes, hex or base64); generated into the data folder when unset. */
  secretsKey?: string;
  /** Replaces Mailgun's regional hosts (a double, a proxy). */
  mailgunApiUrl?: string;
  /** SMTP server for users without a Mailgun key and for password reset links, e.g. smtp://user:pass@host:587. */
  smtpUrl?: string;
  /** Who password reset links come from; unset, the SMTP login when it is an address, else no-reply at the public host. */
  mailFrom?: string;
  /** The app's address as recipients of its mail reach it (unsubscribe links), without a trailing slash. */
  publicUrl: string;
  /** Who sends queued mail: this process (inline), `npm run worker`, or auto (inline with the embedded database, the worker with PostgreSQL). */
  mailDispatch: 'auto' | 'inline' | 'worker';
  /** Public API requests per minute per API key. */
  publicApiRequestsPerMinute: number;
  syncQuarters: number;
  demoData: 'auto' | 'always' | 'never';
  geminiApiKey?: string;
  geminiModel: string;
  /** Base URL of the Gemini API (a local double in tests); the SDK's own default when unset. */
  geminiApiUrl?: string;
  /** Longest wait for one AI call (a model answer, one round of a chat) before it is given up. */
  aiTimeoutMs: number;
  maxBodyBytes: number;
  /** Accounts one client address may create per hour. */
  signUpsPerHour: number;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (rate limits are per address). */
  trustProxy: boolean;
  /** Server processes sharing the port (PostgreSQL only: the embedded database serves one process). */
  webConcurrency: number;
  /**
   * Whether this process may run the once-per-deployment start-up work (first-start data, resuming
   * an interrupted sync): the only process, or the first of several. On PostgreSQL it runs it only
   * when no other server on the database does (claimStartupWork).
   */
  runsStartupJobs: boolean;
};

/**
 * The configuration the environment gives. A variable set empty (`SMTP_URL=` in an env file, an
 * unset `${VAR:-}` in docker-compose) counts as unset. A wrong value stops start-up with a
 * StartupProblem naming each variable and what it must hold.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = environmentSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) throw new StartupProblem(parsed.error.issues.map((issue) => issue.message).join(' '));
  const e = parsed.data;
  // `npm run worker` cannot open the embedded database, so no process would ever send the mail queued.
  if (e.MAIL_DISPATCH === 'worker' && !e.DATABASE_URL) {
    throw new StartupProblem('MAIL_DISPATCH=worker needs DATABASE_URL: npm run worker cannot open the embedded database, so no mail would be sent. Leave MAIL_DISPATCH unset (auto) or set it to inline.');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    // Unset, the repository's own data folder, wherever the process is started from: a server started
    // from another folder (a service manager's) must not open a new, empty database there.
    dataDir: e.DATA_DIR ? path.resolve(e.DATA_DIR) : path.join(projectRoot, 'data'),
    databaseUrl: e.DATABASE_URL,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    eventStoreUrl: e.EVENTSTORE_URL,
    jwtSecret: e.JWT_SECRET,
    jwtExpiresInSeconds: e.JWT_EXPIRES_IN,
    logLevel: e.LOG_LEVEL,
    fdicApiUrl: e.FDIC_API_URL,
    fdicApiKey: e.FDIC_API_KEY,
    censusApiUrl: e.CENSUS_API_URL,
    censusApiKey: e.CENSUS_API_KEY,
    hunterApiUrl: e.HUNTER_API_URL,
    linkedinUrlRewrite: e.LINKEDIN_URL_REWRITE,
    secretsKey: e.SECRETS_KEY,
    mailgunApiUrl: e.MAILGUN_API_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    mailDispatch: e.MAIL_DISPATCH,
    publicApiRequestsPerMinute: e.PUBLIC_API_RATE_LIMIT,
    syncQuarters: e.SYNC_QUARTERS,
    demoData: e.DEMO_DATA,
    geminiApiKey: e.GEMINI_API_KEY,
    geminiModel: e.GEMINI_MODEL,
    geminiApiUrl: e.GEMINI_API_URL,
    aiTimeoutMs: e.AI_TIMEOUT_MS,
    maxBodyBytes: e.MAX_BODY_BYTES,
    signUpsPerHour: e.SIGNUPS_PER_HOUR,
    trustProxy: e.TRUST_PROXY === '1',
    webConcurrency: e.WEB_CONCURRENCY,
    runsStartupJobs: e.CHARTERLINE_WORKER_INDEX === 0,
  };
}

/**
 * Settings that let the server start but do something the operator likely did not mean, one
 * sentence each, logged at start by the server and the worker.
 */
export function configurationWarnings(env: NodeJS.ProcessEnv = process.env): string[] {
  const warnings: string[] = [];
  // A deployment (PostgreSQL, or an SMTP server for everyone's mail) writes to people elsewhere; a laptop's try-out does not.
  if (!env.PUBLIC_URL && (env.DATABASE_URL || env.SMTP_URL)) {
    warnings.push(
      `PUBLIC_URL is not set: unsubscribe links in automated mail point at http://localhost:${env.PORT || 5000}, which recipients cannot open. Set PUBLIC_URL to the address they reach the app at, e.g. https://crm.example.com.`,
    );
  }
  return warnings;
}
