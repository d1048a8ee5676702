import { expect } from 'chai';
import { describeWithDatabase } from '../support/database.ts';
import { up } from '../../migrations/0005_regulator_import_keys.ts';

describeWithDatabase('migration 0005: regulator import keys', (context) => {
  const knex = () => context.db.knex;
  beforeEach(() => knex().raw('truncate fdic_failures'));

  it('merges a failure stored under the endpoint ID and under CERT and date into one row keyed CERT-date', async () => {
    // As an earlier import left them: the failed-bank list's row and the failures export's row for one failure.
    await knex()('fdic_failures').insert([
      { id: '57488-2026-01-30', cert: 57488, name: 'Metropolitan Capital Bank & Trust', fail_date: '2026-01-30', acquirer: 'First Independence Bank', fin: '10550', resolution_type: 'FAILURE', raw: { CERT: '57488', BIDNAME: 'First Independence Bank' } },
      { id: '4114', cert: 57488, name: 'METROPOLITAN CAPITAL BANK & TRUST', fail_date: '2026-01-30', assets: 261_000_000, resolution_type: 'PA', raw: { ID: '4114', CERT: '57488' } },
      { id: '4104', cert: 15426, name: 'ALMENA STATE BANK', fail_date: '2020-10-23', raw: { ID: '4104' } },
      { id: '1', cert: null, name: 'FON DU LAC STATE BANK', fail_date: '1934-05-28', raw: { ID: '1' } },
    ]);
    await up(knex());
    const rows = await knex()('fdic_failures').orderBy('id');
    expect(rows.map((row) => row.id)).to.deep.equal(['1', '15426-2020-10-23', '57488-2026-01-30']);
    expect(rows[2]).to.include({ name: 'METROPOLITAN CAPITAL BANK & TRUST', acquirer: 'First Independence Bank', fin: '10550', assets: 261_000_000, resolution_type: 'PA' });
    expect(rows[2].raw).to.deep.equal({ ID: '4114', CERT: '57488', BIDNAME: 'First Independence Bank' });
  });

  it('leaves only partial demo indexes behind', async () => {
    const result = await knex().raw("select indexname, indexdef from pg_indexes where indexdef like '%(is_demo)%'");
    const definitions = (result.rows as Array<{ indexdef: string }>).map((row) => row.indexdef);
    expect(definitions).to.have.length(7);
    for (const definition of definitions) expect(definition).to.match(/WHERE is_demo$/);
  });
});
