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
