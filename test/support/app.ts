import { loadConfig, type AppConfig } from '../../backend/src/config.ts';
import type { Database } from '../../backend/src/db/database.ts';
import { startServer, type RunningServer } from '../../backend/src/server.ts';
import type { Feature } from '../../backend/src/services.ts';

export type TestApp = RunningServer & {
  /** fetch against the app; JSON bodies are sent as JSON. */
  request(path: string, init?: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> }): Promise<TestResponse>;
  /** Registers a fresh user and returns its token. */
  signUp(name?: string): Promise<{ token: string; user: { id: string; email: string; name: string } }>;
};

export type TestResponse = { status: number; headers: Headers; body: any; text: string };

let userCounter = 0;

/** Starts the real app on a free port over the given database. */
export async function startTestApp(db: Database, options: { config?: Partial<AppConfig>; features?: Feature[] } = {}): Promise<TestApp> {
  const config: AppConfig = {
    ...loadConfig({}),
    port: 0,
    host: '127.0.0.1',
    jwtSecret: 'test-secret-that-is-long-enough',
    demoData: 'never',
    // Suites sign up many users from one address.
    signUpsPerHour: 100_000,
    // a fixed key: tests never write a key file into the repository's data folder
    secretsKey: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    ...options.config,
  };
  const running = await startServer(config, { db, features: options.features });
  const request: TestApp['request'] = async (path, init = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body: string | undefined;
    if (init.body !== undefined) {
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(running.url + path, { method: init.method ?? 'GET', headers, body });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  };
  return {
    ...running,
    request,
    async signUp(name = 'Test User') {
      userCounter += 1;
      const email = `user${userCounter}-${process.pid}-${Date.now()}@example.com`;
      const response = await request('/api/auth/register', { method: 'POST', body: { name, email, password: 'correct horse battery' } });
      if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${response.text}`);
      return response.body;
    },
  };
}

export type AppOptions = { config?: Partial<AppConfig>; features?: Feature[] };
export type SignedUp = Awaited<ReturnType<TestApp['signUp']>>;
/** An app with its two users: the owner of the records under test, and someone else who must never see them. */
export type OutreachApp = { app: TestApp; owner: SignedUp; token: string; otherToken: string };

/**
 * The set-up every outreach API suite shares: before its tests, the app over the suite's database
 * with 'Owner' and 'Someone Else' signed up, handed to `use` (which keeps what it needs); after them,
 * the app stops. `options` may be a function when building them needs the suite's own set-up first.
 */
export function withOutreachApp(context: { db: Database }, use: (started: OutreachApp) => void, options: AppOptions | (() => Promise<AppOptions>) = {}): void {
  let app: TestApp | undefined;
  before(async () => {
    app = await startTestApp(context.db, typeof options === 'function' ? await options() : options);
    const owner = await app.signUp('Owner');
    const other = await app.signUp('Someone Else');
    use({ app, owner, token: owner.token, otherToken: other.token });
  });
  after(async () => app?.stop());
}
