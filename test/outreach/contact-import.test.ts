import { expect } from 'chai';
import { startTestApp, type TestApp } from '../support/app.ts';
import { describeWithDatabase } from '../support/database.ts';
import { normaliseInstitution } from '../../backend/src/regulator/normalise/index.ts';
import { upsertInstitutions } from '../../backend/src/regulator/store.ts';

const csv = [
  'Full Name,Job Title,Email,Bank,Cert,Tags',
  'Jane Doe,CFO,jane@alpha.com,Alpha Bank,,CRE;Board',
  'Bob Roe,CEO,,Alpha Bank,,',
  'Ann Lee,COO,ann@beta.com,,602,',
  'Broken Row,,not-an-email,Alpha Bank,,',
  'Jane Doe again,CFO,JANE@alpha.com,Alpha Bank,,',
  'Stranger,CTO,s@x.com,Unknown Bank,,',
].join('\n');

describeWithDatabase('contact CSV import', (context) => {
  let app: TestApp;
  let token: string;
  before(async () => {
    app = await startTestApp(context.db);
    token = (await app.signUp('Owner')).token;
    await app.request('/api/data/banks', { method: 'POST', token, body: { cert: 601, name: 'Alpha Bank' } });
    // FDIC-insured banks the files name by cert without tracking them
    const insured = [[602, 'Beta Bank'], [603, 'Gamma Bank'], [604, 'Epsilon Bank']] as const;
    await upsertInstitutions(context.db.knex, insured.map(([cert, name]) => normaliseInstitution({ CERT: cert, NAME: name, STALP: 'OH', ACTIVE: 1, ASSET: 120_000 })));
  });
  after(async () => app.stop());

  const post = (step: string, body: unknown) => app.request(`/api/data/contacts/import${step}`, { method: 'POST', token, body });
  const mapping = { name: 'Full Name', title: 'Job Title', email: 'Email', bankName: 'Bank', bankId: 'Cert', tags: 'Tags' };

  it('previews the columns, the first rows and a suggested mapping', async () => {
    const response = await post('/preview', { csv });
    expect(response.status).to.equal(200);
    expect(response.body).to.include({ rowCount: 6 });
    expect(response.body.mapping).to.deep.equal(mapping);
    expect(response.body.sampleRows[0]).to.include({ 'Full Name': 'Jane Doe', Bank: 'Alpha Bank' });
  });

  it('reads a file separated by semicolons or tabs, as spreadsheets in many locales save them', async () => {
    for (const delimiter of [';', '\t']) {
      const separated = ['Full Name;Job Title;Email;Bank', 'Zoë Brandt;CFO, Treasury;zoe@alpha.com;Alpha Bank'].map((line) => line.replaceAll(';', delimiter)).join('\r\n');
      const response = await post('/preview', { csv: `\uFEFF${separated}` });
      expect(response.status, JSON.stringify(delimiter)).to.equal(200);
      expect(response.body.columns).to.deep.equal(['Full Name', 'Job Title', 'Email', 'Bank']);
      expect(response.body.sampleRows[0]).to.include({ 'Full Name': 'Zoë Brandt', 'Job Title': 'CFO, Treasury' });
    }
  });

  it('reads a quote inside an unquoted value as part of it, and says in words where a file cannot be read', async () => {
    const nickname = await post('/preview', { csv: 'Full Name,Bank\nRobert "Bob" Smith,Alpha Bank' });
    expect(nickname.status).to.equal(200);
    expect(nickname.body.sampleRows[0]).to.include({ 'Full Name': 'Robert "Bob" Smith' });
    const unclosed = await post('/preview', { csv: 'Full Name,Bank\n"Jane Doe,Alpha Bank\nRaj Patel,Alpha Bank' });
    expect(unclosed.status).to.equal(400);
    expect(unclosed.body.message).to.equal('The file is not a readable CSV: a quoted value is never closed (the file ends inside it).');
    const afterQuote = await post('/preview', { csv: 'Full Name,Bank\n"Jane" Doe,Alpha Bank' });
    expect(afterQuote.body.message).to.equal('The file is not a readable CSV: line 2 has text right after a closing quote; put the whole value in quotes, with any quote inside it doubled ("").');
  });

  it('dry-runs with per-row errors and duplicates, appending nothing', async () => {
    const response = await post('/dry-run', { csv, mapping });
    expect(response.body).to.include({ total: 6, valid: 3, duplicates: 1, invalid: 2 });
    // Rows as a spreadsheet numbers them: the header is row 1, 'Broken Row' row 5.
    expect(response.body.errors).to.deep.include({ row: 5, field: 'title', message: 'Job title is required.' });
    expect(response.body.errors.find((error: { row: number }) => error.row === 7).field).to.equal('bankName');
    expect((await app.request('/api/data/contacts', { token })).body).to.deep.equal([]);
  });

  it("refuses a row whose cert is no FDIC-insured bank's, in the dry run and the import, unless the bank is one the user tracks", async () => {
    const file = ['Full Name,Job Title,Cert', 'Nora Nowhere,CFO,99999', 'Tracked Tess,CEO,601', 'Insured Ivo,COO,602'].join('\n');
    const fileMapping = { name: 'Full Name', title: 'Job Title', bankId: 'Cert' };
    const unknownCert = { row: 2, field: 'bankId', message: 'No FDIC-insured bank has certificate 99999.' };
    const dryRun = await post('/dry-run', { csv: file, mapping: fileMapping });
    expect(dryRun.body).to.include({ total: 3, valid: 2, invalid: 1 });
    expect(dryRun.body.errors).to.deep.equal([unknownCert]);
    const refused = await post('', { csv: file, mapping: fileMapping });
    expect(refused.status).to.equal(400);
    expect(refused.body.errors).to.deep.equal([unknownCert]);
    expect((await app.request('/api/data/contacts?filter={"bankId":99999}', { token })).body).to.deep.equal([]);
  });

  it('refuses to import a file with invalid rows unless told to skip them, and names missing mappings', async () => {
    expect((await post('', { csv, mapping })).status).to.equal(400);
    const unmapped = await post('/dry-run', { csv, mapping: { email: 'Email', bankId: 'Nope' } });
    expect(unmapped.status).to.equal(400);
    expect(unmapped.body.issues).to.deep.include({ path: 'mapping.name', message: 'Map a column to Full name, or columns to First name and Last name.' });
    expect(unmapped.body.issues).to.deep.include({ path: 'mapping.bankId', message: 'This column is not in the file.' });
    expect((await post('/preview', { csv: 'only,a,header' })).body.message).to.equal('The file has no rows.');
  });

  it('imports one event per contact under one correlation id, and adds nothing when the same file comes again', async () => {
    const first = await post('', { csv, mapping, skipInvalid: true });
    expect(first.status).to.equal(200);
    expect(first.body).to.include({ imported: 3, duplicates: 1, invalid: 2 });
    const contacts = (await app.request('/api/data/contacts?sort=["name","ASC"]', { token })).body;
    expect(contacts.map((contact: { name: string }) => contact.name)).to.deep.equal(['Ann Lee', 'Bob Roe', 'Jane Doe']);
    expect(contacts[2]).to.include({ bankId: 601, bankName: 'Alpha Bank', email: 'jane@alpha.com' });
    expect(contacts[2].tags).to.deep.equal(['CRE', 'Board']);
    const activity = (await app.request(`/api/data/activity?filter=${encodeURIComponent(JSON.stringify({ correlationId: first.body.correlationId }))}`, { token })).body;
    expect(activity).to.have.length(3);
    expect(activity.every((row: { type: string; source: string }) => row.type === 'ContactAdded' && row.source === 'import')).to.equal(true);
    const again = await post('', { csv, mapping, skipInvalid: true });
    expect(again.body).to.include({ imported: 0, duplicates: 4 });
    expect((await app.request('/api/data/contacts', { token })).body).to.have.length(3);
  });

  it('imports a large file in one batch, every contact listed with its activity row', async () => {
    const rows = Array.from({ length: 250 }, (_, index) => `Person ${index},Analyst,p${index}@gamma.com,,603,`);
    const response = await post('', { csv: ['Full Name,Job Title,Email,Bank,Cert,Tags', ...rows].join('\n'), mapping });
    expect(response.body).to.include({ imported: 250, duplicates: 0, invalid: 0 });
    const listed = await app.request(`/api/data/contacts?filter=${encodeURIComponent(JSON.stringify({ bankId: 603 }))}&range=[0,0]`, { token });
    expect(listed.headers.get('content-range')).to.equal('contacts 0-0/250');
    const activity = await app.request(`/api/data/activity?filter=${encodeURIComponent(JSON.stringify({ correlationId: response.body.correlationId }))}&range=[0,0]`, { token });
    expect(activity.headers.get('content-range')).to.equal('activity 0-0/250');
  });

  it('records the tracked bank\'s name on a contact whose row names its bank by cert alone, so reports and the history name the bank', async () => {
    await app.request('/api/data/banks', { method: 'POST', token, body: { cert: 605, name: 'Delta Savings' } });
    const imported = await post('', { csv: ['Name,Title,Cert', 'Lea Park,CFO,605'].join('\n'), mapping: { name: 'Name', title: 'Title', bankId: 'Cert' } });
    expect(imported.body).to.include({ imported: 1 });
    const report = (await app.request('/api/reports/contacts', { token })).body;
    expect(report.rows.find((row: { name: string }) => row.name === 'Lea Park')).to.include({ bankId: 605, bankName: 'Delta Savings' });
    const activity = (await app.request(`/api/data/activity?filter=${encodeURIComponent(JSON.stringify({ correlationId: imported.body.correlationId }))}`, { token })).body;
    expect(activity[0].summary).to.equal('Added contact "Lea Park", CFO at Delta Savings');
  });

  it('finds a tracked bank by a name spelled as a CRM spells it, records its tracked name, and asks for a cert where two tracked banks share the name', async () => {
    for (const [cert, name] of [[607, 'Gamma Bank, National Association'], [608, 'Twin State Bank'], [609, 'Twin State Bank']] as const) {
      await app.request('/api/data/banks', { method: 'POST', token, body: { cert, name } });
    }
    const file = ['Name,Title,Email,Company', 'Nia Okafor,CFO,nia@gamma.com,"GAMMA BANK, N.A."', 'Omar Haddad,CEO,omar@twin.com,Twin State Bank'].join('\n');
    const imported = await post('', { csv: file, mapping: { name: 'Name', title: 'Title', email: 'Email', bankName: 'Company' }, skipInvalid: true });
    expect(imported.body).to.include({ imported: 1, invalid: 1 });
    expect(imported.body.errors).to.deep.equal([{ row: 3, field: 'bankName', message: '"Twin State Bank" is the name of 2 of your tracked banks (certs 608, 609); add a cert column to say which.' }]);
    const contacts = (await app.request(`/api/data/contacts?filter=${encodeURIComponent(JSON.stringify({ bankId: 607 }))}`, { token })).body;
    expect(contacts.map((contact: { name: string; bankName: string }) => [contact.name, contact.bankName])).to.deep.equal([['Nia Okafor', 'Gamma Bank, National Association']]);
  });

  it('imports a Hot lead column: a yes or a mark makes a hot lead, an empty cell or a no does not, anything else is a row error', async () => {
    const file = ['Name,Title,Cert,Hot', 'Hana Ito,CFO,604,Yes', 'Ivo Lind,COO,604,', 'Jon Meier,CEO,604,x', 'Kai Noor,CTO,604,maybe'].join('\n');
    expect((await post('/preview', { csv: file })).body.mapping).to.include({ isHotLead: 'Hot' });
    const hotMapping = { name: 'Name', title: 'Title', bankId: 'Cert', isHotLead: 'Hot' };
    const checked = await post('/dry-run', { csv: file, mapping: hotMapping });
    expect(checked.body.errors).to.deep.equal([{ row: 5, field: 'isHotLead', message: 'Hot lead must be yes or no (or x, true, 1), not "maybe".' }]);
    expect((await post('', { csv: file, mapping: hotMapping, skipInvalid: true })).body).to.include({ imported: 3 });
    const contacts = (await app.request(`/api/data/contacts?filter=${encodeURIComponent(JSON.stringify({ bankId: 604 }))}&sort=["name","ASC"]`, { token })).body;
    expect(contacts.map((contact: { name: string; isHotLead: boolean }) => [contact.name, contact.isHotLead])).to.deep.equal([
      ['Hana Ito', true],
      ['Ivo Lind', false],
      ['Jon Meier', true],
    ]);
  });
});
