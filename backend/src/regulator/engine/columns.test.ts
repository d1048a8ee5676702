import { expect } from 'chai';
import { columnsOfRows, indexRange, pickRows, rowAt, rowKeys } from './columns.ts';

describe('rows as columns', () => {
  const rows = [{ cert: 1, name: 'A', raw: { X: 1 } }, { cert: 2, repdte: '20240630' }, { cert: 1, name: null }];

  it('turns objects into one array per key, undefined where a row lacks the key', () => {
    const batch = columnsOfRows(rows);
    expect(batch.size).to.equal(3);
    expect(Object.fromEntries(batch.columns)).to.deep.equal({ cert: [1, 2, 1], name: ['A', undefined, null], raw: [{ X: 1 }, undefined, undefined], repdte: [undefined, '20240630', undefined] });
  });

  it('reads a row back without its blank cells', () => {
    expect(rowAt(columnsOfRows(rows), 2)).to.deep.equal({ cert: 1 });
  });

  it('picks rows in the order asked, repeats allowed', () => {
    expect(Object.fromEntries(pickRows(columnsOfRows(rows), [2, 0, 0]).columns).cert).to.deep.equal([1, 1, 1]);
  });

  it('keys each row by its key columns', () => {
    const batch = columnsOfRows(rows);
    expect(rowKeys(batch, ['cert'])).to.deep.equal(['1', '2', '1']);
    expect(rowKeys(batch, ['cert', 'repdte'])).to.deep.equal(['1\u0000undefined', '2\u000020240630', '1\u0000undefined']);
    expect(rowKeys(batch, ['cert', 'repdte'], [1, 0])).to.deep.equal(['2\u000020240630', '1\u0000undefined']);
  });

  it('counts row indexes from one index up to another', () => {
    expect(indexRange(2, 5)).to.deep.equal([2, 3, 4]);
    expect(indexRange(3, 3)).to.deep.equal([]);
  });
});
