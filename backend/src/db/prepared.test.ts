import { expect } from 'chai';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { preparedQuery } from './prepared.ts';

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
});
