import { expect } from 'chai';
import { describeStartupFailure } from './startup-failure.ts';
import { StartupProblem } from './startup-problem.ts';

/** An error as `pg` raises it for a refusal of the PostgreSQL server (its SQLSTATE in `code`). */
const postgresError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('what an operator reads when start-up fails', () => {
  const databaseUrl = 'postgres://crm:s3cret-pw@db.internal:6543/charterline';

  it('names the database DATABASE_URL points at, never its user or password', () => {
    expect(describeStartupFailure(postgresError('28P01', 'password authentication failed for user "crm"'), { databaseUrl })).to.equal(
      'PostgreSQL at db.internal:6543 refused the user or password of DATABASE_URL. Correct them in DATABASE_URL.',
    );
    expect(describeStartupFailure(postgresError('3D000', 'database "charterline" does not exist'), { databaseUrl })).to.equal(
      'PostgreSQL at db.internal:6543 has no database "charterline". Create it (createdb charterline) or correct DATABASE_URL.',
    );
    expect(describeStartupFailure(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), { databaseUrl })).to.equal(
      'PostgreSQL at db.internal:6543 (DATABASE_URL) cannot be reached. Start it, or correct DATABASE_URL.',
    );
  });

  it('says a HOST that names no address of this machine is to be corrected', () => {
    const unknown = Object.assign(new Error('getaddrinfo ENOTFOUND crm.internal'), { code: 'ENOTFOUND', syscall: 'getaddrinfo', hostname: 'crm.internal' });
    expect(describeStartupFailure(unknown, { host: 'crm.internal', port: 5000, databaseUrl: 'postgres://db.internal/charterline' })).to.equal(
      'HOST (crm.internal) is not a name of this machine. Set HOST to one of its addresses, or 0.0.0.0 for all.',
    );
  });

  it('says a port below 1024 needs administrator rights', () => {
    const refused = Object.assign(new Error('listen EACCES'), { code: 'EACCES', syscall: 'listen' });
    expect(describeStartupFailure(refused, { port: 80, host: '0.0.0.0' })).to.equal('Cannot listen on port 80 on 0.0.0.0: ports below 1024 need administrator rights. Set PORT to 1024 or above.');
  });

  it('passes a StartupProblem on as it is said, and leaves a fault of ours to its stack trace', () => {
    expect(describeStartupFailure(new StartupProblem('SECRETS_KEY must be 32 bytes.'))).to.equal('SECRETS_KEY must be 32 bytes.');
    expect(describeStartupFailure(new TypeError("Cannot read properties of undefined (reading 'x')"), { databaseUrl })).to.equal(undefined);
  });
});
