import { expect } from 'chai';
import { describeWithDatabase } from '../../../../test/support/database.ts';
import { withOutreachApp, type TestApp } from '../../../../test/support/app.ts';
import { importAcquisition, importActiveBanks } from '../../../../test/support/bank-changes.ts';
import { handleCommand } from '../../commands/handle-command.ts';
import { runWithContext, systemContext } from '../../context/request-context.ts';
import { targetDecider } from '../targets/decider.ts';
import { targetStreamId } from '../targets/events.ts';
import { insureBanks } from '../../../../test/support/insured-banks.ts';

const jane = { bankId: 628, name: 'Jane Doe', title: 'CFO', email: 'jane@firstexample.com', linkedinUrl: 'linkedin.com/in/janedoe', tags: [' CRE ', 'cre', 'Board', ''] };

describeWithDatabase('contacts API', (context) => {
  let app: TestApp;
  let token: string;
  let otherToken: string;
  withOutreachApp(context, (started) => ({ app, token, otherToken } = started));
  before(async () => {
    await app.request('/api/data/banks', { method: 'POST', token, body: { cert: 628, name: 'First Example Bank' } });
    // the banks other tests add contacts of without tracking them
    await insureBanks(context.db.knex, [3511, 4000, 4100, 4200, 4201, 4300, 4301, 4302, 5000, 6000, 7000, 7301, 7399, 7401, 7402, 8000, 9000, 9100, 9101, 9102]);
    await insureBanks(context.db.knex, [{ cert: 90040, name: 'Untracked Insured Bank' }]);
  });

  const add = (body: unknown, auth = token) => app.request('/api/data/contacts', { method: 'POST', token: auth, body });
  const put = (path: string, body: unknown, auth = token) => app.request(`/api/data/contacts/${path}`, { method: 'PUT', token: auth, body });
  const listFor = async (filter: Record<string, unknown>, auth = token) =>
    (await app.request(`/api/data/contacts?filter=${encodeURIComponent(JSON.stringify(filter))}`, { token: auth })).body;

  it("adds a contact with trimmed, de-duplicated tags and the tracked bank's name", async () => {
    const response = await add(jane);
    expect(response.status).to.equal(201);
    expect(response.body).to.include({
      bankId: 628,
      bankName: 'First Example Bank',
      name: 'Jane Doe',
      title: 'CFO',
      email: 'jane@firstexample.com',
      linkedinUrl: 'https://linkedin.com/in/janedoe',
      isHotLead: false,
      verification: null,
      version: 1,
    });
    expect(response.body.tags).to.deep.equal(['CRE', 'Board']);
    expect(response.body.id).to.match(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('etag')).to.equal('W/"1"');
  });

  it('takes the bank name from the body when given, and leaves email and LinkedIn optional', async () => {
    const response = await add({ bankId: 3511, bankName: 'Harbor Savings', name: 'Sam Lee', title: 'CEO', email: '', linkedinUrl: null });
    expect(response.status).to.equal(201);
    expect(response.body).to.include({ bankName: 'Harbor Savings', email: null, linkedinUrl: null });
    expect(response.body.tags).to.deep.equal([]);
  });

  it("refuses a bank FDIC does not insure and the user does not track, as an import does, and files a contact of an untracked bank under FDIC's name for it", async () => {
    const unknown = await add({ bankId: 12345678, name: 'Quinn Nobody', title: 'CFO' });
    expect(unknown.status).to.equal(400);
    expect(unknown.body.issues).to.deep.equal([{ path: 'bankId', message: 'No FDIC-insured bank has certificate 12345678.' }]);
    expect((await listFor({ q: 'Quinn Nobody' })).length).to.equal(0);

    const untracked = await add({ bankId: 90040, name: 'Una Tracked', title: 'CFO' });
    expect(untracked.status).to.equal(201);
    expect(untracked.body).to.include({ bankId: 90040, bankName: 'Untracked Insured Bank' });
    // moving a contact to a bank is checked the same way, and it then goes by that bank's name
    const movedAway = await put(untracked.body.id, { ...untracked.body, bankId: 12345678 });
    expect(movedAway.status).to.equal(400);
    expect(movedAway.body.issues).to.deep.equal([{ path: 'bankId', message: 'No FDIC-insured bank has certificate 12345678.' }]);
    const moved = await put(untracked.body.id, { ...untracked.body, bankId: 628, bankName: undefined });
    expect(moved.status).to.equal(200);
    expect(moved.body).to.include({ bankId: 628, bankName: 'First Example Bank' });
  });

  it('refuses each invalid field with 400 and a clear message', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...jane, name: '  ' }, 'name: Full name is required.'],
      [{ bankId: 628, title: 'CFO' }, 'name: Full name is required.'],
      [{ ...jane, title: '' }, 'title: Job title is required.'],
      [{ ...jane, email: 'jane-at-bank' }, 'email: Enter a valid email address, like name@bank.com.'],
      [{ ...jane, linkedinUrl: 'not a link' }, 'linkedinUrl: Enter a valid LinkedIn URL, like https://www.linkedin.com/in/name.'],
      [{ ...jane, bankId: undefined }, 'bankId: Choose a bank.'],
      [{ ...jane, bankId: 'First Example' }, 'bankId: Bank (cert) must be a number.'],
      [{ ...jane, isHotLead: 'yes' }, 'isHotLead: isHotLead must be true or false.'],
      [{ ...jane, email: null, verification: { result: 'deliverable', score: 90 } }, 'verification: Add an email address before recording its verification.'],
    ];
    for (const [body, message] of cases) {
      const response = await add(body);
      expect(response.status, message).to.equal(400);
      expect(response.body.message).to.equal(message);
    }
    expect((await add({ ...jane, tags: 'CRE' })).body.message).to.match(/^tags: /);
    expect((await add({ ...jane, source: 'Hunter' })).body.message).to.match(/source/);
  });

  it('answers every contact asked for by id without a range (the names of a page of Activity), not only the first 25', async () => {
    // a user of their own: the other tests count this user's contacts
    const { token: analyst } = await app.signUp('Many Names');
    await app.request('/api/data/banks', { method: 'POST', token: analyst, body: { cert: 4100, name: 'First Example Bank' } });
    const rows = Array.from({ length: 40 }, (_, index) => `Named ${index},Analyst,4100`);
    const imported = await app.request('/api/data/contacts/import', { method: 'POST', token: analyst, body: { csv: ['Name,Title,Cert', ...rows].join('\n'), mapping: { name: 'Name', title: 'Title', bankId: 'Cert' } } });
    expect(imported.body.imported).to.equal(40);
    const ids = (await app.request('/api/data/contacts?range=[0,49]', { token: analyst })).body.map((contact: { id: string }) => contact.id);
    expect(ids).to.have.length(40);
    const asked = await listFor({ id: ids }, analyst);
    expect(asked.map((contact: { id: string }) => contact.id)).to.have.members(ids);
  });

  it('refuses with 409, under Email, a second contact of a bank with the same address in any case, added or edited, while other banks and users may have it', async () => {
    const first = (await add({ bankId: 4200, name: 'José Núñez', title: 'CFO', email: 'jose.nunez@bank.example' })).body;
    const again = await add({ bankId: 4200, name: 'Jose Nunez', title: 'CFO', email: ' Jose.Nunez@Bank.Example ' });
    expect(again.status, again.text).to.equal(409);
    const message = 'José Núñez at this bank already has the address jose.nunez@bank.example: edit that contact instead of adding the person again.';
    expect(again.body.message).to.equal(message);
    expect(again.body.issues).to.deep.equal([{ path: 'email', message }]);
    expect((await listFor({ bankId: 4200 })).map((contact: { name: string }) => contact.name)).to.deep.equal(['José Núñez']);
    expect((await add({ bankId: 4201, name: 'Jose Nunez', title: 'CFO', email: 'jose.nunez@bank.example' })).status).to.equal(201);
    expect((await add({ bankId: 4200, name: 'Jose Nunez', title: 'CFO', email: 'jose.nunez@bank.example' }, otherToken)).status).to.equal(201);

    const other = (await add({ bankId: 4200, name: 'Ann Lee', title: 'COO', email: 'ann.lee@bank.example' })).body;
    const edited = await put(other.id, { ...other, email: 'JOSE.NUNEZ@bank.example' });
    expect(edited.status, edited.text).to.equal(409);
    // an edit adds nobody: the advice is to choose another address
    expect(edited.body.message).to.equal('José Núñez at this bank already has the address jose.nunez@bank.example: give this contact another address, or edit that contact instead.');
    const moved = await put(other.id, { ...other, bankId: 4200, email: 'ann.lee@bank.example', title: 'Chief Operating Officer' });
    expect(moved.status, moved.text).to.equal(200);
    // the contact keeps its own address when something else changes
    expect((await put(first.id, { ...first, email: 'Jose.Nunez@bank.example', title: 'Chief Financial Officer' })).status).to.equal(200);
  });

  describe('two writes of one address at the same moment', () => {
    const taken = (holder: { name: string; email: string }) =>
      `${holder.name} at this bank already has the address ${holder.email}: edit that contact instead of adding the person again.`;
    const withAddress = async (bankId: number, email: string, auth = token) =>
      (await listFor({ bankId }, auth)).filter((contact: { email: string | null }) => contact.email?.toLowerCase() === email.toLowerCase());
    /**
     * Runs `requests` with the event store's appends held until every request has reached its own:
     * each has read the contacts (and found the address free) before any is stored, as when two
     * requests come in the same instant.
     */
    const atOnce = async <T>(requests: Array<() => Promise<T>>): Promise<T[]> => {
      const store = app.services.eventStore;
      const { append, appendNewStreams } = store;
      // once all have reached theirs, a later append (an import written again) goes at once
      const held: Array<() => void> = [];
      const reached = () =>
        new Promise<void>((resolve) => {
          held.push(resolve);
          if (held.length >= requests.length) for (const release of held) release();
        });
      store.append = async (...args) => (await reached(), append.apply(store, args));
      store.appendNewStreams = async (...args) => (await reached(), appendNewStreams.apply(store, args));
      try {
        return await Promise.all(requests.map((request) => request()));
      } finally {
        Object.assign(store, { append, appendNewStreams });
      }
    };

    it('adds one of two contacts given one address at once, and refuses the other with 409 under Email', async () => {
      for (let round = 0; round < 6; round += 1) {
        const email = `rae.race${round}@bank.example`;
        const answers = await atOnce([
          () => add({ bankId: 4300, name: 'Rae Race', title: 'CFO', email }),
          () => add({ bankId: 4300, name: 'Ray Race', title: 'CFO', email: email.toUpperCase() }),
        ]);
        expect(answers.map((answer) => answer.status).sort(), answers.map((answer) => answer.text).join('\n')).to.deep.equal([201, 409]);
        const winner = answers.find((answer) => answer.status === 201)!.body;
        const refused = answers.find((answer) => answer.status === 409)!.body;
        expect(refused.message).to.equal(taken(winner));
        expect(refused.issues).to.deep.equal([{ path: 'email', message: taken(winner) }]);
        expect((await withAddress(4300, email)).map((contact: { id: string }) => contact.id)).to.deep.equal([winner.id]);
      }
    });

    it('gives an address to one of two contacts edited to it at once, and refuses the other with 409 under Email', async () => {
      for (let round = 0; round < 4; round += 1) {
        const email = `eda.edit${round}@bank.example`;
        const first = (await add({ bankId: 4301, name: 'Eda First', title: 'CFO', email: `first${round}@bank.example` })).body;
        const second = (await add({ bankId: 4301, name: 'Eli Second', title: 'CEO', email: null })).body;
        const answers = await atOnce([() => put(first.id, { ...first, email }), () => put(second.id, { ...second, email })]);
        expect(answers.map((answer) => answer.status).sort(), answers.map((answer) => answer.text).join('\n')).to.deep.equal([200, 409]);
        const winner = answers.find((answer) => answer.status === 200)!.body;
        expect(answers.find((answer) => answer.status === 409)!.body.message).to.equal(
          `${winner.name} at this bank already has the address ${winner.email}: give this contact another address, or edit that contact instead.`,
        );
        expect((await withAddress(4301, email)).map((contact: { id: string }) => contact.id)).to.deep.equal([winner.id]);
      }
    });

    it('lands one of an import and a contact added by hand with the same address at once: the import then skips its row as a duplicate', async () => {
      const { token: importer } = await app.signUp('Racing Importer');
      await app.request('/api/data/banks', { method: 'POST', token: importer, body: { cert: 4302, name: 'Racing Bank' } });
      for (let round = 0; round < 4; round += 1) {
        const email = `ida.import${round}@bank.example`;
        const csv = ['Name,Title,Cert,Email', `Ida Import,CFO,4302,${email}`, `Other ${round},CEO,4302,other${round}@bank.example`].join('\n');
        const [imported, added] = await atOnce([
          () => app.request('/api/data/contacts/import', { method: 'POST', token: importer, body: { csv, mapping: { name: 'Name', title: 'Title', bankId: 'Cert', email: 'Email' } } }),
          () => add({ bankId: 4302, name: 'Ida Hand', title: 'CFO', email: email.toUpperCase() }, importer),
        ]);
        expect(imported.status, imported.text).to.equal(200);
        expect([201, 409]).to.include(added.status);
        expect(imported.body).to.include(added.status === 201 ? { imported: 1, duplicates: 1 } : { imported: 2, duplicates: 0 });
        expect(await withAddress(4302, email, importer)).to.have.length(1);
      }
    });
  });

  it("lists only the user's contacts, newest first, filtered by bank, hot lead and text", async () => {
    await add({ ...jane, bankId: 4000, name: 'Ann Older', title: 'COO', email: 'ann@fourthousand.com' });
    await add({ ...jane, bankId: 4000, name: 'Bob Newer', title: 'Head of Treasury', email: null, isHotLead: true });
    await add({ ...jane, bankId: 4000, name: 'Not Mine' }, otherToken);
    const forBank = await app.request(`/api/data/contacts?filter=${encodeURIComponent('{"bankId":4000}')}&range=[0,9]`, { token });
    expect(forBank.body.map((contact: { name: string }) => contact.name)).to.deep.equal(['Bob Newer', 'Ann Older']);
    expect(forBank.headers.get('content-range')).to.equal('contacts 0-1/2');
    expect((await listFor({ bankId: 4000, isHotLead: true })).map((contact: { name: string }) => contact.name)).to.deep.equal(['Bob Newer']);
    expect((await listFor({ q: 'treasury' })).map((contact: { name: string }) => contact.name)).to.deep.equal(['Bob Newer']);
    expect((await listFor({ q: 'fourthousand' })).map((contact: { name: string }) => contact.name)).to.deep.equal(['Ann Older']);
    expect(await listFor({ q: 'Not Mine' })).to.deep.equal([]);
  });

  it('lists the contacts who replied, or those who did not, and refuses any other value with 400', async () => {
    const replied = (await add({ ...jane, bankId: 4100, name: 'Rita Replied' })).body;
    await add({ ...jane, bankId: 4100, name: 'Sam Silent', email: 'sam@firstexample.com' });
    expect((await put(`${replied.id}/replied`, {})).status).to.equal(200);
    expect((await listFor({ bankId: 4100, replied: true })).map((contact: { name: string }) => contact.name)).to.deep.equal(['Rita Replied']);
    expect((await listFor({ bankId: 4100, replied: false })).map((contact: { name: string }) => contact.name)).to.deep.equal(['Sam Silent']);
    const refused = await app.request(`/api/data/contacts?filter=${encodeURIComponent('{"replied":"maybe"}')}`, { token });
    expect(refused.status).to.equal(400);
  });

  it('lists the contacts an automation is going through, or those it is not, and refuses any other value with 400', async () => {
    const going = (await add({ ...jane, bankId: 628, name: 'Gil Going', email: 'gil@firstexample.com' })).body;
    const stopped = (await add({ ...jane, bankId: 628, name: 'Stu Stopped', email: 'stu@firstexample.com' })).body;
    await add({ ...jane, bankId: 628, name: 'Nia Never', email: 'nia@firstexample.com' });
    const workflow = (await app.request('/api/data/workflows', { method: 'POST', token, body: { name: 'Visits', steps: [{ day: 3, type: 'LinkedIn Visit' }] } })).body;
    const started = await app.request(`/api/data/workflows/${workflow.id}/enrolments`, { method: 'POST', token, body: { contactIds: [going.id, stopped.id] } });
    expect(started.status, started.text).to.equal(201);
    const stoppedEnrolment = started.body.enrolments.find((enrolment: { contactId: string }) => enrolment.contactId === stopped.id);
    expect((await app.request(`/api/data/enrolments/${stoppedEnrolment.id}/stop`, { method: 'PUT', token, body: {} })).status).to.equal(200);
    const names = async (inAutomation: boolean) => (await listFor({ bankId: 628, inAutomation })).map((contact: { name: string }) => contact.name);
    expect(await names(true)).to.deep.equal(['Gil Going']);
    expect(await names(false)).to.include.members(['Stu Stopped', 'Nia Never']).and.not.include('Gil Going');
    expect(await listFor({ bankId: 628, inAutomation: true }, otherToken)).to.deep.equal([]);
    const refused = await app.request(`/api/data/contacts?filter=${encodeURIComponent('{"inAutomation":"maybe"}')}`, { token });
    expect(refused.status).to.equal(400);
    expect(refused.body.message).to.equal('inAutomation must be true or false.');
  });

  it("says while a contact's address is on the user's Do Not Contact list, why and since when, whatever its case", async () => {
    const contact = (await add({ bankId: 628, name: 'Opted Out', title: 'COO', email: 'Opted.Out@FirstExample.com' })).body;
    expect(contact.doNotContact).to.equal(null);
    const suppressed = await app.request('/api/data/suppressions', { method: 'POST', token, body: { email: 'opted.out@firstexample.com' } });
    expect(suppressed.status).to.equal(201);
    const onList = { reason: 'manual', since: suppressed.body.createdAt };
    expect((await app.request(`/api/data/contacts/${contact.id}`, { token })).body.doNotContact).to.deep.equal(onList);
    const listed = await listFor({ q: 'Opted Out' });
    expect(listed.map((row: { doNotContact: unknown }) => row.doNotContact)).to.deep.equal([onList]);
    // Another user's list says nothing of this user's contacts.
    await app.request('/api/data/suppressions', { method: 'POST', token: otherToken, body: { email: 'jane@firstexample.com' } });
    expect((await listFor({ q: 'Jane Doe' })).every((row: { doNotContact: unknown }) => row.doNotContact === null)).to.equal(true);
    await app.request('/api/data/suppressions/opted.out%40firstexample.com', { method: 'DELETE', token });
    expect((await app.request(`/api/data/contacts/${contact.id}`, { token })).body.doNotContact).to.equal(null);
  });

  it('toggles hot lead per contact, and for every contact of a bank at once', async () => {
    const first = (await add({ ...jane, bankId: 5000, name: 'First' })).body;
    await add({ ...jane, bankId: 5000, name: 'Second', email: 'second@firstexample.com' });
    const theirs = (await add({ ...jane, bankId: 5000, name: 'Theirs' }, otherToken)).body;
    const one = await put(`${first.id}/hot-lead`, { isHotLead: true });
    expect(one.body).to.include({ isHotLead: true, version: 2 });
    expect((await put(`${first.id}/hot-lead`, { isHotLead: 'on' })).body.message).to.equal('isHotLead: isHotLead must be true or false.');

    const all = await put('toggle-hot-lead/5000', { setAsHot: true });
    expect(all.status).to.equal(200);
    expect(all.body.map((contact: { name: string; isHotLead: boolean }) => [contact.name, contact.isHotLead])).to.deep.equal([
      ['Second', true],
      ['First', true],
    ]);
    expect(all.body[1].version).to.equal(2); // already hot: nothing appended
    const cleared = await put('toggle-hot-lead/5000', { setAsHot: false });
    expect(cleared.body.every((contact: { isHotLead: boolean }) => !contact.isHotLead)).to.equal(true);
    expect((await app.request(`/api/data/contacts/${theirs.id}`, { token: otherToken })).body.isHotLead).to.equal(false);
    expect((await put('toggle-hot-lead/5000', {})).body.message).to.equal('setAsHot: setAsHot must be true or false.');
    expect((await put('toggle-hot-lead/99999', { setAsHot: true })).body).to.deep.equal([]);
  });

  it('records an email verification, and forgets it when the email changes', async () => {
    const contact = (await add({ ...jane, bankId: 6000 })).body;
    const verified = await put(`${contact.id}/verification`, { result: 'risky', score: 62 });
    expect(verified.status).to.equal(200);
    expect(verified.body.verification).to.include({ result: 'risky', score: 62 });
    const failed = await put(`${contact.id}/verification`, { result: 'error', score: 0 });
    expect(failed.body.verification).to.include({ result: 'error', score: 0 });
    expect((await put(`${contact.id}/verification`, { result: 'valid', score: 1 })).body.message).to.equal(
      'result: Verification result must be one of deliverable, risky, undeliverable, unknown or error.',
    );
    expect((await put(`${contact.id}/verification`, { result: 'risky', score: 101 })).body.message).to.equal(
      'score: Verification score must be a number from 0 to 100.',
    );
    const changed = await put(contact.id, { ...failed.body, email: 'jane.doe@firstexample.com' });
    expect(changed.body).to.include({ email: 'jane.doe@firstexample.com', verification: null });
    const noEmail = (await add({ ...jane, bankId: 6000, email: null })).body;
    const refused = await put(`${noEmail.id}/verification`, { result: 'unknown', score: null });
    expect(refused.status).to.equal(400);
    expect(refused.body.message).to.equal('This contact has no email address to verify.');
  });

  it('updates from a whole record, appending events only for what changed', async () => {
    const contact = (await add({ ...jane, bankId: 7000, email: 'jane.doe@firstexample.com' })).body;
    const updated = await put(contact.id, { ...contact, title: 'Chief Financial Officer', tags: ['Board', 'board ', 'Q1'], bankId: 628 });
    expect(updated.status).to.equal(200);
    expect(updated.body).to.include({ title: 'Chief Financial Officer', bankId: 628, bankName: 'First Example Bank', version: 4 });
    expect(updated.body.tags).to.deep.equal(['Board', 'Q1']);
    const unchanged = await put(contact.id, updated.body);
    expect(unchanged.body.version).to.equal(4);
    const history = await app.request(`/api/data/contacts/${contact.id}/history`, { token });
    expect(history.body.map((entry: { type: string }) => entry.type)).to.deep.equal([
      'ContactAdded',
      'ContactTitleChanged',
      'ContactTagsChanged',
      'ContactMovedToBank',
    ]);
    expect((await put(contact.id, { name: '' })).body.message).to.equal('name: Full name is required.');
    const stale = await app.request(`/api/data/contacts/${contact.id}`, { method: 'PUT', token, body: { title: 'x' }, headers: { 'if-match': 'W/"1"' } });
    expect(stale.status).to.equal(412);
  });

  it("answers 404 for another user's contact and never lets them change or delete it", async () => {
    const mine = (await add({ ...jane, bankId: 8000 })).body;
    expect((await app.request(`/api/data/contacts/${mine.id}`, { token: otherToken })).status).to.equal(404);
    expect((await put(mine.id, { name: 'Hijacked' }, otherToken)).status).to.equal(404);
    expect((await put(`${mine.id}/hot-lead`, { isHotLead: true }, otherToken)).status).to.equal(404);
    expect((await put(`${mine.id}/verification`, { result: 'risky', score: 1 }, otherToken)).status).to.equal(404);
    expect((await put('toggle-hot-lead/8000', { setAsHot: true }, otherToken)).body).to.deep.equal([]);
    expect((await app.request(`/api/data/contacts/${mine.id}`, { method: 'DELETE', token: otherToken })).status).to.equal(404);
    expect((await app.request(`/api/data/contacts/${mine.id}/history`, { token: otherToken })).status).to.equal(404);
    expect((await app.request(`/api/data/contacts/${mine.id}`, { token })).body).to.include({ name: 'Jane Doe', isHotLead: false, version: 1 });
  });

  it('deletes a contact: gone from lists, history kept, activity summarised', async () => {
    const contact = (await add({ ...jane, bankId: 9000 })).body;
    await put(`${contact.id}/hot-lead`, { isHotLead: true });
    const deleted = await app.request(`/api/data/contacts/${contact.id}`, { method: 'DELETE', token });
    expect(deleted.status).to.equal(200);
    expect(deleted.body.id).to.equal(contact.id);
    expect((await app.request(`/api/data/contacts/${contact.id}`, { token })).status).to.equal(404);
    expect(await listFor({ bankId: 9000 })).to.deep.equal([]);
    const activity = await app.request(`/api/data/activity?filter=${encodeURIComponent(JSON.stringify({ recordId: contact.id }))}`, { token });
    expect(activity.body.map((row: { summary: string }) => row.summary)).to.deep.equal([
      'Deleted contact',
      'Marked as a hot lead',
      'Added contact "Jane Doe", CFO at Insured Bank 9000',
    ]);
  });

  describe('restoring a deleted contact', () => {
    const restore = (id: string, auth = token) => app.request(`/api/data/contacts/${id}/restore`, { method: 'POST', token: auth });
    const remove = (id: string) => app.request(`/api/data/contacts/${id}`, { method: 'DELETE', token });

    it('brings it back with every field it had and its Added date, for its owner alone, and says so in its history and activity', async () => {
      const contact = (await add({ ...jane, bankId: 9100 })).body;
      await put(`${contact.id}/hot-lead`, { isHotLead: true });
      await app.request(`/api/data/contacts/${contact.id}/verification`, { method: 'PUT', token, body: { result: 'deliverable', score: 91 } });
      const before = (await app.request(`/api/data/contacts/${contact.id}`, { token })).body;
      await remove(contact.id);
      expect((await restore(contact.id, otherToken)).status).to.equal(404);
      const restored = await restore(contact.id);
      expect(restored.status, restored.text).to.equal(200);
      const { version: _before, updatedAt: _updated, ...fields } = before;
      expect(restored.body).to.deep.include({ ...fields, version: before.version + 2 });
      expect(fields.createdAt).to.be.a('string');
      expect((await listFor({ bankId: 9100 })).map((row: { id: string }) => row.id)).to.deep.equal([contact.id]);
      const history = await app.request(`/api/data/contacts/${contact.id}/history`, { token });
      expect(history.body.at(-1)).to.include({ type: 'ContactRestored', summary: 'Restored contact "Jane Doe"' });
      const again = await restore(contact.id);
      expect(again.status).to.equal(409);
      expect(again.body.message).to.equal('This contact is not deleted, so there is nothing to restore: it was restored already, or never deleted.');
    });

    it('refuses with 409, under Email, a contact whose address another contact of its bank was given since', async () => {
      const contact = (await add({ ...jane, bankId: 9101 })).body;
      await remove(contact.id);
      await add({ ...jane, bankId: 9101, name: 'Janet Doe' });
      const refused = await restore(contact.id);
      expect(refused.status).to.equal(409);
      const message = 'Janet Doe at this bank already has the address jane@firstexample.com: edit or delete that contact before restoring this one.';
      expect(refused.body.message).to.equal(message);
      expect(refused.body.issues).to.deep.equal([{ path: 'email', message }]);
      expect((await listFor({ bankId: 9101 })).map((row: { name: string }) => row.name)).to.deep.equal(['Janet Doe']);
    });

    it('refuses an erased contact with 409: its personal data cannot come back', async () => {
      const contact = (await add({ ...jane, bankId: 9102 })).body;
      await remove(contact.id);
      expect((await app.request(`/api/data/contacts/${contact.id}/erase`, { method: 'POST', token })).status).to.equal(200);
      const refused = await restore(contact.id);
      expect(refused.status).to.equal(409);
      expect(refused.body.message).to.match(/erased contact cannot be restored/);
    });
  });

  it("finds and sorts contacts by their bank's current name once it is renamed, and by the saved name where the bank is not tracked", async () => {
    const { token: own, user } = await app.signUp('Renamer');
    await app.request('/api/data/banks', { method: 'POST', token: own, body: { cert: 7301, name: 'Acme Savings' } });
    await add({ bankId: 7301, name: 'Ann Lee', title: 'CFO' }, own);
    await add({ bankId: 7399, bankName: 'Middle Bank', name: 'Mo Park', title: 'CEO' }, own);
    const names = async (query: string) => (await app.request(`/api/data/contacts?${query}`, { token: own })).body.map((row: { name: string }) => row.name);
    const byBank = `sort=${encodeURIComponent('["bankName","ASC"]')}`;
    expect(await names(byBank)).to.deep.equal(['Ann Lee', 'Mo Park']);

    // The regulator renames the bank, as a sync passes on to tracked banks.
    await runWithContext(systemContext({ userId: user.id, source: 'import' }), () =>
      handleCommand(app.services.eventStore, targetDecider, targetStreamId(user.id, 7301), { type: 'RefreshBankSnapshot', userId: user.id, details: { name: 'Zenith Bank' }, financials: {} }),
    );
    expect(await names(byBank)).to.deep.equal(['Mo Park', 'Ann Lee']);
    const search = (q: string) => names(`filter=${encodeURIComponent(JSON.stringify({ q }))}`);
    expect(await search('zenith')).to.deep.equal(['Ann Lee']);
    expect(await search('acme')).to.deep.equal([]);
    expect(await search('middle')).to.deep.equal(['Mo Park']);
    expect((await listFor({ q: 'zenith' }, own))[0].bankName).to.equal('Zenith Bank');
  });

  it('finds contacts by any part of one field, accents and case aside, one letter or a literal %, but never across two fields', async () => {
    const { token: own } = await app.signUp('Searcher');
    await add({ bankId: 7401, bankName: 'Örebro Savings', name: 'José Núñez', title: 'CFO', email: 'jose@orebro.example' }, own);
    await add({ bankId: 7402, bankName: 'Plain Bank', name: 'Pat Lane', title: '100% Treasurer', email: null }, own);
    const search = async (q: string) => (await listFor({ q }, own)).map((row: { name: string }) => row.name).sort();
    expect(await search('NUNEZ')).to.deep.equal(['José Núñez']);
    expect(await search('orebro sav')).to.deep.equal(['José Núñez']);
    expect(await search('z')).to.deep.equal(['José Núñez']);
    expect(await search('0% t')).to.deep.equal(['Pat Lane']);
    expect(await search('_')).to.deep.equal([]);
    // the end of the name and the start of the title are two fields
    expect(await search('núñez cfo')).to.deep.equal([]);
    expect(await search('lane 100')).to.deep.equal([]);
  });

  it("says of each contact whether their bank has since been acquired, so mail to them goes knowingly", async () => {
    const small = { cert: 8811, name: 'Small Town Bank' };
    const big = { cert: 8812, name: 'Big Bank' };
    await importActiveBanks(context.db.knex, [small, big]);
    const contact = (await add({ bankId: small.cert, bankName: small.name, name: 'Sam Teller', title: 'CEO', email: 'sam@smalltown.example' })).body;
    expect(contact.bankClosure).to.equal(null);

    await importAcquisition(context.db.knex, small, big);
    const acquired = { kind: 'acquired', date: '2026-06-15', acquirer: 'Big Bank' };
    expect((await app.request(`/api/data/contacts/${contact.id}`, { token })).body.bankClosure).to.deep.equal(acquired);
    expect((await listFor({ bankId: small.cert })).map((row: { bankClosure: unknown }) => row.bankClosure)).to.deep.equal([acquired]);
  });
});
