import { expect } from 'chai';
import { describeWithDatabase } from '../../../../test/support/database.ts';
import { columnsOfRows, indexRange } from './columns.ts';
import { columnArrays, tableColumnTypes, unnestSource } from './unnest.ts';

describe('column arrays', () => {
  it('writes columns of types without a binary form as literals: NULL for missing, bare numbers and booleans, every string quoted', () => {
    const rows = [
      { n: 1.5, b: true, t: 'plain', j: { a: 1 } },
      { n: Number.NaN, b: false, t: 'NULL', j: null },
      { n: undefined, b: null, t: 'say "hi" \\ bye', j: ['x'] },
    ];
    const types = new Map([['n', 'varchar'], ['b', 'varchar'], ['t', 'varchar'], ['j', 'json']]);
    expect(columnArrays(columnsOfRows(rows), [0, 1, 2], ['n', 'b', 't', 'j'], types)).to.deep.equal([
      '{1.5,NULL,NULL}',
      '{t,f,NULL}',
      '{"plain","NULL","say \\"hi\\" \\\\ bye"}',
      '{"{\\"a\\":1}",NULL,"[\\"x\\"]"}',
    ]);
  });

  it('sends number and boolean columns in binary, and falls back to a literal for a column holding text', () => {
    const rows = [{ f: 2.5, i: 7, b: true, mixed: '3' }, { f: null, i: null, b: null, mixed: 4 }];
    const types = new Map([['f', 'float8'], ['i', 'int4'], ['b', 'bool'], ['mixed', 'int4']]);
    const [f, i, b, mixed] = columnArrays(columnsOfRows(rows), [0, 1], ['f', 'i', 'b', 'mixed'], types);
    const header = (oid: number) => [0, 0, 0, 1, 0, 0, 0, 1, ...[oid >>> 24, (oid >>> 16) & 255, (oid >>> 8) & 255, oid & 255], 0, 0, 0, 2, 0, 0, 0, 1];
    const nullCell = [255, 255, 255, 255];
    expect([...(f as Buffer)]).to.deep.equal([...header(701), 0, 0, 0, 8, ...Buffer.from([0x40, 0x04, 0, 0, 0, 0, 0, 0]), ...nullCell]);
    expect([...(i as Buffer)]).to.deep.equal([...header(23), 0, 0, 0, 4, 0, 0, 0, 7, ...nullCell]);
    expect([...(b as Buffer)]).to.deep.equal([...header(16), 0, 0, 0, 1, 1, ...nullCell]);
    expect(mixed).to.equal('{"3",4}');
  });

  it('sends text, JSON and dates in binary, and a date that names no real day as a literal for the server to judge', () => {
    const rows = [{ t: 'ü"', j: { a: 1 }, d: '2000-01-02', bad: '2023-02-30' }, { t: null, j: null, d: null, bad: null }];
    const types = new Map([['t', 'text'], ['j', 'jsonb'], ['d', 'date'], ['bad', 'date']]);
    const [t, j, d, bad] = columnArrays(columnsOfRows(rows), [0, 1], ['t', 'j', 'd', 'bad'], types);
    const elements = (array: Buffer) => [...array.subarray(20)];
    expect(elements(t as Buffer)).to.deep.equal([0, 0, 0, 3, ...Buffer.from('ü"'), 255, 255, 255, 255]);
    expect(elements(j as Buffer)).to.deep.equal([0, 0, 0, 8, 1, ...Buffer.from('{"a":1}'), 255, 255, 255, 255]);
    expect(elements(d as Buffer)).to.deep.equal([0, 0, 0, 4, 0, 0, 0, 1, 255, 255, 255, 255]);
    expect(bad).to.equal('{"2023-02-30",NULL}');
  });

  it('sends only the rows asked for, in the order given', () => {
    const batch = columnsOfRows([{ n: 1, t: 'a' }, { n: 2, t: 'b' }, { n: 3, t: 'c' }]);
    const [, t] = columnArrays(batch, [2, 0], ['n', 't'], new Map([['n', 'int4'], ['t', 'varchar']]));
    expect(t).to.equal('{"c","a"}');
    const [n] = columnArrays(batch, [2, 0], ['n'], new Map([['n', 'int4']]));
    expect([...(n as Buffer).subarray(20)]).to.deep.equal([0, 0, 0, 4, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0, 1]);
  });

  it('sends a column the batch lacks as all null', () => {
    expect(columnArrays(columnsOfRows([{ a: 'x' }, { a: 'y' }]), [0, 1], ['missing'], new Map([['missing', 'varchar']]))).to.deep.equal(['{NULL,NULL}']);
  });

  it('refuses a column without a type it can send', () => {
    expect(() => unnestSource(['x'], new Map())).to.throw('Column x has no type');
  });
});

describeWithDatabase('column arrays in the database', (context) => {
  it('round-trips text with quotes, backslashes, commas, braces, the word NULL and non-ASCII letters, numbers, booleans, dates and JSON', async () => {
    const knex = context.db.knex;
    const rows = [
      { id: 'a', cert: 1, name: 'Say "hi", {x} \\ y', service_type: 'NULL', established_date: '2020-02-29', is_main_office: true, latitude: 12.25, longitude: -0.1, raw: { CODE: 'v"1' } },
      { id: 'b', cert: 2147483647, name: null, service_type: '', established_date: null, is_main_office: false, latitude: null, longitude: 1e-300, raw: {} },
      { id: 'c', cert: -7, name: 'ünïcödé 銀行', service_type: null, established_date: '1899-12-31', is_main_office: true, latitude: Number.MAX_VALUE, longitude: null, raw: { A: null } },
    ];
    const columns = Object.keys(rows[0]);
    const types = await tableColumnTypes(knex, 'fdic_locations');
    await knex.raw(`insert into fdic_locations (${columns.join(', ')}) select * from ${unnestSource(columns, types)}`, columnArrays(columnsOfRows(rows), indexRange(0, rows.length), columns, types));
    const stored = await knex('fdic_locations').orderBy('id').select(columns.map((column) => (column === 'established_date' ? knex.raw("to_char(established_date, 'YYYY-MM-DD') as established_date") : column)));
    expect(stored).to.deep.equal(rows);
  });
});
