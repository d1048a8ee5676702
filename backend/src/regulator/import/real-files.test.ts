import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { describeWithDatabase } from '../../../../test/support/database.ts';
import { importFile } from './importer.ts';

/** The real FDIC/Census samples (../shared/data next to the repository), present on a developer machine only. */
const sharedData = process.env.SHARED_DATA_DIR ?? fileURLToPath(new URL('../../../../../shared/data/', import.meta.url));
const present = fs.existsSync(path.join(sharedData, 'fdic'));

const files: Array<[string, string, number]> = [
  ['fdic/institutions_active_2026-01.csv', 'institutions', 4339],
  ['fdic/financials/financials_20250930_active.csv.gz', 'financials', 4451],
  ['fdic/banklist_2026-01.csv', 'failed-bank-list', 573],
  ['fdic/failures_api_2000-2020.csv', 'failures', 121],
  ['fdic/history/history_failures_2000-2021.csv', 'history', 572],
  ['fdic/definitions/institutions_definitions.csv', 'field-definitions', 0],
  ['census/cbsa_acs5_2023_economic.csv', 'census-cbsa-economic', 992],
  ['census/cbsa_acs5_2018_race_education.csv', 'census-cbsa-race-education', 945],
];

if (!present) describe.skip(`import of the real FDIC and Census samples (${sharedData} not present)`, () => undefined);
else describeWithDatabase('import of the real FDIC and Census samples', (context) => {
  for (const [file, layout, rows] of files) {
    it(`imports ${file} as ${layout}`, async function () {
      this.timeout(180_000);
      const result = await importFile(context.db.knex, path.join(sharedData, file));
      expect(result.layout).to.equal(layout);
      if (rows > 0) expect(result.rows).to.be.at.least(rows);
      expect(result.invalid).to.equal(0);
    });
  }

  it('holds the real banks afterwards, in dollars', async () => {
    const chase = await context.db.knex('fdic_financials').where({ cert: 628, repdte: '20250930' }).first();
    expect(chase.assets).to.equal(3_813_431_000_000);
    expect(Number((await context.db.knex('fdic_institutions').count('* as n').first())!.n)).to.be.at.least(4338);
  });
});
