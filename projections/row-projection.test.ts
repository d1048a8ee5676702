import { expect } from 'chai';
import { describeWithDatabase } from '../test/support/database.ts';
import { changeSet, changeStatement, increment, mergeJson, writeChange, type KeyedChange } from './row-projection.ts';

const change = (kind: KeyedChange['kind'], row: KeyedChange['row'], version: number | null, merge: string[] = []): KeyedChange => ({ kind, key: { id: 'r1' }, row, merge, version });

describe('changeStatement', () => {
  it('refuses a computed value in an insert, where there is no stored value to compute it from', () => {
    expect(() => changeStatement('counters', ['id'], change('insert', { id: 'r1', hits: increment() }, 1))).to.throw(/updates only/);
  });

  it('refuses an update without a value for a key column', () => {
    expect(() => changeStatement('counters', ['id'], { ...change('update', { hits: 1 }, 2), key: {} })).to.throw(/key column id/);
  });

  it('leaves out columns whose value is undefined, as an INSERT naming its columns gives them their default', () => {
    const { sql, bindings } = changeStatement('counters', ['id'], change('insert', { id: 'r1', note: undefined, hits: 0 }, 1));
    expect(sql).to.equal('insert into "counters" ("id", "hits") values (?, ?) on conflict ("id") do nothing');
    expect(bindings).to.deep.equal(['r1', 0]);
  });
});

describe('changeSet', () => {
  it('offers no set record for an update that sets a key column, whose record would hold the old key and the new under one name', () => {
    expect(changeSet('counters', ['id'], change('update', { id: 'r2', version: 2 }, 2))).to.equal(undefined);
    expect(changeSet('counters', ['id'], change('update', { hits: 3, version: 2 }, 2))?.record).to.deep.equal({ hits: 3, version: 2, id: 'r1' });
  });

  it('gives changes of one shape one statement, reading each column through the reference it is given', () => {
    const [first, second] = [change('update', { hits: increment(2), version: 2 }, 2), { ...change('update', { hits: increment(5), version: 3 }, 3), key: { id: 'r2' } }].map((keyed) => changeSet('counters', ['id'], keyed)!);
    expect(first.shape).to.equal(second.shape);
    expect(second.record).to.deep.equal({ hits: 5, version: 3, id: 'r2' });
    expect(first.statement((column, reference) => (column === 'id' ? `lower(${reference})` : reference), 'given_records as record')).to.equal(
      'update "counters" set "hits" = "counters"."hits" + record."hits", "version" = record."version" from given_records as record where "counters"."id" = lower(record."id") and "counters"."version" < record."version"',
    );
  });
});

describeWithDatabase('row projection writes', (context) => {
  before(async () => {
    await context.db.knex.schema.createTable('counters', (table) => {
      table.text('id').primary();
      table.integer('hits').notNullable().defaultTo(0);
      table.jsonb('details').notNullable().defaultTo('{}');
      table.text('note');
      table.integer('version').notNullable();
    });
  });

  const write = (keyed: KeyedChange) => context.db.knex.transaction((trx) => writeChange(trx, 'counters', ['id'], keyed));
  const stored = () => context.db.knex('counters').where({ id: 'r1' }).first();

  it('inserts a row once, computes increments and JSON merges from the stored value, and skips changes not newer than the row', async () => {
    await write(change('insert', { id: 'r1', note: 'first', details: { a: 1 }, version: 1 }, 1));
    await write(change('insert', { id: 'r1', note: 'again', version: 1 }, 1));
    await write(change('update', { hits: increment(2), details: mergeJson({ b: 2 }), version: 2 }, 2));
    await write(change('update', { hits: increment(5), note: 'stale', version: 2 }, 2));
    expect(await stored()).to.deep.equal({ id: 'r1', hits: 2, details: { a: 1, b: 2 }, note: 'first', version: 2 });
    await write(change('upsert', { id: 'r1', hits: 0, note: 'merged', version: 3 }, 3, ['note', 'version']));
    expect(await stored()).to.deep.include({ hits: 2, note: 'merged', version: 3 });
    await write(change('delete', {}, 3));
    expect(await stored()).to.not.equal(undefined);
    await write(change('delete', {}, 4));
    expect(await stored()).to.equal(undefined);
  });
});
