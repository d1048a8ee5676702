import { expect } from 'chai';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { copyRows, copyText } from './copy-rows.ts';

describe('COPY text of rows', () => {
  it('escapes backslashes, tabs, newlines and carriage returns, and writes NULL as \\N', () => {
    expect(copyText(['a', 'b'], [{ a: 'one\ttwo\nthree\r\\four', b: null }])).to.equal('one\\ttwo\\nthree\\r\\\\four\t\\N\n');
  });

  it('writes dates as ISO 8601, numbers and booleans as text, objects and arrays as JSON with its backslashes escaped', () => {
    const text = copyText(['at', 'n', 'flag', 'json'], [{ at: new Date('2026-11-27T10:00:00Z'), n: 12.5, flag: true, json: { quote: 'say "hi"', list: [1, 'a\nb'] } }]);
    expect(text).to.equal('2026-11-27T10:00:00.000Z\t12.5\ttrue\t{"quote":"say \\\\"hi\\\\"","list":[1,"a\\\\nb"]}\n');
  });

  it('gives a column a row lacks its default, and NULL without one', () => {
    expect(copyText(['a', 'b', 'c'], [{ a: 'x' }], { b: 'fallback' })).to.equal('x\tfallback\t\\N\n');
  });
});

describeWithDatabase('COPY of rows', (context) => {
  // What PostgreSQL would store through json_populate_recordset is the reference: COPY must store the same.
  const rows = [
    { id: 1, name: 'tab\there, newline\nhere, return\rhere, backslash \\ here', changes: { note: 'a "quoted"\nline \\ \u00e9 \ud83d\ude00', tags: ['x', 'y'] }, at: new Date('2026-11-27T10:00:00.123Z'), hot: true, score: 0.25 },
    { id: 2, name: '\\N', changes: [], at: null, hot: false, score: null },
    { id: 3, name: '', changes: null, at: new Date('1999-01-01T00:00:00Z'), hot: null, score: -3 },
  ];

  it('stores each value exactly as json_populate_recordset stores it', async function () {
    if (context.engine === 'pglite') this.skip(); // embedded PGlite does not take COPY FROM STDIN
    const { knex } = context.db;
    for (const table of ['copied', 'populated']) {
      await knex.raw(`create table ${table} (id int primary key, name text, changes jsonb, at timestamptz, hot boolean, score double precision, kind text default 'plain')`);
    }
    await copyRows(knex, 'copied', ['id', 'name', 'changes', 'at', 'hot', 'score', 'kind'], rows, { kind: 'plain' });
    await knex.raw('insert into populated select * from json_populate_recordset(null::populated, ?::json)', [JSON.stringify(rows.map((row) => ({ ...row, kind: 'plain' })))]);
    const copied = await knex('copied').orderBy('id');
    expect(copied).to.deep.equal(await knex('populated').orderBy('id'));
    expect(copied[0].name).to.equal(rows[0].name);
    expect(copied[1].name).to.equal('\\N');
  });

  it('writes on the connection of the transaction it is given, whose rollback takes the rows back', async function () {
    if (context.engine === 'pglite') this.skip();
    const { knex } = context.db;
    await knex.raw('create table copied_in_transaction (id int primary key, name text)');
    await knex
      .transaction(async (trx) => {
        await copyRows(trx, 'copied_in_transaction', ['id', 'name'], [{ id: 1, name: 'one' }]);
        expect(await trx('copied_in_transaction').count({ n: '*' })).to.deep.equal([{ n: 1 }]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await knex('copied_in_transaction').count({ n: '*' })).to.deep.equal([{ n: 0 }]);
  });
});
