import { expect } from 'chai';
import { describeWithDatabase } from '../support/database.ts';

describeWithDatabase('migration 0200: report snapshots compressed with LZ4', (context) => {
  it('compresses a snapshot with LZ4 where the server has it, and keeps the default where it does not', async () => {
    const { knex } = context.db;
    const { rows } = await knex.raw(
      `select a.attcompression as compression, (select 'lz4' = any(enumvals) from pg_settings where name = 'default_toast_compression') as available
       from pg_attribute a where a.attrelid = 'report_snapshots'::regclass and a.attname = 'state'`,
    );
    expect(rows[0].compression).to.equal(rows[0].available ? 'l' : '');
  });
});
