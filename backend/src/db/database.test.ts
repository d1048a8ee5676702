import { expect } from 'chai';
import { freePort } from '../../../test/support/free-port.ts';
import { setLogLevel } from '../logging/logger.ts';
import { openDatabase } from './database.ts';

describe('the PostgreSQL connection pool', () => {
  it('logs a connection it cannot make as JSON lines, one per problem, not as a stack trace', async () => {
    const db = await openDatabase({ engine: 'postgres', url: `postgres://crm:s3cret-pw@127.0.0.1:${await freePort()}/crm` });
    const written: string[] = [];
    const streams = [process.stdout, process.stderr] as const;
    const originals = streams.map((stream) => stream.write);
    setLogLevel('debug');
    for (const stream of streams) stream.write = ((chunk: string | Uint8Array) => written.push(String(chunk)) > 0) as typeof stream.write;
    try {
      await db.knex.raw('select 1').then(
        () => expect.fail('the query reached a database'),
        (error: NodeJS.ErrnoException) => expect(error.code).to.equal('ECONNREFUSED'),
      );
    } finally {
      streams.forEach((stream, index) => (stream.write = originals[index]));
      setLogLevel('info');
      await db.close();
    }
    const lines = written.join('').split('\n').filter((line) => line !== '');
    expect(lines).to.not.be.empty;
    for (const line of lines) expect(() => JSON.parse(line), line).to.not.throw();
    expect(written.join('')).to.not.include('s3cret-pw');
  });
});
