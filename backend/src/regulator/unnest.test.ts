import { expect } from 'chai';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { columnArrays, tableColumnTypes, unnestSource } from './unnest.ts';

describe('column arrays', () => {
  it('writes NULL for missing and non-finite numbers, bare numbers and booleans, and quotes every string', () => {
    const rows = [
      { n: 1.5, b: true, t: 'plain', j: { a: 1 } },
      { n: Number.NaN, b: false, t: 'NULL', j: null },
      { n: undefined, b: null, t: 'say "hi" \\ bye', j: ['x'] },
    ];
    expect(columnArrays(rows, 0, 3, ['n', 'b', 't', 'j'])).to.deep.equal([
      '{1.5,NULL,NULL}',
      '{t,f,NULL}',
      '{"plain","NULL","say \\"hi\\" \\\\ bye"}',
      '{"{\\"a\\":1}",NULL,"[\\"x\\"]"}',
    ]);
  });

  it('refuses a column without a type it can send', () => {
    expect(() => unnestSource(['x'], new Map())).to.throw('Column x has no type');
  });
});

describeWithDatabase('column arrays in the database', (context) => {
  it('round-trips text with quotes, backslashes, commas, braces and the word NULL, numbers, booleans, dates and JSON', async () => {
    const knex = context.db.knex;
    const rows = [
      { id: 'a', cert: 1, name: 'Say "hi", {x} \\ y', service_type: 'NULL', established_date: '2020-02-29', is_main_office: true, latitude: 12.25, raw: { CODE: 'v"1' } },
      { id: 'b', cert: 2, name: null, service_type: '', established_date: null, is_main_office: false, latitude: null, raw: {} },
    ];
    const columns = Object.keys(rows[0]);
    const types = await tableColumnTypes(knex, 'fdic_locations');
    await knex.raw(`insert into fdic_locations (${columns.join(', ')}) select * from ${unnestSource(columns, types)}`, columnArrays(rows, 0, rows.length, columns));
    const stored = await knex('fdic_locations').orderBy('id').select(columns.map((column) => (column === 'established_date' ? knex.raw("to_char(established_date, 'YYYY-MM-DD') as established_date") : column)));
    expect(stored).to.deep.equal(rows);
  });
});
