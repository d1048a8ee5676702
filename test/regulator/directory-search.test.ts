import { expect } from 'chai';
import { bankPickerQuery, directorySearch } from '../../frontend/src/lib/directory.ts';
import { parseFilter } from '../../backend/src/regulator/filter-language.ts';
import { queryRecords } from '../../backend/src/regulator/queries/records.ts';
import { describeWithDatabase } from '../support/database.ts';

// Whatever a user types into the Directory's search box: names with punctuation, filter syntax, odd characters.
const typed = [
  'HSBC Bank USA, National Association (Delaware)',
  'Bank of America, N.A.',
  "O'Bannon",
  "o'bannon bank",
  '(Delaware)',
  'N.A.',
  '"quoted"',
  'back\\slash',
  '*',
  '**',
  '* *',
  ':',
  'NAME:',
  'AND',
  'OR NOT',
  '[1 TO 2]',
  '{',
  '100%',
  '_',
  '\\',
  'é Crédit Agricole',
  '😀',
  "'; drop table fdic_institutions; --",
];

describe('Directory search text', () => {
  it('parses into a search for exactly the text typed, whatever it holds', () => {
    for (const text of typed) {
      const filter = parseFilter(directorySearch(text));
      expect(filter, text).to.deep.include({ kind: 'match', pattern: text.replace(/\s+/g, ' ').trim() });
    }
  });
});

describeWithDatabase('Directory search', (context) => {
  const knex = () => context.db.knex;
  before(async () => {
    await knex().raw('truncate fdic_institutions, fdic_financials');
    await knex()('fdic_institutions').insert([
      { cert: 57890, name: 'HSBC Bank USA, National Association (Delaware)', state: 'DE', active: true },
      { cert: 3510, name: 'Bank of America, National Association', state: 'NC', active: true },
      { cert: 1001, name: 'Bank of America, N.A.', state: 'NC', active: true },
      { cert: 9146, name: "O'Bannon Banking Company", state: 'MO', active: true },
    ]);
  });

  const search = async (text: string) =>
    (await queryRecords(knex(), 'institutions', { filters: 'ACTIVE:1', search: directorySearch(text), limit: 50, offset: 0, fields: 'CERT,NAME' })).data.map((row) => row.data.CERT);

  it('finds banks by names with parentheses, commas, full stops and apostrophes', async () => {
    expect(await search('HSBC Bank USA, National Association (Delaware)')).to.deep.equal([57890]);
    expect(await search('Bank of America, N.A.')).to.deep.equal([1001]);
    expect(await search("O'Bannon")).to.deep.equal([9146]);
    expect(await search('(delaware)')).to.deep.equal([57890]);
  });

  it('answers every text typed without an error, finding nothing where nothing matches', async () => {
    for (const text of typed) {
      const certs = await search(text);
      expect(certs, text).to.be.an('array');
    }
    expect(await search('😀')).to.deep.equal([]);
    expect(await search('100%')).to.deep.equal([]);
  });

  it('finds a bank to track by its cert or a part of its name, as the bank picker asks', async () => {
    const picked = async (text: string) => (await queryRecords(knex(), 'institutions', { ...bankPickerQuery(text), offset: 0 })).data.map((row) => row.data.CERT);
    expect(await picked('9146')).to.deep.equal([9146]);
    expect(await picked(' 3510 ')).to.deep.equal([3510]);
    expect((await picked('america')).sort()).to.deep.equal([1001, 3510]);
    expect(await picked('N.A.')).to.deep.equal([1001]);
    expect(await picked('123')).to.deep.equal([]);
  });
});
