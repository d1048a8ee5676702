import { expect } from 'chai';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { preparedQuery, preparedSelect } from './prepared.ts';

describeWithDatabase('prepared statements', (context) => {
  const text = 'select n from generate_series(1, $1::int) as n where n % $2::int = 0 order by n';

  it('answers the same statement again with other values on every pooled connection', async () => {
    const knex = context.db.knex;
    const answers = await Promise.all([3, 6, 9, 12].map((upTo) => preparedQuery<{ n: number }>(knex, 'test-multiples', text, [upTo, 3])));
    expect(answers.map((rows) => rows.map((row) => row.n))).to.deep.equal([[3], [3, 6], [3, 6, 9], [3, 6, 9, 12]]);
  });

  it('runs inside a transaction on its connection and sees its uncommitted rows', async () => {
    const knex = context.db.knex;
    await knex.transaction(async (trx) => {
      await trx.raw('create temporary table prepared_probe (n int) on commit drop');
      await trx('prepared_probe').insert({ n: 7 });
      expect(await preparedQuery(trx, 'test-probe', 'select n from prepared_probe where n = $1', [7])).to.deep.equal([{ n: 7 }]);
    });
  });

  it('refuses one name for two texts', async () => {
    await preparedQuery(context.db.knex, 'test-one-text', 'select 1 as one', []);
    let error: unknown;
    await preparedQuery(context.db.knex, 'test-one-text', 'select 2 as two', []).catch((caught) => (error = caught));
    expect(String(error)).to.contain('already defined with another text');
  });

  it('runs a knex select as a prepared statement, answering what knex answers for any values', async () => {
    const knex = context.db.knex;
    const query = (ids: number[], since: Date) =>
      knex.select('n', knex.raw('? ::date as day', [since.toISOString().slice(0, 10)])).from(knex.raw('generate_series(1, 5) as n')).whereIn('n', ids).orderBy('n', 'desc');
    for (const [ids, since] of [[[1, 3], new Date('2026-01-02T00:00:00Z')], [[2, 4, 5], new Date('2026-03-04T00:00:00Z')]] as const) {
      expect(await preparedSelect(knex, query([...ids], since))).to.deep.equal(await query([...ids], since));
    }
  });

  it('refuses to run a write as a prepared select', async () => {
    let error: unknown;
    await preparedSelect(context.db.knex, context.db.knex('users').where('id', '00000000-0000-0000-0000-000000000000').delete() as never).catch((caught) => (error = caught));
    expect(String(error)).to.contain('selects only');
  });
});
