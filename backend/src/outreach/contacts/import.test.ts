import { expect } from 'chai';
import { BadRequestError } from '../../http/errors.ts';
import { banksByNameKey, detectDelimiter, mappingSchema, parseContactsCsv, planImport, suggestMapping } from './import.ts';

describe('contact import: the file delimiter', () => {
  it('takes the separator the header line uses most, outside quotes, and a comma otherwise', () => {
    expect(detectDelimiter('Name,Title,Email\nA;B,C,D')).to.equal(',');
    expect(detectDelimiter('"Name, full";Title;Email\n')).to.equal(';');
    expect(detectDelimiter('Name\tTitle\tBank, N.A.')).to.equal('\t');
    expect(detectDelimiter('Name')).to.equal(',');
    expect(detectDelimiter('Name;Title,Email')).to.equal(',');
  });
});

describe('contact import: reading the file', () => {
  it('passes over empty rows, a blank line or the ",,," a spreadsheet writes, and numbers the others as a spreadsheet shows them', () => {
    const parsed = parseContactsCsv('Full Name,Title,Email,,\r\nJane Doe,CFO,jane@alpha.com,,\r\n,,,,\r\n\r\nBob Roe,,bob@alpha.com,,\r\n,,,,\r\n\r\n');
    expect(parsed.rows).to.deep.equal([
      { row: 2, cells: ['Jane Doe', 'CFO', 'jane@alpha.com', '', ''] },
      { row: 5, cells: ['Bob Roe', '', 'bob@alpha.com', '', ''] },
    ]);
    expect(() => parseContactsCsv('Full Name,Title\n,\n\n')).to.throw('The file has no rows.');
  });

  it('says how many rows a file too long has, and what to do with it', () => {
    const tooLong = ['Full Name,Title', ...Array.from({ length: 50_001 }, (_, index) => `Person ${index},CFO`)].join('\n');
    expect(() => parseContactsCsv(tooLong))
      .to.throw(BadRequestError)
      .with.property('details')
      .that.deep.equals({ issues: [{ path: 'csv', message: 'This file has 50,001 rows and a file can have at most 50,000: split it into files of up to 50,000 rows and import each.' }] });
  });

  it('counts a quoted value over several lines as one row', () => {
    const parsed = parseContactsCsv('Full Name,Notes,Title\n"Doe, Jane","met at ""ABA""\nfollow up",CFO\nBob Roe,,CEO');
    expect(parsed.rows).to.deep.equal([
      { row: 2, cells: ['Doe, Jane', 'met at "ABA"\nfollow up', 'CFO'] },
      { row: 3, cells: ['Bob Roe', '', 'CEO'] },
    ]);
  });

  it('takes the delimiter from a first line "sep=;" that Excel reads and hides, the header being the line after it', () => {
    const parsed = parseContactsCsv('sep=;\r\nFull Name;Title;Bank\r\nJane Doe;CFO, Treasury;Alpha Bank\r\n');
    expect(parsed.columns).to.deep.equal(['Full Name', 'Title', 'Bank']);
    expect(parsed.rows).to.deep.equal([{ row: 2, cells: ['Jane Doe', 'CFO, Treasury', 'Alpha Bank'] }]);
  });

  it('names every column so that each can be chosen: a blank header by its place, a repeated one with a number', () => {
    expect(parseContactsCsv('Name,Email,Email,,Title\nJane,a@x.com,b@x.com,,CFO').columns).to.deep.equal(['Name', 'Email', 'Email (2)', 'Column 4', 'Title']);
  });
});

describe('contact import: the suggested mapping', () => {
  it('maps the headers CRM exports write, and a job title over a salutation', () => {
    const outlook = ['First Name', 'Middle Name', 'Last Name', 'Title', 'Company', 'Job Title', 'E-mail Address', 'E-mail Display Name'];
    expect(suggestMapping(outlook)).to.deep.equal({ firstName: 'First Name', lastName: 'Last Name', title: 'Job Title', email: 'E-mail Address', bankName: 'Company' });
    const hubspot = ['Record ID', 'First Name', 'Last Name', 'Email', 'Job Title', 'Company Name', 'LinkedIn Profile URL'];
    expect(suggestMapping(hubspot)).to.deep.equal({ firstName: 'First Name', lastName: 'Last Name', title: 'Job Title', email: 'Email', linkedinUrl: 'LinkedIn Profile URL', bankName: 'Company Name' });
    const salesforce = ['First Name', 'Last Name', 'Title', 'Account Name', 'Email'];
    expect(suggestMapping(salesforce)).to.include({ title: 'Title', bankName: 'Account Name' });
  });
});

describe('contact import: the plan', () => {
  const known = { banksByName: new Map([['alpha bank', [{ cert: 601, name: 'Alpha Bank' }]]]), bankNameByCert: new Map([[601, 'Alpha Bank']]), insuredBankNames: new Map<number, string>(), existingKeys: new Set<string>() };

  it('names a contact by its first and last names when the file has them apart, and by the full name where one is given', () => {
    const csv = parseContactsCsv('First Name,Last Name,Full Name,Title,Company\nJane,Doe,,CFO,Alpha Bank\nRaj,,,CEO,Alpha Bank\n,,Ann Lee,COO,Alpha Bank\n,,,CTO,Alpha Bank');
    const plan = planImport(csv, { firstName: 'First Name', lastName: 'Last Name', name: 'Full Name', title: 'Title', bankName: 'Company' }, known);
    expect(plan.contacts.map((contact) => contact.name)).to.deep.equal(['Jane Doe', 'Raj', 'Ann Lee']);
    expect(plan.errors).to.deep.equal([{ row: 5, field: 'name', message: 'Full name is required.' }]);
  });

  it('joins a name, title, bank or tag written over several lines of a quoted cell with single spaces', () => {
    const csv = parseContactsCsv('Full Name,Title,Company,Tags\n"Jane\r\nDoe","Chief Financial\n  Officer","Alpha\nBank","CRE;\nBoard\nMember"');
    const plan = planImport(csv, { name: 'Full Name', title: 'Title', bankName: 'Company', tags: 'Tags' }, known);
    expect(plan.errors).to.deep.equal([]);
    expect(plan.contacts.map(({ name, title, tags }) => ({ name, title, tags }))).to.deep.equal([{ name: 'Jane Doe', title: 'Chief Financial Officer', tags: ['CRE', 'Board Member'] }]);
  });

  it('asks for a full name or first and last names', () => {
    const columns = ['First Name', 'Last Name', 'Title', 'Company'];
    expect(mappingSchema(columns).safeParse({ firstName: 'First Name', lastName: 'Last Name', title: 'Title', bankName: 'Company' }).success).to.equal(true);
    const unnamed = mappingSchema(columns).safeParse({ title: 'Title', bankName: 'Company' });
    expect(unnamed.error?.issues.map((issue) => issue.message)).to.deep.equal(['Map a column to Full name, or columns to First name and Last name.']);
  });
});

describe('contact import: a bank named rather than given by cert', () => {
  const tracked = [
    { cert: 601, name: 'Alpha Bank, National Association' },
    { cert: 602, name: 'First Bank & Trust' },
    { cert: 603, name: 'First State Bank' },
    { cert: 604, name: 'FIRST STATE BANK' },
  ];
  const known = {
    banksByName: banksByNameKey(tracked),
    bankNameByCert: new Map(tracked.map((bank) => [bank.cert, bank.name])),
    insuredBankNames: new Map<number, string>(),
    existingKeys: new Set<string>(),
  };
  const mapping = { name: 'Name', title: 'Title', bankName: 'Company' };

  it('finds a tracked bank however a CRM spells its name, and records the name it is tracked by', () => {
    const csv = parseContactsCsv('Name,Title,Company\nJane Doe,CFO,"ALPHA BANK, N.A."\nRaj Patel,CEO,The Alpha Bank\nAnn Lee,COO,First Bank and Trust');
    const plan = planImport(csv, mapping, known);
    expect(plan.errors).to.deep.equal([]);
    expect(plan.contacts.map((contact) => [contact.name, contact.bankId, contact.bankName])).to.deep.equal([
      ['Jane Doe', 601, 'Alpha Bank, National Association'],
      ['Raj Patel', 601, 'Alpha Bank, National Association'],
      ['Ann Lee', 602, 'First Bank & Trust'],
    ]);
  });

  it("files a contact of an insured bank the user does not track under FDIC's name for it, and refuses a cert no bank has", () => {
    const csv = parseContactsCsv('Name,Title,Cert,Company\nJane Doe,CFO,90040,Stonebridge\nRaj Patel,CEO,601,Alpha\nAnn Lee,COO,12345678,Nobody Bank');
    const plan = planImport(csv, { name: 'Name', title: 'Title', bankId: 'Cert', bankName: 'Company' }, { ...known, insuredBankNames: new Map([[90040, 'Stonebridge Fen Savings Bank']]) });
    expect(plan.contacts.map((contact) => [contact.name, contact.bankId, contact.bankName])).to.deep.equal([
      ['Jane Doe', 90040, 'Stonebridge Fen Savings Bank'],
      ['Raj Patel', 601, 'Alpha Bank, National Association'],
    ]);
    expect(plan.errors).to.deep.equal([{ row: 4, field: 'bankId', message: 'No FDIC-insured bank has certificate 12345678.' }]);
  });

  it('does not guess between two tracked banks of one name, and asks for the cert', () => {
    const plan = planImport(parseContactsCsv('Name,Title,Company\nJane Doe,CFO,First State Bank'), mapping, known);
    expect(plan.contacts).to.deep.equal([]);
    expect(plan.errors).to.deep.equal([{ row: 2, field: 'bankName', message: '"First State Bank" is the name of 2 of your tracked banks (certs 603, 604); add a cert column to say which.' }]);
  });
});
