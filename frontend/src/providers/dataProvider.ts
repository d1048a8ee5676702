import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'react-admin';
import { SOURCE_HEADERS } from './http.ts';
import { raiseAuthError, readToken } from './session.ts';
import { services, type Services } from './services.ts';

/** ra-data-simple-rest's client with the bearer token; a 401 raises the global sign-out. */
const httpClient: typeof fetchUtils.fetchJson = async (url, options = {}) => {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = readToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  for (const [name, value] of Object.entries(SOURCE_HEADERS)) headers.set(name, value);
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers });
  } catch (error) {
    if ((error as { status?: number }).status === 401) raiseAuthError();
    // Spec 1 section 8: the server's msg, else message, else the generic text.
    const body = (error as { body?: { msg?: string; message?: string } }).body;
    if (error instanceof Error) error.message = body?.msg || body?.message || 'API request failed';
    throw error;
  }
};

export type CharterlineDataProvider = DataProvider & Services;

/** `/api/data` resources through react-admin plus the typed service calls (`useDataProvider<CharterlineDataProvider>()`). */
export const dataProvider: CharterlineDataProvider = {
  ...simpleRestProvider('/api/data', httpClient),
  ...services,
};
