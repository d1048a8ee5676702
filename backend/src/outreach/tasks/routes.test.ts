import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { describeWithDatabase } from '../../../../test/support/database.ts';
import { withOutreachApp, type TestApp } from '../../../../test/support/app.ts';
import { EventStoreDbDouble } from '../../../../test/doubles/eventstoredb-double.ts';
import { activitySearchWorker } from '../activity-search.ts';

// With EVENTSTORE_URL the same API runs over EventStoreDB (its protocol double) and async projections.
for (const eventStore of ['postgres', 'eventstoredb'] as const) describeWithDatabase(`tasks API (${eventStore} events)`, (context) => {
  let app: TestApp;
  let token: string;
  let otherToken: string;
  const double = new EventStoreDbDouble();
  withOutreachApp(context, (started) => ({ app, token, otherToken } = started), async () => ({
    config: { eventStoreUrl: eventStore === 'eventstoredb' ? (await double.start()).url : undefined },
  }));
  // After the app's own stop: the double outlives the app that reads from it.
  after(async () => double.stop());

  const create = (body: unknown, auth = token, headers: Record<string, string> = {}) =>
    app.request('/api/data/tasks', { method: 'POST', token: auth, body, headers });

  it('creates a task and answers it with an id, a version and an ETag', async () => {
    const response = await create({ text: 'Call the CFO', dueDate: '2026-12-01', bankId: 628 });
    expect(response.status).to.equal(201);
    expect(response.body).to.include({ text: 'Call the CFO', dueDate: '2026-12-01', bankId: 628, completed: false, version: 1 });
    expect(response.body.id).to.match(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('etag')).to.equal('W/"1"');
  });

  it('shows a created or changed task to the next read, never a 404 or the old version', async () => {
    const { token: reader } = await app.signUp('Reader');
    const created = await Promise.all(Array.from({ length: 5 }, (_, n) => create({ text: `Read me ${n}`, dueDate: '2026-12-01', bankId: 628 }, reader)));
    for (const { body } of created) {
      const read = await app.request(`/api/data/tasks/${body.id}`, { token: reader });
      expect(read.status).to.equal(200);
    }
    const { id } = created[0].body;
    const changed = await app.request(`/api/data/tasks/${id}`, { method: 'PUT', token: reader, body: { ...created[0].body, text: 'Read me again' } });
    expect(changed.status).to.equal(200);
    expect((await app.request(`/api/data/tasks/${id}`, { token: reader })).body).to.include({ text: 'Read me again', version: 2 });
  });

  it('rejects a task without a due date with 400 and names the field', async () => {
    const response = await create({ text: 'No date', bankId: 628 });
    expect(response.status).to.equal(400);
    expect(response.body.message).to.match(/dueDate: Due date is required/);
    expect(response.body.issues[0].path).to.equal('dueDate');
    // a cleared date input sends an empty date: it was left out, not written wrongly
    for (const dueDate of ['', '   ']) {
      const blank = await create({ text: 'Blank date', dueDate, bankId: 628 });
      expect(blank.status, JSON.stringify(dueDate)).to.equal(400);
      expect(blank.body.issues, JSON.stringify(dueDate)).to.deep.equal([{ path: 'dueDate', message: 'Due date is required.' }]);
    }
  });

  it('refuses a body that is not a JSON object with 400 saying so, not in the words of the schema library', async () => {
    for (const body of ['[]', '"Call the CFO"', '7', 'null']) {
      const response = await app.request('/api/data/tasks', { method: 'POST', token, body, headers: { 'content-type': 'application/json' } });
      expect(response.status, body).to.equal(400);
      expect(response.body.message, body).to.equal('The request body must be a JSON object.');
    }
  });

  it('rejects an empty description, a missing bank, an unknown field and a wrongly typed field with 400', async () => {
    expect((await create({ text: '   ', dueDate: '2026-12-01', bankId: 628 })).body.message).to.match(/Task description is required/);
    expect((await create({ text: 'x', dueDate: '2026-12-01' })).status).to.equal(400);
    expect((await create({ text: 'x', dueDate: '2026-12-01', bankId: 628, priority: 'high' })).body.message).to.match(/priority/);
    expect((await create({ text: 'x', dueDate: 'next tuesday', bankId: 628 })).body.message).to.match(/Due date must be a date/);
    const noSuchDay = await create({ text: 'x', dueDate: '2026-02-30', bankId: 628 });
    expect(noSuchDay.status).to.equal(400);
    expect(noSuchDay.body.issues).to.deep.equal([{ path: 'dueDate', message: 'Due date must be a date like 2026-12-31.' }]);
    // the limit written as people write numbers
    expect((await create({ text: 'x'.repeat(2001), dueDate: '2026-12-01', bankId: 628 })).body.issues).to.deep.equal([{ path: 'text', message: 'A task can be at most 2,000 characters.' }]);
  });

  it('refuses a bank written as an exponent, in hex or with spaces with 400 on the bank, and takes its digits as text', async () => {
    for (const bankId of ['1e3', '0x10', ' 12 ', '12.0', '-12']) {
      const refused = await create({ text: 'x', dueDate: '2026-12-01', bankId });
      expect(refused.status, bankId).to.equal(400);
      expect(refused.body.issues, bankId).to.deep.equal([{ path: 'bankId', message: 'Bank (cert) must be a number.' }]);
    }
    expect((await create({ text: 'x', dueDate: '2026-12-01', bankId: '' })).body.issues).to.deep.equal([{ path: 'bankId', message: 'Choose a bank.' }]);
    const taken = await create({ text: 'x', dueDate: '2026-12-01', bankId: '628' });
    expect(taken.status).to.equal(201);
    expect(taken.body.bankId).to.equal(628);
    // the lists below hold only their own tasks
    expect((await app.request(`/api/data/tasks/${taken.body.id}`, { method: 'DELETE', token })).status).to.equal(200);
  });

  it('lists only the signed-in user\'s tasks, with Content-Range, filters and sorting', async () => {
    await create({ text: 'Later', dueDate: '2027-01-15', bankId: 3511 });
    await create({ text: 'Theirs', dueDate: '2026-12-02', bankId: 628 }, otherToken);
    const all = await app.request('/api/data/tasks?sort=["dueDate","ASC"]&range=[0,9]', { token });
    expect(all.status).to.equal(200);
    expect(all.body.map((task: { text: string }) => task.text)).to.deep.equal(['Call the CFO', 'Later']);
    expect(all.headers.get('content-range')).to.equal('tasks 0-1/2');
    const forBank = await app.request(`/api/data/tasks?filter=${encodeURIComponent('{"bankId":3511}')}`, { token });
    expect(forBank.body.map((task: { text: string }) => task.text)).to.deep.equal(['Later']);
    const badSort = await app.request('/api/data/tasks?sort=["password","ASC"]', { token });
    expect(badSort.status).to.equal(400);
    expect(badSort.body.message).to.match(/Cannot sort by "password"/);
  });

  it('refuses a list parameter it cannot read with 400 naming the parameter or filter as sent, never the column behind it', async () => {
    const list = async (query: string) => (await app.request(`/api/data/tasks?${query}`, { token })).body.message;
    expect(await list('filter=notjson')).to.equal('Invalid list parameters: filter must be JSON');
    expect(await list(`filter=${encodeURIComponent('{"bankId":"abc"}')}`)).to.equal("bankId must be a whole number from 1 to 2147483647 (the bank's FDIC certificate number).");
    expect(await list(`filter=${encodeURIComponent('{"completed":"maybe"}')}`)).to.equal('Filter completed must be true or false.');
    expect(await list(`filter=${encodeURIComponent('{"dueAfter":"2026-02-30"}')}`)).to.equal('Filter dueAfter must be a date like 2026-12-31.');
  });

  it('refuses a due date in year 0000, past 9999 or missing from the calendar with 400, in a task and in the task and activity date filters', async () => {
    const impossible = ['0000-01-01', '2026-02-30', '10000-01-01'];
    const id = (await create({ text: 'Dated', dueDate: '2026-12-01', bankId: 628 })).body.id;
    for (const dueDate of impossible) {
      const created = await create({ text: 'x', dueDate, bankId: 628 });
      expect(created.status, dueDate).to.equal(400);
      expect(created.body.issues).to.deep.equal([{ path: 'dueDate', message: 'Due date must be a date like 2026-12-31.' }]);
      const edited = await app.request(`/api/data/tasks/${id}`, { method: 'PUT', token, body: { text: 'Dated', dueDate, bankId: 628 } });
      expect(edited.status, dueDate).to.equal(400);
      expect(edited.body.issues).to.deep.equal([{ path: 'dueDate', message: 'Due date must be a date like 2026-12-31.' }]);
    }
    const listed = async (path: string, filter: Record<string, unknown>) => app.request(`/api/data/${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`, { token });
    for (const day of impossible) {
      for (const key of ['dueAfter', 'dueBefore']) {
        const response = await listed('tasks', { [key]: day });
        expect(response.status, `${key} ${day}`).to.equal(400);
        expect(response.body.message).to.equal(`Filter ${key} must be a date like 2026-12-31.`);
      }
      expect((await listed('tasks', { overdue: day })).status, `overdue ${day}`).to.equal(400);
      for (const key of ['since', 'until']) {
        for (const bound of [day, `${day}T00:00:00Z`]) {
          const response = await listed('activity', { [key]: bound });
          expect(response.status, `${key} ${bound}`).to.equal(400);
          expect(response.body.message).to.equal(`${key} must be a date like 2026-12-31 or an ISO date-time.`);
        }
      }
    }
    expect((await listed('activity', { since: '0001-01-01', until: '9999-12-31T23:59:59Z' })).status).to.equal(200);
  });

  it('refuses a bank filter beyond a certificate number, 0 or negative with 400 on the filter, on every list that takes one', async () => {
    const message = "bankId must be a whole number from 1 to 2147483647 (the bank's FDIC certificate number).";
    for (const list of ['tasks', 'contacts', 'sent-emails', 'enrolments', 'activity']) {
      for (const bankId of ['99999999999', '0', '-5', '[628, 99999999999]', '"1e3"']) {
        const response = await app.request(`/api/data/${list}?filter=${encodeURIComponent(`{"bankId":${bankId}}`)}`, { token });
        expect(response.status, `${list} ${bankId}`).to.equal(400);
        expect(response.body.message).to.equal(message);
        expect(response.body.issues).to.deep.equal([{ path: 'filter.bankId', message }]);
      }
      expect((await app.request(`/api/data/${list}?filter=${encodeURIComponent('{"bankId":"628"}')}`, { token })).status, list).to.equal(200);
    }
  });

  it('refuses an unknown parameter of a list, the activity feed, its event types and a history with 400 naming it and the ones they take', async () => {
    const id = (await create({ text: 'Parameters', dueDate: '2026-12-01', bankId: 628 })).body.id;
    const refusal = async (path: string) => {
      const response = await app.request(path, { token });
      return { status: response.status, message: response.body.message };
    };
    const listed = "Unknown parameter 'since'. Use filter, range, sort.";
    expect(await refusal('/api/data/activity?since=2026-01-01')).to.deep.equal({ status: 400, message: `Invalid list parameters: ${listed}` });
    expect(await refusal('/api/data/tasks?since=2026-01-01&range=[0,9]')).to.deep.equal({ status: 400, message: `Invalid list parameters: ${listed}` });
    expect(await refusal('/api/data/activity/types?resource=tasks')).to.deep.equal({ status: 400, message: "Unknown parameter 'resource'. This address takes no parameters." });
    expect(await refusal(`/api/data/tasks/${id}/history?asOf=2026-01-01&resource=tasks`)).to.deep.equal({ status: 400, message: "Unknown parameters 'asOf', 'resource'. This address takes no parameters." });
    expect((await app.request(`/api/data/tasks/${id}/history`, { token })).status).to.equal(200);
  });

  it('tells the same total on every page: a full page, the short last one, and one past the end', async () => {
    const { token: pager } = await app.signUp('Pager');
    for (const day of ['01', '02', '03', '04', '05']) await create({ text: `Page ${day}`, dueDate: `2027-02-${day}`, bankId: 628 }, pager);
    const page = async (range: string) => (await app.request(`/api/data/tasks?sort=["dueDate","ASC"]&range=${range}`, { token: pager })).headers.get('content-range');
    expect(await page('[0,1]')).to.equal('tasks 0-1/5');
    expect(await page('[2,3]')).to.equal('tasks 2-3/5');
    expect(await page('[4,5]')).to.equal('tasks 4-4/5');
    expect(await page('[6,7]')).to.equal('tasks 6-6/5');
    expect(await page('[0,9]')).to.equal('tasks 0-4/5');
  });

  it('answers each page of a list read ahead in blocks as if read alone, and a changed record on a page read before the change', async () => {
    const { token: pager } = await app.signUp('Block pager');
    const ids: string[] = [];
    for (let day = 10; day <= 18; day += 1) ids.push((await create({ text: `Block ${day}`, dueDate: `2027-03-${day}`, bankId: 628 }, pager)).body.id);
    const page = async (range: string) => {
      const response = await app.request(`/api/data/tasks?sort=["dueDate","ASC"]&range=${range}`, { token: pager });
      return { range: response.headers.get('content-range'), texts: response.body.map((task: { text: string }) => task.text) };
    };
    expect(await page('[0,1]')).to.deep.equal({ range: 'tasks 0-1/9', texts: ['Block 10', 'Block 11'] });
    expect(await page('[4,5]')).to.deep.equal({ range: 'tasks 4-5/9', texts: ['Block 14', 'Block 15'] });
    expect(await page('[6,7]')).to.deep.equal({ range: 'tasks 6-7/9', texts: ['Block 16', 'Block 17'] });
    expect(await page('[8,9]')).to.deep.equal({ range: 'tasks 8-8/9', texts: ['Block 18'] });
    // A range that is not a whole page of its size is read as it is.
    expect(await page('[1,3]')).to.deep.equal({ range: 'tasks 1-3/9', texts: ['Block 11', 'Block 12', 'Block 13'] });
    const changed = await app.request(`/api/data/tasks/${ids[3]}`, { method: 'PUT', token: pager, body: { text: 'Block 13, moved on', dueDate: '2027-03-13', bankId: 628 } });
    expect(changed.status).to.equal(200);
    expect(await page('[2,3]')).to.deep.equal({ range: 'tasks 2-3/9', texts: ['Block 12', 'Block 13, moved on'] });
  });

  if (eventStore === 'postgres') {
    /** The statements `action` sends on connections from the app's pool (prepared ones bypass knex's query events). */
    async function statementsSentDuring(action: () => Promise<void>): Promise<string[]> {
      const statements: string[] = [];
      type Connection = { query: (...args: unknown[]) => unknown };
      const client = context.db.knex.client as { acquireConnection: () => Promise<Connection> };
      const acquire = client.acquireConnection;
      const watched = new Map<Connection, PropertyDescriptor | undefined>();
      client.acquireConnection = async function (this: unknown) {
        const connection = await acquire.call(this);
        if (!watched.has(connection)) {
          watched.set(connection, Object.getOwnPropertyDescriptor(connection, 'query'));
          const query = connection.query;
          connection.query = (...args: unknown[]) => {
            statements.push(typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: unknown }).text));
            return query.apply(connection, args);
          };
        }
        return connection;
      };
      try {
        await action();
      } finally {
        client.acquireConnection = acquire;
        for (const [connection, own] of watched) {
          if (own) Object.defineProperty(connection, 'query', own);
          else delete (connection as Partial<Connection>).query;
        }
      }
      return statements;
    }

    it('answers the pages after a later page just read from the block read with it, without a statement on the table', async () => {
      const { token: pager } = await app.signUp('Statement counter');
      for (let day = 10; day <= 19; day += 1) await create({ text: `Counted ${day}`, dueDate: `2027-04-${day}`, bankId: 628 }, pager);
      const page = (range: string) => app.request(`/api/data/tasks?sort=["dueDate","ASC"]&range=${range}`, { token: pager });
      expect((await page('[2,3]')).status).to.equal(200);
      const statements = await statementsSentDuring(async () => {
        for (const range of ['[4,5]', '[6,7]', '[8,9]']) expect((await page(range)).status).to.equal(200);
      });
      expect(statements.filter((sql) => /from "tasks"/.test(sql))).to.deep.equal([]);
    });

    it('reads a first page and the total of its filter in one statement, another sort of it without counting again, and a short search alone', async () => {
      const { token: counted } = await app.signUp('First page counter');
      for (let day = 10; day <= 14; day += 1) await create({ text: `First ${day}`, dueDate: `2027-05-${day}`, bankId: 628 }, counted);
      const firstPage = async (sort: string) => {
        const response = await app.request(`/api/data/tasks?sort=${sort}&range=[0,1]`, { token: counted });
        return { range: response.headers.get('content-range'), texts: response.body.map((task: { text: string }) => task.text) };
      };
      const onTasks = (statements: string[]) => statements.filter((sql) => /from "tasks"/.test(sql));
      const byDue = onTasks(
        await statementsSentDuring(async () => {
          expect(await firstPage('["dueDate","ASC"]')).to.deep.equal({ range: 'tasks 0-1/5', texts: ['First 10', 'First 11'] });
        }),
      );
      expect(byDue).to.have.length(1);
      expect(byDue[0]).to.match(/count\(\*\)/);
      const byText = onTasks(
        await statementsSentDuring(async () => {
          expect(await firstPage('["text","DESC"]')).to.deep.equal({ range: 'tasks 0-1/5', texts: ['First 14', 'First 13'] });
        }),
      );
      expect(byText).to.have.length(1);
      expect(byText[0]).to.not.match(/count\(\*\)/);
      // A search scans rows it does not keep: its short first page is its own total, with no count.
      const searched = onTasks(
        await statementsSentDuring(async () => {
          const response = await app.request(`/api/data/tasks?filter=${encodeURIComponent('{"q":"First 12"}')}&range=[0,1]`, { token: counted });
          expect(response.headers.get('content-range')).to.equal('tasks 0-0/1');
        }),
      );
      expect(searched).to.have.length(1);
      expect(searched[0]).to.not.match(/count\(\*\)/);
    });
  }

  it("answers 404 for another user's task and never lets them change or delete it", async () => {
    const mine = (await create({ text: 'Private', dueDate: '2026-12-03', bankId: 628 })).body;
    expect((await app.request(`/api/data/tasks/${mine.id}`, { token: otherToken })).status).to.equal(404);
    expect((await app.request(`/api/data/tasks/${mine.id}`, { method: 'PUT', token: otherToken, body: { text: 'Hijacked' } })).status).to.equal(404);
    expect((await app.request(`/api/data/tasks/${mine.id}`, { method: 'DELETE', token: otherToken })).status).to.equal(404);
    expect((await app.request(`/api/data/tasks/${mine.id}/history`, { token: otherToken })).status).to.equal(404);
    const still = await app.request(`/api/data/tasks/${mine.id}`, { token });
    expect(still.body).to.include({ text: 'Private', version: 1 });
  });

  it('updates from a whole react-admin record, appending events only for what changed', async () => {
    const task = (await create({ text: 'Draft', dueDate: '2026-12-04', bankId: 628 })).body;
    const updated = await app.request(`/api/data/tasks/${task.id}`, { method: 'PUT', token, body: { ...task, text: 'Final', completed: true } });
    expect(updated.status).to.equal(200);
    expect(updated.body).to.include({ text: 'Final', completed: true, version: 3 });
    const unchanged = await app.request(`/api/data/tasks/${task.id}`, { method: 'PUT', token, body: updated.body });
    expect(unchanged.body.version).to.equal(3);
    const history = await app.request(`/api/data/tasks/${task.id}/history`, { token });
    expect(history.body.map((entry: { type: string }) => entry.type)).to.deep.equal(['TaskCreated', 'TaskTextChanged', 'TaskCompleted']);
    expect(history.body[1]).to.include({ version: 2, source: 'api' });
    expect(history.body[1].changes.map(({ field, to }: { field: string; to: unknown }) => ({ field, to }))).to.deep.equal([{ field: 'text', to: 'Final' }]);
    expect(history.body[1].user.name).to.equal('Owner');
  });

  it('names the bank a task moved to in its History and the activity feed, by the cert only where the bank is not tracked', async () => {
    await app.request('/api/data/banks', { method: 'POST', token, body: { cert: 703, name: 'Harbor Savings' } });
    const task = (await create({ text: 'Moving', dueDate: '2026-12-04', bankId: 628 })).body;
    const moved = await app.request(`/api/data/tasks/${task.id}`, { method: 'PUT', token, body: { ...task, bankId: 703 } });
    await app.request(`/api/data/tasks/${task.id}`, { method: 'PUT', token, body: { ...moved.body, bankId: 704 } });
    const history = await app.request(`/api/data/tasks/${task.id}/history`, { token });
    expect(history.body.slice(1).map((entry: { summary: string }) => entry.summary)).to.deep.equal(['Moved task to Harbor Savings', 'Moved task to the bank with FDIC cert 704']);
    const activity = await app.request(`/api/data/activity?filter=${encodeURIComponent(JSON.stringify({ recordId: task.id }))}`, { token });
    expect(activity.body.slice(0, 2).map((row: { summary: string }) => row.summary)).to.deep.equal(['Moved task to the bank with FDIC cert 704', 'Moved task to Harbor Savings']);
  });

  it('completes and reopens through the explicit command route', async () => {
    const task = (await create({ text: 'Toggle me', dueDate: '2026-12-05', bankId: 628 })).body;
    const done = await app.request(`/api/data/tasks/${task.id}/completion`, { method: 'PUT', token, body: { completed: true } });
    expect(done.body.completed).to.equal(true);
    const open = await app.request(`/api/data/tasks/${task.id}/completion`, { method: 'PUT', token, body: { completed: false } });
    expect(open.body).to.include({ completed: false, version: 3 });
  });

  it('refuses a stale If-Match with 412 and applies a current one', async () => {
    const task = (await create({ text: 'Versioned', dueDate: '2026-12-06', bankId: 628 })).body;
    const stale = await app.request(`/api/data/tasks/${task.id}`, { method: 'PUT', token, body: { text: 'Mine' }, headers: { 'if-match': 'W/"7"' } });
    expect(stale.status).to.equal(412);
    const current = await app.request(`/api/data/tasks/${task.id}`, { method: 'PUT', token, body: { text: 'Mine' }, headers: { 'if-match': 'W/"1"' } });
    expect(current.status).to.equal(200);
  });

  it('appends once for a command sent twice with the same Idempotency-Key, and answers the same', async () => {
    const headers = { 'idempotency-key': 'create-once-1' };
    const first = await create({ text: 'Once', dueDate: '2026-12-07', bankId: 999 }, token, headers);
    const second = await create({ text: 'Once', dueDate: '2026-12-07', bankId: 999 }, token, headers);
    expect(second.status).to.equal(201);
    expect(second.body).to.deep.equal(first.body);
    expect(second.headers.get('idempotent-replayed')).to.equal('true');
    const list = await app.request(`/api/data/tasks?filter=${encodeURIComponent('{"bankId":999}')}`, { token });
    expect(list.body).to.have.length(1);
    const misuse = await create({ text: 'Different', dueDate: '2026-12-07', bankId: 999 }, token, headers);
    expect(misuse.status).to.equal(422);
  });

  it('makes a create sent again with its key once when the first was written but its answer failed (its key forgotten)', async () => {
    const { token: retrier, user } = await app.signUp('Retrier after a 503');
    const headers = { 'idempotency-key': 'written-then-503' };
    const task = { text: 'Written once', dueDate: '2026-12-07', bankId: 999 };
    const first = await create(task, retrier, headers);
    // A 5xx answer forgets its key: the client's retry runs the create again.
    await app.services.knex('idempotency_keys').where({ user_id: user.id }).delete();
    const retry = await create(task, retrier, headers);
    expect(retry.status).to.equal(201);
    expect(retry.body).to.deep.equal(first.body);
    expect(retry.headers.get('idempotent-replayed')).to.equal('true');
    expect((await app.request('/api/data/tasks', { token: retrier })).body).to.have.length(1);
    // Another user's create with the same key is a record of their own.
    const theirs = await create(task, otherToken, headers);
    expect(theirs.status).to.equal(201);
    expect(theirs.body.id).to.not.equal(first.body.id);
  });

  it('answers a retry that comes while the first request with its key still runs 409, marked so the client keeps the key', async () => {
    const { token: retrier, user } = await app.signUp('Retrier');
    const task = { text: 'Once', dueDate: '2026-12-07', bankId: 999 };
    // The first request claimed the key and has not answered yet (its answer was lost on the way, or it still runs).
    const fingerprint = createHash('sha256').update(`POST /api/data/tasks\n${JSON.stringify(task)}`).digest('hex');
    await app.services.knex('idempotency_keys').insert({ user_id: user.id, key: 'running-1', request_fingerprint: fingerprint });
    const retry = await create(task, retrier, { 'idempotency-key': 'running-1' });
    expect(retry.status).to.equal(409);
    expect(retry.body).to.include({ idempotencyKeyInUse: true });
  });

  it('deletes a task: gone from the list, its history kept, and activity records every change', async () => {
    const task = (await create({ text: 'Short-lived', dueDate: '2026-12-08', bankId: 628 })).body;
    const deleted = await app.request(`/api/data/tasks/${task.id}`, { method: 'DELETE', token });
    expect(deleted.status).to.equal(200);
    expect(deleted.body.id).to.equal(task.id);
    expect((await app.request(`/api/data/tasks/${task.id}`, { token })).status).to.equal(404);
    const history = await app.request(`/api/data/tasks/${task.id}/history`, { token });
    expect(history.body.map((entry: { type: string }) => entry.type)).to.deep.equal(['TaskCreated', 'TaskDeleted']);
    const activity = await app.request(`/api/data/activity?filter=${encodeURIComponent(JSON.stringify({ recordId: task.id }))}`, { token });
    expect(activity.body.map((row: { summary: string }) => row.summary)).to.deep.equal(['Deleted task', 'Created task "Short-lived" due Dec 8, 2026']);
    const theirs = await app.request(`/api/data/activity?filter=${encodeURIComponent(JSON.stringify({ recordId: task.id }))}`, { token: otherToken });
    expect(theirs.body).to.deep.equal([]);
  });

  it('restores a deleted task as it was, its Added date kept, with its history and activity showing the restore, for its owner alone', async () => {
    const task = (await create({ text: 'Back again', dueDate: '2026-12-09', bankId: 628, completed: true })).body;
    await app.request(`/api/data/tasks/${task.id}`, { method: 'DELETE', token });
    const restore = (auth: string, headers: Record<string, string> = {}) => app.request(`/api/data/tasks/${task.id}/restore`, { method: 'POST', token: auth, headers });
    expect((await restore(otherToken)).status).to.equal(404);
    expect((await restore(token, { 'If-Match': 'W/"1"' })).status).to.equal(412);
    const restored = await restore(token, { 'If-Match': 'W/"3"' });
    expect(restored.status).to.equal(200);
    expect(restored.body).to.include({ id: task.id, text: 'Back again', dueDate: '2026-12-09', bankId: 628, completed: true, completedAt: task.completedAt, createdAt: task.createdAt, version: 4 });
    expect(restored.headers.get('etag')).to.equal('W/"4"');
    expect((await app.request(`/api/data/tasks/${task.id}`, { token })).body).to.include({ text: 'Back again', completed: true });
    const again = await restore(token);
    expect(again.status).to.equal(409);
    expect(again.body.message).to.equal('This task is not deleted, so there is nothing to restore: it was restored already, or never deleted.');
    const history = await app.request(`/api/data/tasks/${task.id}/history`, { token });
    expect(history.body.map((entry: { type: string }) => entry.type)).to.deep.equal(['TaskCreated', 'TaskCompleted', 'TaskDeleted', 'TaskRestored']);
    const activity = await app.request(`/api/data/activity?filter=${encodeURIComponent(JSON.stringify({ recordId: task.id }))}`, { token });
    expect(activity.body[0].summary).to.equal('Restored task "Back again"');
    expect((await app.request('/api/data/tasks/00000000-0000-4000-8000-000000000000/restore', { method: 'POST', token })).status).to.equal(404);
    expect((await app.request('/api/data/tasks/not-an-id/restore', { method: 'POST', token })).status).to.equal(404);
  });

  it('pages a search of the activity feed newest first with its total, of its own user only, before and after the search index takes the rows in', async () => {
    const { token: searcher } = await app.signUp('Searcher');
    for (let index = 1; index <= 7; index += 1) await create({ text: `Visit Zanzibar ${index}`, dueDate: '2026-12-08', bankId: 628 }, searcher);
    await create({ text: 'Visit Lisbon', dueDate: '2026-12-08', bankId: 628 }, searcher);
    await create({ text: 'Visit Zanzibar, not mine', dueDate: '2026-12-08', bankId: 628 });
    const searched = async (range: [number, number], sort?: [string, string]) => {
      const query = new URLSearchParams({ filter: JSON.stringify({ q: 'zanzibar' }), range: JSON.stringify(range), ...(sort ? { sort: JSON.stringify(sort) } : {}) });
      const response = await app.request(`/api/data/activity?${query}`, { token: searcher });
      expect(response.status).to.equal(200);
      return { total: response.headers.get('content-range')!.split('/')[1], texts: response.body.map((row: { summary: string }) => /Zanzibar \d/.exec(row.summary)![0]) };
    };
    const everyPage = async (total: string) => {
      const pages = [await searched([0, 2]), await searched([3, 5]), await searched([6, 8])];
      expect(pages.map((page) => page.total)).to.deep.equal([total, total, total]);
      return pages.flatMap((page) => page.texts);
    };
    const newestFirst = ['Zanzibar 7', 'Zanzibar 6', 'Zanzibar 5', 'Zanzibar 4', 'Zanzibar 3', 'Zanzibar 2', 'Zanzibar 1'];
    expect(await everyPage('7')).to.deep.equal(newestFirst);
    // In position order the search is narrowed by the index, then sorted on the feed: the same rows.
    expect((await searched([0, 9], ['id', 'ASC'])).texts).to.deep.equal([...newestFirst].reverse());
    if (eventStore === 'postgres') await activitySearchWorker(context.db.knex, context.engine).drain();
    await create({ text: 'Visit Zanzibar 8', dueDate: '2026-12-08', bankId: 628 }, searcher);
    expect(await everyPage('8')).to.deep.equal(['Zanzibar 8', ...newestFirst]);
    expect(await searched([20, 22])).to.deep.equal({ total: '8', texts: [] });

    // Narrowed by the event's type, record type or time, on the index and on what was written since.
    const renamed = (await app.request('/api/data/activity?' + new URLSearchParams({ filter: JSON.stringify({ q: 'Zanzibar 1' }) }), { token: searcher })).body[0];
    const task = (await app.request(`/api/data/tasks/${renamed.recordId}`, { token: searcher })).body;
    await app.request(`/api/data/tasks/${task.id}`, { method: 'PUT', token: searcher, body: { ...task, text: 'Visit Zanzibar once more' } });
    const narrowed = async (filter: Record<string, unknown>) => {
      const response = await app.request(`/api/data/activity?${new URLSearchParams({ filter: JSON.stringify({ q: 'zanzibar', ...filter }) })}`, { token: searcher });
      expect(response.status).to.equal(200);
      return [response.headers.get('content-range')!.split('/')[1], ...response.body.map((row: { summary: string }) => row.summary)];
    };
    const expectNarrowed = async () => {
      expect(await narrowed({ type: 'TaskTextChanged' })).to.deep.equal(['1', 'Renamed task to "Visit Zanzibar once more"']);
      expect((await narrowed({ type: ['TaskCreated'], resource: 'tasks', source: 'api' }))[0]).to.equal('8');
      expect(await narrowed({ source: 'ui' })).to.deep.equal(['0']);
      expect(await narrowed({ since: '2999-01-01' })).to.deep.equal(['0']);
      expect((await narrowed({ until: '2999-01-01', resource: 'contacts' }))[0]).to.equal('0');
    };
    await expectNarrowed();
    if (eventStore === 'postgres') await activitySearchWorker(context.db.knex, context.engine).drain();
    await expectNarrowed();
  });

  it("counts the activity feed's total again after each write", async () => {
    const { token: counter } = await app.signUp('Counter');
    const total = async () => (await app.request('/api/data/activity', { token: counter })).headers.get('content-range');
    await create({ text: 'First', dueDate: '2026-12-08', bankId: 628 }, counter);
    expect(await total()).to.equal('activity 0-0/1');
    await create({ text: 'Second', dueDate: '2026-12-09', bankId: 628 }, counter);
    expect(await total()).to.equal('activity 0-1/2');
  });

  if (eventStore === 'eventstoredb') {
    it('answers 503 with a message to try again while EventStoreDB is down, still lists, and takes the task once it is back', async function () {
      this.timeout(20_000);
      const { token: user } = await app.signUp('Outage');
      const kept = (await create({ text: 'Before the outage', dueDate: '2026-12-10', bankId: 628 }, user)).body;
      await double.stop();
      try {
        const refused = await create({ text: 'During the outage', dueDate: '2026-12-11', bankId: 628 }, user);
        expect(refused.status).to.equal(503);
        expect(refused.body.message).to.equal('The event store is not reachable right now. Please try again in a moment.');
        expect(refused.headers.get('retry-after')).to.equal('1');
        expect((await app.request(`/api/data/tasks/${kept.id}/history`, { token: user })).status).to.equal(503);
        const listed = await app.request('/api/data/tasks', { token: user });
        expect(listed.status).to.equal(200);
        expect(listed.body.map((task: { text: string }) => task.text)).to.deep.equal(['Before the outage']);
      } finally {
        await double.start({ port: double.port });
      }
      // The client reconnects on its own; the first attempts may still find the channel backing off.
      let retried = await create({ text: 'During the outage', dueDate: '2026-12-11', bankId: 628 }, user);
      for (let attempt = 0; retried.status === 503 && attempt < 30; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        retried = await create({ text: 'During the outage', dueDate: '2026-12-11', bankId: 628 }, user);
      }
      expect(retried.status).to.equal(201);
      const texts = (await app.request('/api/data/tasks?sort=["dueDate","ASC"]', { token: user })).body.map((task: { text: string }) => task.text);
      expect(texts).to.deep.equal(['Before the outage', 'During the outage']);
    });
  }
});
