import { expect } from 'chai';
import { HttpError } from '../http/errors.ts';
import { parseFilter, type Condition } from './filter-language.ts';
import { conditionSql } from './queries/records.ts';
import { figureExpression } from './bank.ts';

const sql = (filter: string, mode: 'institutions' | 'financials' = 'financials') => conditionSql(parseFilter(filter) as Condition, mode);

function rejects(filter: string, message: RegExp) {
  try {
    parseFilter(filter);
  } catch (error) {
    expect(error).to.be.instanceOf(HttpError);
    expect((error as HttpError).status).to.equal(400);
    expect((error as Error).message).to.match(message);
    return;
  }
  expect.fail(`"${filter}" was accepted`);
}

describe('FDIC filter language', () => {
  it('turns equality clauses joined by AND into parameterised conditions', () => {
    expect(sql('ACTIVE:1 AND REGAGNT:OCC AND BKCLASS:N')).to.deep.equal({
      sql: '(i.active = ? and i.regulator = ? and i.charter_class = ?)',
      bindings: [true, 'OCC', 'N'],
    });
  });

  it('reads inclusive and exclusive ranges, open ends and comparisons', () => {
    expect(sql('ROAQ:[0.5 TO 1.0]')).to.deep.equal({ sql: '(f.roaq >= ? and f.roaq <= ?)', bindings: [0.5, 1] });
    expect(sql('ROAQ:{0.5 TO *}')).to.deep.equal({ sql: '(f.roaq > ?)', bindings: [0.5] });
    expect(sql('ROAQ:<0.5')).to.deep.equal({ sql: 'f.roaq < ?', bindings: [0.5] });
    expect(sql('ROAQ:>=1')).to.deep.equal({ sql: 'f.roaq >= ?', bindings: [1] });
  });

  it('compares money in thousands against dollars and falls back to institution figures in institution mode', () => {
    expect(sql('ASSET:[1000 TO 5000]')).to.deep.equal({ sql: '(f.assets >= ? and f.assets <= ?)', bindings: [1_000_000, 5_000_000] });
    expect(sql('ASSET:>1000', 'institutions')).to.deep.equal({ sql: `${figureExpression('assets')} > ?`, bindings: [1_000_000] });
  });

  it('reads quoted values with escapes, and a quoted value between stars as a search for exactly that text', () => {
    expect(parseFilter('NAME:"*HSBC Bank USA, National Association (Delaware)*"')).to.deep.include({ kind: 'match', pattern: 'HSBC Bank USA, National Association (Delaware)' });
    expect(parseFilter('NAME:"*say \\"hi\\" \\\\ \\* *"')).to.deep.include({ kind: 'match', pattern: 'say "hi" \\ *' });
    expect(parseFilter('NAME:"Bank of America, N.A."')).to.deep.include({ kind: 'compare', op: '=', value: 'Bank of America, N.A.' });
    expect(parseFilter("NAME:O\\'Bannon\\ Bank")).to.deep.include({ kind: 'compare', value: "O'Bannon Bank" });
    expect(parseFilter('NAME:"a*b"')).to.deep.include({ kind: 'compare', value: 'a*b' });
    rejects('NAME:"**"', /needs some text/);
    rejects('NAME:"unclosed', /unclosed quote/);
  });

  it('searches names with wildcards, also across several words, escaping LIKE characters', () => {
    expect(sql('NAME: *first*')).to.deep.equal({ sql: 'i.name ilike ?', bindings: ['%first%'] });
    expect(sql('NAME: *first national*')).to.deep.equal({ sql: 'i.name ilike ?', bindings: ['%first national%'] });
    expect(sql('NAME:*50%_off*')).to.deep.equal({ sql: 'i.name ilike ?', bindings: ['%50\\%\\_off%'] });
  });

  it('supports OR, NOT, parentheses, value lists and quoted values', () => {
    expect(sql('STALP:(tx OR OK) AND NOT BKCLASS:n')).to.deep.equal({
      sql: '(i.state in (?, ?) and not coalesce(i.charter_class = ?, false))',
      bindings: ['TX', 'OK', 'N'],
    });
    expect(sql('(ROA:<0 OR ROAQ:<0) AND CITY:"New York"')).to.deep.equal({
      sql: '((f.roa < ? or f.roaq < ?) and lower(i.city) = lower(?))',
      bindings: [0, 0, 'New York'],
    });
  });

  it('treats an empty filter as no condition', () => {
    expect(parseFilter('')).to.equal(null);
    expect(parseFilter('   ')).to.equal(null);
  });

  it('rejects fields outside the whitelist, naming the field', () => {
    rejects('PASSWORD:1', /"PASSWORD" is not one that can be filtered on/);
    rejects("NAME:x; drop table users", /not one that can be filtered on|Unexpected/);
  });

  it('rejects malformed values and syntax with a message naming the problem', () => {
    rejects('ROAQ:abc', /"abc" for ROAQ is not a number/);
    rejects('ROAQ:[1 2]', /Expected "TO"/);
    rejects('ROAQ:[1 TO 2', /close the range/);
    rejects('ACTIVE:2', /ACTIVE must be 1 or 0/);
    rejects('ASSET:*big*', /Wildcards work on text fields only/);
    rejects('NAME:>A', /Comparisons work on numbers and dates only/);
    rejects('NAME:"open', /unclosed quote/);
    rejects('(ACTIVE:1', /Expected "\)"/);
    rejects('ACTIVE', /Expected ":"/);
  });
});
