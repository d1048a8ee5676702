import { expect } from 'chai';
import { capturedLog } from '../../../test/support/captured-log.ts';
import { freePort } from '../../../test/support/free-port.ts';
import { openDatabase } from './database.ts';

describe('the PostgreSQL connection pool', () => {
  it('logs a connection it cannot make as JSON lines, one per problem, not as a stack trace', async () => {
    const db = await openDatabase({ engine: 'postgres', url: `postgres://crm:s3cret-pw@127.0.0.1:${await freePort()}/crm` });
    const lines = await capturedLog(async () => {
      try {
        await db.knex.raw('select 1').then(
          () => expect.fail('the query reached a database'),
          (error: NodeJS.ErrnoException) => expect(error.code).to.equal('ECONNREFUSED'),
        );
      } finally {
        await db.close();
      }
    });
    expect(lines).to.not.be.empty;
    for (const line of lines) expect(() => JSON.parse(line), line).to.not.throw();
    expect(lines.join('\n')).to.not.include('s3cret-pw');
  });
});
