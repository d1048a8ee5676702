import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { importFile } from '../../backend/src/regulator/import/importer.ts';

/** The regulator files a bank's acquisition reaches Charterline through, imported as a user would. */
async function importFiles(knex: Knex, files: Record<string, string>): Promise<void> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'charterline-bank-changes-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      fs.writeFileSync(path.join(folder, name), text);
      await importFile(knex, path.join(folder, name));
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

const institutionsHeader = 'CERT,NAME,CITY,STNAME,ACTIVE,ASSET\n';

/** Both banks on a list of active institutions of January 2026. */
export function importActiveBanks(knex: Knex, banks: Array<{ cert: number; name: string }>): Promise<void> {
  return importFiles(knex, { 'institutions_active_2026-01.csv': institutionsHeader + banks.map(({ cert, name }) => `${cert},${name},Ames,Iowa,1,90000\n`).join('') });
}

/**
 * `acquired` merged into `acquirer` on June 15, 2026: the structure history holds the merger under
 * both banks, and the July list of active institutions leaves the acquired bank out.
 */
export function importAcquisition(knex: Knex, acquired: { cert: number; name: string }, acquirer: { cert: number; name: string }): Promise<void> {
  const merger = `223,Merger,2026-06-15T00:00:00,${acquired.name},${acquired.cert},${acquired.name},${acquirer.cert},${acquirer.name},77`;
  return importFiles(knex, {
    'history_2026-07.csv': `CERT,CHANGECODE,CHANGECODE_DESC,EFFDATE,INSTNAME,OUT_CERT,OUT_INSTNAME,ACQ_CERT,ACQ_INSTNAME,TRANSNUM\n${acquired.cert},${merger}\n${acquirer.cert},${merger}\n`,
    'institutions_active_2026-07.csv': `${institutionsHeader}${acquirer.cert},${acquirer.name},Des Moines,Iowa,1,990000\n`,
  });
}
