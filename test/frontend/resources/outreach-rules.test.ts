import { expect } from 'chai';
import { contactPayload, validateContactDraft } from '../../../frontend/src/resources/contacts/form.ts';
import { decodeCsvFile, missingRequired, requiredNow } from '../../../frontend/src/resources/contacts/importApi.ts';
import { linkedinPeopleSearchUrl, websiteHref } from '../../../frontend/src/resources/contacts/links.ts';
import { domainEdited, domainSearchFailedText, domainSuggestion, hasPeopleNotAdded, isAlreadyAdded, mergeSearchResults } from '../../../frontend/src/resources/contacts/search-results.ts';
import { verificationLook, verificationTooltip } from '../../../frontend/src/resources/contacts/verification.ts';
import { changesSince, displayValue, mineOverLatest } from '../../../frontend/src/resources/shared/conflict.ts';
import { csvFile, toCsv } from '../../../frontend/src/resources/shared/csv.ts';
import { changesOf } from '../../../frontend/src/resources/shared/history.ts';
import { labelOf } from '../../../frontend/src/resources/shared/labels.ts';
import { addDays, dueBadge, daysUntil } from '../../../frontend/src/resources/tasks/due.ts';
import { avatarsOf, initialsOf } from '../../../frontend/src/resources/targets/avatars.ts';
import { needsKeyFinancials } from '../../../frontend/src/resources/targets/keyFinancials.ts';
import { inTimeZone } from '../../support/time-zone.ts';

describe('contact search results', () => {
  it('merges both searches by lowercase email and marks people found by both as Both', () => {
    const merged = mergeSearchResults(
      [{ name: 'Jane Doe', title: '', email: 'Jane@Bank.com' }, { name: 'Ann Lee', title: 'CFO', email: 'ann@bank.com' }],
      [{ name: 'Jane Doe', title: 'Chief Executive Officer', email: 'jane@bank.com', linkedinUrl: 'https://linkedin.com/in/jane' }, { name: 'Bo Li', title: 'COO', email: 'bo@bank.com' }],
    );
    expect(merged.withEmail.map((person) => [person.email, person.source])).to.deep.equal([
      ['Jane@Bank.com', 'Both'],
      ['ann@bank.com', 'Hunter'],
      ['bo@bank.com', 'Gemini'],
    ]);
    expect(merged.withEmail[0].title).to.equal('Chief Executive Officer');
    expect(merged.withEmail[0].linkedinUrl).to.equal('https://linkedin.com/in/jane');
  });

  it('keeps people without an email apart, never merged with one another', () => {
    const merged = mergeSearchResults([{ name: 'No Mail', email: '' }], [{ name: 'No Mail', email: null }, { name: 'Also None' }]);
    expect(merged.withEmail).to.deep.equal([]);
    expect(merged.withoutEmail.map((person) => [person.name, person.source])).to.deep.equal([
      ['No Mail', 'Hunter'],
      ['No Mail', 'Gemini'],
      ['Also None', 'Gemini'],
    ]);
  });

  it('says Added for an email the bank already has, whatever its case', () => {
    expect(isAlreadyAdded('JANE@bank.com', ['jane@BANK.com'])).to.equal(true);
    expect(isAlreadyAdded('jane@bank.com', [null, 'ann@bank.com'])).to.equal(false);
    expect(isAlreadyAdded(null, ['jane@bank.com'])).to.equal(false);
  });

  it('holds people found but not added (closing asks then), and nothing once every one is added or nothing was found', () => {
    const found = mergeSearchResults([{ name: 'Jane Doe', title: 'CEO', email: 'jane@bank.com' }], []);
    expect(hasPeopleNotAdded(null, [])).to.equal(false);
    expect(hasPeopleNotAdded({ withEmail: [], withoutEmail: [] }, [])).to.equal(false);
    expect(hasPeopleNotAdded(found, ['ann@bank.com'])).to.equal(true);
    expect(hasPeopleNotAdded(found, ['JANE@bank.com'])).to.equal(false);
    expect(hasPeopleNotAdded(mergeSearchResults([], [{ name: 'No Mail', title: 'CFO' }]), [])).to.equal(true);
  });

  it('counts another domain typed than the one filled in or searched as a change, the same one written as an address not', () => {
    expect(domainEdited('alpha-bank.example', 'alpha-bank.example')).to.equal(false);
    expect(domainEdited('https://www.alpha-bank.example/', 'alpha-bank.example')).to.equal(false);
    expect(domainEdited('beta-bank.example', 'alpha-bank.example')).to.equal(true);
    expect(domainEdited('beta', '')).to.equal(true);
    expect(domainEdited('', 'alpha-bank.example')).to.equal(true);
    expect(domainEdited('  ', '')).to.equal(false);
  });

  it("weighs the AI's domain against the field: a different one replaces it, the same one confirms it, none leaves it", () => {
    expect(domainSuggestion('oldbank.com', 'https://www.newbank.com/')).to.deep.equal({ domain: 'newbank.com', outcome: 'updated', text: 'AI suggested an updated domain.' });
    expect(domainSuggestion('https://www.firstbank.com', 'firstbank.com')).to.deep.equal({ domain: 'https://www.firstbank.com', outcome: 'confirmed', text: 'Current domain confirmed by AI.' });
    expect(domainSuggestion('firstbank.com', null)).to.deep.equal({ domain: 'firstbank.com', outcome: 'none', text: 'AI could not find a different domain.' });
    expect(domainSuggestion('', 'firstbank.com').outcome).to.equal('updated');
  });

  it("words a failed domain search as 'AI domain search failed: {reason}.', whether or not the server's message has the prefix", () => {
    expect(domainSearchFailedText('AI domain search failed: the model timed out')).to.equal('AI domain search failed: the model timed out.');
    expect(domainSearchFailedText('Network error.')).to.equal('AI domain search failed: Network error.');
  });
});

describe('contact form rules', () => {
  const draft = { bankId: 628, name: 'Jane', title: 'CFO', email: '', linkedinUrl: '', tags: [] };

  it('requires full name and job title, and a bank only when the user picks one', () => {
    expect(validateContactDraft({ ...draft, name: ' ', title: '' }, { bankRequired: false })).to.deep.equal({
      name: 'Full name is required.',
      title: 'Job title is required.',
    });
    expect(validateContactDraft({ ...draft, bankId: null }, { bankRequired: true }).bankId).to.equal('Choose a bank.');
    expect(validateContactDraft({ ...draft, bankId: null }, { bankRequired: false }).bankId).to.equal(undefined);
  });

  it('accepts an empty email and LinkedIn URL but refuses malformed ones', () => {
    expect(validateContactDraft(draft, { bankRequired: true })).to.deep.equal({});
    const errors = validateContactDraft({ ...draft, email: 'jane@', linkedinUrl: 'not a url' }, { bankRequired: true });
    expect(errors.email).to.match(/valid email/);
    expect(errors.linkedinUrl).to.match(/valid LinkedIn URL/);
    expect(validateContactDraft({ ...draft, linkedinUrl: 'linkedin.com/in/jane' }, { bankRequired: true })).to.deep.equal({});
  });

  it('sends trimmed text, blanks as null, a scheme on the LinkedIn URL and tags without duplicates', () => {
    expect(contactPayload({ ...draft, name: ' Jane ', linkedinUrl: 'linkedin.com/in/jane', tags: [' cfo', 'CFO', '', 'board '] }, 'Bank')).to.deep.equal({
      bankId: 628,
      bankName: 'Bank',
      name: 'Jane',
      title: 'CFO',
      email: null,
      linkedinUrl: 'https://linkedin.com/in/jane',
      tags: ['cfo', 'board'],
    });
  });
});

describe('contact links and email checks', () => {
  it('prepends https:// to a website without scheme and has no link without a website', () => {
    expect(websiteHref('bank.com')).to.equal('https://bank.com');
    expect(websiteHref('http://bank.com')).to.equal('http://bank.com');
    expect(websiteHref('  ')).to.equal(null);
  });

  it('searches LinkedIn people by contact and bank name when there is no profile', () => {
    expect(linkedinPeopleSearchUrl('Jane Doe', 'First Bank & Trust')).to.equal('https://www.linkedin.com/search/results/people/?keywords=Jane%20Doe%20First%20Bank%20%26%20Trust');
  });

  it('shows deliverable green, risky yellow, undeliverable red and anything else as Unknown status', () => {
    expect(verificationLook({ result: 'deliverable', score: 97 }).color).to.equal('success');
    expect(verificationLook({ result: 'risky', score: 50 }).color).to.equal('warning');
    expect(verificationLook({ result: 'undeliverable', score: 3 }).color).to.equal('error');
    expect(verificationLook({ result: 'error', score: 0 }).label).to.equal('Unknown status');
    expect(verificationTooltip({ result: 'deliverable', score: 97 })).to.contain('score 97');
  });
});

describe('task due dates', () => {
  it('moves calendar dates by whole days across month and year ends', () => {
    expect(addDays('2026-12-28', 7)).to.equal('2027-01-04');
    expect(addDays('2026-03-01', -1)).to.equal('2026-02-28');
    expect(daysUntil('2026-11-20', '2026-11-25')).to.equal(-5);
  });

  it('badges overdue, today, tomorrow, the coming week and later; a completed task only shows its date', () => {
    const today = '2026-11-25';
    expect(dueBadge('2026-11-20', false, today)).to.deep.equal({ label: 'Overdue · Nov 20, 2026', tone: 'overdue' });
    expect(dueBadge('2026-11-25', false, today).tone).to.equal('today');
    expect(dueBadge('2026-11-26', false, today).label).to.equal('Due tomorrow');
    expect(dueBadge('2026-12-02', false, today).tone).to.equal('soon');
    expect(dueBadge('2026-12-03', false, today).tone).to.equal('later');
    expect(dueBadge('2026-11-20', true, today)).to.deep.equal({ label: 'Nov 20, 2026', tone: 'done' });
  });
});

describe('targets', () => {
  it('looks up key financials only when the snapshot never had them', () => {
    expect(needsKeyFinancials({})).to.equal(true);
    expect(needsKeyFinancials({ thirtyNinetyPD: null })).to.equal(false);
    expect(needsKeyFinancials({ thirtyNinetyPD: 12_000 })).to.equal(false);
  });

  it('draws at most five avatars and counts the rest', () => {
    expect(avatarsOf([1, 2, 3, 4, 5, 6, 7])).to.deep.equal({ shown: [1, 2, 3, 4, 5], more: 2 });
    expect(avatarsOf([1])).to.deep.equal({ shown: [1], more: 0 });
    expect(initialsOf('Jane van Doe')).to.equal('JD');
    expect(initialsOf('cher')).to.equal('C');
  });

  it('draws the initials of a name written last name first as first then last: "Smith, John" is JS', () => {
    expect(initialsOf('Smith, John')).to.equal('JS');
  });
});

describe('edit conflicts', () => {
  it('lists the fields changed since the form was opened, not the bookkeeping', () => {
    const opened = { id: 'a', name: 'Jane', title: 'CFO', tags: ['x'], version: 2, updatedAt: 't1' };
    const now = { id: 'a', name: 'Jane', title: 'CEO', tags: ['x', 'y'], version: 4, updatedAt: 't2' };
    expect(changesSince(opened, now)).to.deep.equal([
      { field: 'title', opened: 'CFO', now: 'CEO' },
      { field: 'tags', opened: ['x'], now: ['x', 'y'] },
    ]);
  });

  describe('overwriting with mine', () => {
    const opened = { id: 'a', name: 'Jane', title: 'CFO', email: 'jane@bank.test', tags: ['x'], version: 2, updatedAt: 't1' };
    const latest = { id: 'a', name: 'Jane Doe', title: 'CEO', email: 'jane@bank.test', tags: ['x', 'y'], version: 4, updatedAt: 't2' };

    it("keeps the other side's change of a field the user left as it opened", () => {
      const mine = { ...opened, email: 'j.doe@bank.test' };
      expect(mineOverLatest(opened, mine, latest)).to.deep.equal({ ...latest, email: 'j.doe@bank.test' });
    });

    it("takes the user's value of a field both changed", () => {
      const mine = { ...opened, title: 'Treasurer', tags: ['z'] };
      expect(mineOverLatest(opened, mine, latest)).to.deep.equal({ ...latest, title: 'Treasurer', tags: ['z'] });
    });

    it('saves at the latest version and timestamps, whatever the form held', () => {
      const merged = mineOverLatest(opened, { ...opened, title: 'Treasurer', version: 3, updatedAt: 't9' }, latest);
      expect(merged).to.include({ version: 4, updatedAt: 't2', id: 'a' });
    });

    it('counts a field typed back to its opened value, or emptied from nothing, as unchanged', () => {
      const mine = { ...opened, name: 'Jane', email: 'jane@bank.test', phone: null };
      expect(mineOverLatest({ ...opened, phone: undefined }, mine, latest)).to.deep.equal(latest);
    });

    it("lays a form's own shape (a subset of the record's fields) over the whole latest record", () => {
      const formOf = ({ name, title }: typeof opened) => ({ name, title });
      expect(mineOverLatest(formOf(opened), { name: 'Jane', title: 'Treasurer' }, latest)).to.deep.equal({ ...latest, title: 'Treasurer' });
    });
  });

  it('writes values and field names for people', () => {
    expect(displayValue(null)).to.equal('—');
    expect(displayValue(['a', 'b'])).to.equal('a, b');
    expect(displayValue(true)).to.equal('yes');
    expect(displayValue({ result: 'risky', score: 40 })).to.equal('result: risky, score: 40');
    // a moment the server wrote in UTC reads on the user's clock; a calendar date as it is
    expect(inTimeZone('America/Chicago', () => displayValue('2026-12-01T14:00:00.000Z'))).to.equal('Dec 1, 2026, 8:00 AM');
    expect(displayValue('2026-12-01')).to.equal('2026-12-01');
    expect(labelOf('linkedinUrl')).to.equal('LinkedIn URL');
    expect(labelOf('bankId')).to.equal('Bank ID');
    expect(labelOf('verification.result')).to.equal('Verification result');
  });
});

describe('CSV export', () => {
  it('quotes cells with commas, quotes and line breaks, joins lists, and defuses spreadsheet formulas', () => {
    const csv = toCsv([{ name: 'Doe, "Jane"', tags: ['a', 'b'], note: '=HYPERLINK("x")', empty: null }], [
      { header: 'Name', value: (row) => row.name },
      { header: 'Tags', value: (row) => row.tags },
      { header: 'Note', value: (row) => row.note },
      { header: 'Empty', value: (row) => row.empty },
    ]);
    expect(csv).to.equal('Name,Tags,Note,Empty\r\n"Doe, ""Jane""",a; b,"\'=HYPERLINK(""x"")",');
  });

  it('writes negative numbers as numbers, and a minus sign starting a text as text', () => {
    const csv = toCsv([{ roa: -0.42, note: '-5 bps' }], [
      { header: 'ROA %', value: (row) => row.roa },
      { header: 'Note', value: (row) => row.note },
    ]);
    expect(csv).to.equal("ROA %,Note\r\n-0.42,'-5 bps");
  });

  it('starts the file with a byte order mark, so a spreadsheet reads José and emoji as written', () => {
    const file = csvFile([{ name: 'José 😀' }], [{ header: 'Name', value: (row) => row.name }]);
    expect(file).to.equal('\uFEFFName\r\nJosé 😀');
    expect([...Buffer.from(file, 'utf8').subarray(0, 3)]).to.deep.equal([0xef, 0xbb, 0xbf]);
  });

  it("writes a moment as the user's local date and time, which a spreadsheet reads as one, naming the zone in a column of moments' header", () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      const csv = toCsv([{ at: '2026-11-29T13:11:28.388Z', day: '2026-11-29', note: 'sent 2026-11-29T13:11:28.388Z' }], [
        { header: 'Sent', value: (row) => row.at, moments: true },
        { header: 'Due', value: (row) => row.day },
        { header: 'Note', value: (row) => row.note },
      ]);
      expect(csv).to.equal('Sent (America/New_York),Due,Note\r\n2026-11-29 08:11:28,2026-11-29,sent 2026-11-29T13:11:28.388Z');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});

describe('contact import files', () => {
  it('reads a UTF-8 file as UTF-8, and a file a Windows spreadsheet saved as Windows-1252', () => {
    const bytesOf = (text: string, encoding: BufferEncoding) => new Uint8Array(Buffer.from(text, encoding)).buffer;
    expect(decodeCsvFile(bytesOf('Name\nZoë Brandt', 'utf8'))).to.equal('Name\nZoë Brandt');
    expect(decodeCsvFile(bytesOf('Name\nJosé Núñez', 'latin1'))).to.equal('Name\nJosé Núñez');
  });

  it('reads a file Excel saved as Unicode Text (UTF-16 with its byte order mark)', () => {
    const utf16 = new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Name\tTitle\nZoë Brandt\tCFO', 'utf16le')])).buffer;
    expect(decodeCsvFile(utf16)).to.equal('Name\tTitle\nZoë Brandt\tCFO');
  });

  it('refuses a file of UTF-8 with Windows-1252 bytes among them, rather than garble its names as JosÃ©', () => {
    const mixed = new Uint8Array(Buffer.concat([Buffer.from('Name,Title\nJosé Müller-Łukasiewicz,CFO\n', 'utf8'), Buffer.from('Zoë Brandt,CEO\n', 'latin1')])).buffer;
    expect(() => decodeCsvFile(mixed)).to.throw('This file mixes two encodings (parts of it are UTF-8, parts are not), so names like José would be garbled.');
    const windows = new Uint8Array(Buffer.from('Name,Title\nÃlvaro Müller,CFO\nRENÉ DUPONT,CEO\n', 'latin1')).buffer;
    expect(decodeCsvFile(windows)).to.equal('Name,Title\nÃlvaro Müller,CFO\nRENÉ DUPONT,CEO\n');
  });

  it('refuses a workbook or another binary file in words, before it is sent', () => {
    const workbook = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00]).buffer;
    expect(() => decodeCsvFile(workbook)).to.throw('This is not a CSV file. Save the spreadsheet as CSV (comma or semicolon separated) and choose that file.');
  });

  it('takes first and last name columns for a full name, and asks for a name, a job title and a bank before the check', () => {
    expect(missingRequired({ firstName: 'First Name', lastName: 'Last Name', title: 'Job Title', bankName: 'Company' })).to.deep.equal([]);
    expect(missingRequired({ email: 'Email' })).to.deep.equal(['Full name (or First name and Last name)', 'Job title', 'Bank cert or Bank name']);
    expect(requiredNow('name', {})).to.equal(true);
    expect(requiredNow('name', { firstName: 'First Name' })).to.equal(false);
    expect(requiredNow('title', { firstName: 'First Name' })).to.equal(true);
  });
});

describe('record history', () => {
  it('names events and reads changes given as a list or as the event data', () => {
    expect(labelOf('ContactEmailVerified')).to.equal('Contact email verified');
    expect(labelOf('BankLinkedinCompanyUrlChanged')).to.equal('Bank LinkedIn company URL changed');
    expect(changesOf({ changes: [{ field: 'title', from: 'CFO', to: 'CEO' }] })).to.deep.equal([{ field: 'title', from: 'CFO', to: 'CEO' }]);
    expect(changesOf({ changes: { contactId: 'x', ownerId: 'y', title: 'CEO' } })).to.deep.equal([{ field: 'title', from: undefined, to: 'CEO' }]);
  });
});
