import { expect } from 'chai';
import { loadConfig } from './config.ts';
import { StartupProblem } from './startup/startup-problem.ts';

/** The problem loadConfig stops start-up with, for this environment. */
function problemOf(env: NodeJS.ProcessEnv): StartupProblem {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).to.be.instanceOf(StartupProblem);
    return error as StartupProblem;
  }
  throw new Error('the configuration was accepted');
}

describe('configuration from the environment', () => {
  it('names each wrong variable with what it must hold, in sentences and without repeating the values', () => {
    const problem = problemOf({ DATABASE_URL: 'mysql://crm:s3cret-pw@db.example.com/crm', MAIL_DISPATCH: 'whatever', PORT: 'eighty' });
    expect(problem.message).to.equal(
      'PORT must be a whole number from 0 to 65535. ' +
        'DATABASE_URL must be a full address such as postgres://user:password@localhost:5432/charterline (or leave it unset for the embedded database). ' +
        'MAIL_DISPATCH must be one of auto, inline, worker.',
    );
    expect(problem.message).to.not.include('s3cret-pw');
  });

  it('refuses a PUBLIC_URL without http:// or https://, which would make dead unsubscribe links', () => {
    for (const publicUrl of ['localhost:5000', 'crm.example.com', 'crm.example.com:8080', 'mailto:sales@example.com']) {
      expect(problemOf({ PUBLIC_URL: publicUrl }).message, publicUrl).to.equal('PUBLIC_URL must be a full address such as https://crm.example.com (the address recipients open).');
    }
    expect(loadConfig({ PUBLIC_URL: 'https://crm.example.com/' }).publicUrl).to.equal('https://crm.example.com');
  });

  it('refuses an SMTP_URL that is not an smtp:// or smtps:// address', () => {
    expect(problemOf({ SMTP_URL: 'mail.example.com:587' }).message).to.equal('SMTP_URL must be a full address such as smtp://user:password@mail.example.com:587.');
    expect(loadConfig({ SMTP_URL: 'smtps://user:pw@mail.example.com:465' }).smtpUrl).to.equal('smtps://user:pw@mail.example.com:465');
  });

  it('says a short JWT_SECRET may be left unset instead', () => {
    expect(problemOf({ JWT_SECRET: 'short' }).message).to.equal('JWT_SECRET must be at least 16 characters (or leave it unset to have one generated).');
  });

  it('takes a variable set empty (an env file line, an unset ${VAR:-} in docker-compose) as unset', () => {
    const config = loadConfig({ SMTP_URL: '', PUBLIC_URL: '', JWT_SECRET: '', DATABASE_URL: '', PORT: '', MAIL_DISPATCH: '' });
    expect(config).to.include({ smtpUrl: undefined, jwtSecret: undefined, databaseUrl: undefined, port: 5000, mailDispatch: 'auto', publicUrl: 'http://localhost:5000' });
  });
});
