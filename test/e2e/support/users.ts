import type { Session } from './browser.ts';

let counter = 0;

/** A unique user's sign-up details. */
export function newUserDetails(name = 'Dana Whitfield') {
  counter += 1;
  return { name, email: `e2e-${process.pid}-${Date.now()}-${counter}@example.com`, password: 'correct horse battery' };
}

/** Registers a user through the API (faster than the screen when the test is not about signing up). */
export async function registerUser(baseUrl: string, name?: string): Promise<Session> {
  const details = newUserDetails(name);
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(details),
  });
  if (response.status !== 201) throw new Error(`Registering a test user failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { token: string; user: Session['user'] };
  return { token: body.token, user: body.user, email: details.email, password: details.password };
}

/** A JSON call to the API as the given user (to arrange data the test does not create through screens). */
export async function apiAs<T>(baseUrl: string, session: Session, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} failed: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** `apiAs` bound to one user and server: `as('/api/data/tasks', { method: 'POST', body })`. */
export const apiOf =
  (baseUrl: string, session: Session) =>
  <T>(path: string, init?: { method?: string; body?: unknown }): Promise<T> =>
    apiAs<T>(baseUrl, session, path, init);

/**
 * Arranges one record of each kind the Automation and record screens show: a template named 'CFO
 * introduction' with `body`, a two-step workflow sending it, and a sent email to Jane Doe of Alpha Bank.
 */
export async function arrangeTemplateWorkflowAndMail(baseUrl: string, session: Session, body: string): Promise<{ templateId: string }> {
  const as = apiOf(baseUrl, session);
  const template = await as<{ id: string }>('/api/data/templates', { method: 'POST', body: { name: 'CFO introduction', category: 'introduction', subject: 'Partnering with {{bankName}}', body } });
  await as('/api/data/workflows', { method: 'POST', body: { name: 'New CFO sequence', steps: [{ day: 1, type: 'Email', templateId: template.id }, { day: 3, type: 'LinkedIn Visit' }] } });
  await as('/api/data/sent-emails', {
    method: 'POST',
    body: { recipientName: 'Jane Doe', recipientEmail: 'jane@example.com', bankName: 'Alpha Bank', subject: 'Partnering with Alpha Bank', body: 'Dear Jane Doe,\n\nI have been following Alpha Bank.' },
  });
  return { templateId: template.id };
}

/** Has the user track the largest bank of the directory (as 'Track' on its row does); answers the bank. */
export async function trackLargestBank(baseUrl: string, session: Session): Promise<{ cert: number; name: string }> {
  const answer = await apiAs<{ data: Array<{ data: Record<string, unknown> }> }>(baseUrl, session, '/api/services/fdic/institutions?limit=1&sort_by=ASSET&sort_order=DESC');
  const bank = { cert: Number(answer.data[0].data.CERT), name: String(answer.data[0].data.NAME) };
  await apiAs(baseUrl, session, '/api/data/banks', { method: 'POST', body: { cert: bank.cert, name: bank.name } });
  return bank;
}

/** One of each Records list's records, with the sidebar link, page heading, route and a text of each. */
type RecordList = { link: string; heading: string; route: string; text: string };

/**
 * One record in each Records list (a tracked bank, a contact, a task, a template, a workflow), with
 * long texts, so no list shows its empty page; answers each list's link, heading, route and a text of its record.
 */
export async function addOneOfEachRecord(baseUrl: string, session: Session): Promise<RecordList[]> {
  const bank = await trackLargestBank(baseUrl, session);
  const as = (path: string, body: unknown) => apiAs<{ id: string }>(baseUrl, session, path, { method: 'POST', body });
  await as('/api/data/contacts', { bankId: bank.cert, name: 'Alexandra Montgomery-Whitfield', title: 'Executive Vice President, Treasury Management', email: 'alexandra.montgomery-whitfield@treasury.example.com', tags: ['board', 'treasury'] });
  await as('/api/data/tasks', { bankId: bank.cert, text: 'Send the treasury management proposal to Alexandra before the board meets', dueDate: '2026-12-15' });
  const template = await as('/api/data/templates', { name: 'Treasury introduction', category: 'introduction', subject: 'Treasury services for {{bankName}}', body: 'Dear {{contactName}},' });
  await as('/api/data/workflows', { name: 'Treasury sequence', steps: [{ day: 1, type: 'Email', templateId: template.id }, { day: 4, type: 'LinkedIn Visit' }] });
  return [
    { link: 'Contacts', heading: 'Contacts', route: 'contacts', text: 'Alexandra Montgomery-Whitfield' },
    { link: 'Tasks', heading: 'Tasks', route: 'tasks', text: 'Send the treasury' },
    { link: 'Tracked Banks', heading: 'Tracked Banks', route: 'banks', text: bank.name },
    { link: 'Templates', heading: 'Email Templates', route: 'templates', text: 'Treasury introduction' },
    { link: 'Workflows', heading: 'Workflows', route: 'workflows', text: 'Treasury sequence' },
  ];
}
