import type { TestApp } from '../support/app.ts';

/**
 * One entry per outreach resource for the cross-resource tests: how to create a record as a
 * user, and a change to try on it. Add an entry when you add a resource.
 */
export type ResourceCase = {
  resource: string;
  /** Creates a record as this user and returns its id as used in URLs. */
  create(app: TestApp, token: string, seed: number): Promise<string>;
  /** A PUT body that would change the record, when the resource can be updated. */
  change?: Record<string, unknown>;
  /** False for resources whose DELETE is refused for everyone (e.g. read-only logs). */
  deletable?: boolean;
  /**
   * One random command against this resource (create, change or delete something of `ids`, the
   * records created so far), for the rebuild test. Failing commands (e.g. on a deleted record) are fine.
   */
  randomStep(app: TestApp, token: string, random: () => number, ids: string[]): Promise<void>;
};

export const pick = <T>(random: () => number, items: T[]): T => items[Math.floor(random() * items.length)];

/** A small seeded PRNG (mulberry32): the same seed gives the same sequence. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function created(response: { status: number; body: any; text: string }): Promise<string> {
  if (response.status !== 201 && response.status !== 200) throw new Error(`create failed: ${response.status} ${response.text}`);
  return String(response.body.id);
}

export const resourceCases: ResourceCase[] = [
  {
    resource: 'tasks',
    create: async (app, token, seed) =>
      created(await app.request('/api/data/tasks', { method: 'POST', token, body: { text: `Task ${seed}`, dueDate: '2026-12-01', bankId: 1000 + seed } })),
    change: { text: 'Changed by someone else' },
    async randomStep(app, token, random, ids) {
      const action = ids.length === 0 ? 'create' : pick(random, ['create', 'create', 'edit', 'complete', 'reopen', 'delete']);
      if (action === 'create') {
        const day = String(1 + Math.floor(random() * 28)).padStart(2, '0');
        ids.push(await created(await app.request('/api/data/tasks', { method: 'POST', token, body: { text: `Task ${ids.length}`, dueDate: `2027-01-${day}`, bankId: 100 + Math.floor(random() * 5) } })));
        return;
      }
      const id = pick(random, ids);
      if (action === 'edit') await app.request(`/api/data/tasks/${id}`, { method: 'PUT', token, body: { text: `Edited ${Math.floor(random() * 1000)}` } });
      if (action === 'complete' || action === 'reopen') await app.request(`/api/data/tasks/${id}/completion`, { method: 'PUT', token, body: { completed: action === 'complete' } });
      if (action === 'delete') await app.request(`/api/data/tasks/${id}`, { method: 'DELETE', token });
    },
  },
  {
    resource: 'templates',
    create: async (app, token, seed) =>
      created(await app.request('/api/data/templates', { method: 'POST', token, body: { name: `Template ${seed}`, subject: 'Hello {{bankName}}', body: 'Hi {{contactName}},' } })),
    change: { name: 'Changed by someone else', isFavorite: true },
    async randomStep(app, token, random, ids) {
      const action = ids.length === 0 ? 'create' : pick(random, ['create', 'create', 'edit', 'favorite', 'delete']);
      if (action === 'create') {
        const category = pick(random, ['introduction', 'follow-up', 'check-in', 'custom']);
        ids.push(await created(await app.request('/api/data/templates', { method: 'POST', token, body: { name: `Template ${ids.length}`, category, subject: `Subject ${ids.length}`, body: 'Hi,' } })));
        return;
      }
      const id = pick(random, ids);
      if (action === 'edit') await app.request(`/api/data/templates/${id}`, { method: 'PUT', token, body: { subject: `Edited ${Math.floor(random() * 1000)}`, category: pick(random, ['follow-up', 'custom']) } });
      if (action === 'favorite') await app.request(`/api/data/templates/${id}/favorite`, { method: 'PUT', token, body: { isFavorite: random() < 0.5 } });
      if (action === 'delete') await app.request(`/api/data/templates/${id}`, { method: 'DELETE', token });
    },
  },
];
