import type { TestApp } from '../support/app.ts';
import type { Knex } from 'knex';
import { insureBanks } from '../support/insured-banks.ts';

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
   * One random command against this resource (create, change, delete or restore something of `ids`, the
   * records created so far), for the rebuild test. Failing commands (e.g. on a deleted record) are fine.
   */
  randomStep(app: TestApp, token: string, random: () => number, ids: string[]): Promise<void>;
};

/**
 * The banks of the contacts the cases add (`create` by its seed, 0 to 99, and `randomStep`), which
 * no case tracks: a contact is only of a bank FDIC insures or one the user tracks, so a suite puts
 * them in the regulator mirror (`insureResourceBanks`) before creating any.
 */
const contactBankCerts = [...Array.from({ length: 100 }, (_, seed) => 2000 + seed), ...Array.from({ length: 6 }, (_, index) => 3000 + index)];
export const insureResourceBanks = (knex: Knex) => insureBanks(knex, contactBankCerts);

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
    resource: 'contacts',
    create: async (app, token, seed) =>
      created(await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 2000 + seed, name: `Contact ${seed}`, title: 'CFO', email: `c${seed}@bank.com` } })),
    change: { name: 'Changed by someone else', isHotLead: true },
    async randomStep(app, token, random, ids) {
      const action = ids.length === 0 ? 'add' : pick(random, ['add', 'add', 'edit', 'hot', 'bankHot', 'verify', 'delete', 'restore']);
      const bankId = 3000 + Math.floor(random() * 6); // shared with the banks case, so some contacts belong to tracked banks
      if (action === 'add') {
        const email = random() < 0.7 ? `person${ids.length}@bank${bankId}.com` : '';
        ids.push(await created(await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId, name: `Person ${ids.length}`, title: pick(random, ['CFO', 'CEO', 'CCO']), email, tags: ['Lead', ' lead '] } })));
        return;
      }
      const id = pick(random, ids);
      const put = (path: string, body: unknown) => app.request(`/api/data/contacts/${path}`, { method: 'PUT', token, body });
      if (action === 'edit') await put(id, { title: `Title ${Math.floor(random() * 100)}`, bankId, email: random() < 0.5 ? `new${Math.floor(random() * 100)}@bank.com` : undefined });
      if (action === 'hot') await put(`${id}/hot-lead`, { isHotLead: random() < 0.6 });
      if (action === 'bankHot') await put(`toggle-hot-lead/${bankId}`, { setAsHot: random() < 0.5 });
      if (action === 'verify') await put(`${id}/verification`, { result: pick(random, ['deliverable', 'risky', 'undeliverable', 'unknown', 'error']), score: Math.floor(random() * 101) });
      if (action === 'delete') await app.request(`/api/data/contacts/${id}`, { method: 'DELETE', token });
      if (action === 'restore') await app.request(`/api/data/contacts/${id}/restore`, { method: 'POST', token });
    },
  },
  {
    resource: 'tasks',
    create: async (app, token, seed) =>
      created(await app.request('/api/data/tasks', { method: 'POST', token, body: { text: `Task ${seed}`, dueDate: '2026-12-01', bankId: 1000 + seed } })),
    change: { text: 'Changed by someone else' },
    async randomStep(app, token, random, ids) {
      const action = ids.length === 0 ? 'create' : pick(random, ['create', 'create', 'edit', 'complete', 'reopen', 'delete', 'restore']);
      if (action === 'create') {
        const day = String(1 + Math.floor(random() * 28)).padStart(2, '0');
        ids.push(await created(await app.request('/api/data/tasks', { method: 'POST', token, body: { text: `Task ${ids.length}`, dueDate: `2027-01-${day}`, bankId: 100 + Math.floor(random() * 5) } })));
        return;
      }
      const id = pick(random, ids);
      if (action === 'edit') await app.request(`/api/data/tasks/${id}`, { method: 'PUT', token, body: { text: `Edited ${Math.floor(random() * 1000)}` } });
      if (action === 'complete' || action === 'reopen') await app.request(`/api/data/tasks/${id}/completion`, { method: 'PUT', token, body: { completed: action === 'complete' } });
      if (action === 'delete') await app.request(`/api/data/tasks/${id}`, { method: 'DELETE', token });
      if (action === 'restore') await app.request(`/api/data/tasks/${id}/restore`, { method: 'POST', token });
    },
  },
  {
    resource: 'banks',
    create: async (app, token, seed) =>
      created(await app.request('/api/data/banks', { method: 'POST', token, body: { cert: 2000 + seed, name: `Bank ${seed}`, city: 'Springfield', state: 'IL', assets: 1_000_000 * seed, roa: 1.1 } })),
    change: { notes: 'Changed by someone else', isTarget: false },
    async randomStep(app, token, random, ids) {
      const action = ids.length === 0 ? 'track' : pick(random, ['track', 'track', 'edit', 'notes', 'tags', 'untarget', 'linkedin', 'financials', 'untrack']);
      if (action === 'track') {
        // A small pool of certs, so banks get re-tracked, re-targeted and re-added after removal.
        const cert = 3000 + Math.floor(random() * 6);
        const response = await app.request('/api/data/banks', { method: 'POST', token, body: { cert, name: `Bank ${cert}`, assets: Math.floor(random() * 1e9), roa: Math.round(random() * 200) / 100 } });
        // clients tracking one bank at once may outlast the retries: the loser is told so, as it should be
        if (response.status === 409) return;
        const id = await created(response);
        if (!ids.includes(id)) ids.push(id);
        return;
      }
      const id = pick(random, ids);
      const put = (path: string, body: unknown) => app.request(`/api/data/banks/${id}${path}`, { method: 'PUT', token, body });
      if (action === 'edit') await put('', { city: pick(random, ['Springfield', 'Chicago']), nplRatio: Math.round(random() * 300) / 100, tags: ['Edited'] });
      if (action === 'notes') await put('/notes', { notes: `Note ${Math.floor(random() * 1000)}`, isTarget: random() < 0.7 });
      if (action === 'tags') await put('/tags', { tags: [pick(random, ['CRE', 'C&I', 'Q1']), pick(random, ['cre', 'Q2'])] });
      if (action === 'linkedin') await put('/linkedin-company-url', { linkedinCompanyUrl: random() < 0.7 ? `linkedin.com/company/bank-${id}` : '' });
      if (action === 'financials') await put('/financials', { thirtyNinetyPD: Math.floor(random() * 1e7), ninetyPlusPD: null });
      if (action === 'untarget') await app.request(`/api/data/banks/${id}`, { method: 'DELETE', token });
      if (action === 'untrack') await app.request(`/api/data/banks/${id}/tracking`, { method: 'DELETE', token });
    },
  },
  {
    resource: 'templates',
    create: async (app, token, seed) =>
      created(await app.request('/api/data/templates', { method: 'POST', token, body: { name: `Template ${seed}`, subject: 'Hello {{bankName}}', body: 'Hi {{contactName}},' } })),
    change: { name: 'Changed by someone else', isFavorite: true },
    async randomStep(app, token, random, ids) {
      const action = ids.length === 0 ? 'create' : pick(random, ['create', 'create', 'edit', 'favorite', 'delete', 'restore']);
      if (action === 'create') {
        const category = pick(random, ['introduction', 'follow-up', 'check-in', 'custom']);
        ids.push(await created(await app.request('/api/data/templates', { method: 'POST', token, body: { name: `Template ${ids.length}`, category, subject: `Subject ${ids.length}`, body: 'Hi,' } })));
        return;
      }
      const id = pick(random, ids);
      if (action === 'edit') await app.request(`/api/data/templates/${id}`, { method: 'PUT', token, body: { subject: `Edited ${Math.floor(random() * 1000)}`, category: pick(random, ['follow-up', 'custom']) } });
      if (action === 'favorite') await app.request(`/api/data/templates/${id}/favorite`, { method: 'PUT', token, body: { isFavorite: random() < 0.5 } });
      if (action === 'delete') await app.request(`/api/data/templates/${id}`, { method: 'DELETE', token });
      if (action === 'restore') await app.request(`/api/data/templates/${id}/restore`, { method: 'POST', token });
    },
  },
  {
    resource: 'workflows',
    create: async (app, token, seed) =>
      created(await app.request('/api/data/workflows', { method: 'POST', token, body: { name: `Workflow ${seed}`, steps: [{ day: 1, type: 'LinkedIn Visit' }] } })),
    change: { name: 'Changed by someone else', steps: [] },
    async randomStep(app, token, random, ids) {
      const action = ids.length === 0 ? 'create' : pick(random, ['create', 'create', 'rename', 'steps', 'delete', 'restore']);
      // Email steps need one of this user's templates: use whichever exist right now (maybe none).
      const randomSteps = async () => {
        const templateIds: string[] = ((await app.request('/api/data/templates?range=[0,9]', { token })).body ?? []).map((template: { id: string }) => template.id);
        const count = 1 + Math.floor(random() * 3);
        return Array.from({ length: count }, (_, index) =>
          templateIds.length && random() < 0.7 ? { day: 1 + index * 2, type: 'Email', templateId: pick(random, templateIds) } : { day: 1 + index * 2, type: 'LinkedIn Visit' },
        );
      };
      if (action === 'create') {
        const response = await app.request('/api/data/workflows', { method: 'POST', token, body: { name: `Workflow ${ids.length}`, steps: await randomSteps() } });
        // a template chosen may be deleted meanwhile by another client: the create is then refused, as it should be
        if (response.status === 400 && /choose one of your templates/.test(response.text)) return;
        ids.push(await created(response));
        return;
      }
      const id = pick(random, ids);
      if (action === 'rename') await app.request(`/api/data/workflows/${id}`, { method: 'PUT', token, body: { name: `Renamed ${Math.floor(random() * 1000)}` } });
      if (action === 'steps') await app.request(`/api/data/workflows/${id}`, { method: 'PUT', token, body: { steps: await randomSteps() } });
      if (action === 'delete') await app.request(`/api/data/workflows/${id}`, { method: 'DELETE', token });
      if (action === 'restore') await app.request(`/api/data/workflows/${id}/restore`, { method: 'POST', token });
    },
  },
  {
    resource: 'sent-emails',
    create: async (app, token, seed) =>
      created(await app.request('/api/data/sent-emails', { method: 'POST', token, body: { recipientEmail: `cfo${seed}@bank.example`, subject: `Hello ${seed}`, body: 'Hi,' } })),
    change: { subject: 'Changed by someone else' },
    deletable: false,
    async randomStep(app, token, random, ids) {
      // A log: recording is the only command there is.
      const day = String(1 + Math.floor(random() * 28)).padStart(2, '0');
      const bankId = random() < 0.5 ? 100 + Math.floor(random() * 5) : undefined;
      ids.push(await created(await app.request('/api/data/sent-emails', { method: 'POST', token, body: { recipientEmail: `lead${ids.length}@bank.example`, recipientName: `Lead ${ids.length}`, bankId, subject: `Subject ${ids.length}`, body: 'Hi,', sentAt: `2026-02-${day}T12:00:00Z` } })));
    },
  },
];
