import { expect } from 'chai';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectRoot } from './project-root.ts';
import { readFileSync } from 'node:fs';
import { configurationVariables, configurationWarnings, loadConfig } from './config.ts';
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

  it('refuses a MAIL_FROM that is not an email address, and takes one that is', () => {
    expect(problemOf({ MAIL_FROM: 'Charterline' }).message).to.equal('MAIL_FROM must be an email address, such as no-reply@crm.example.com.');
    expect(loadConfig({ MAIL_FROM: ' accounts@bank.example ' }).mailFrom).to.equal('accounts@bank.example');
  });

  it('refuses an SMTP_URL that is not an smtp:// or smtps:// address', () => {
    expect(problemOf({ SMTP_URL: 'mail.example.com:587' }).message).to.equal('SMTP_URL must be a full address such as smtp://user:password@mail.example.com:587.');
    expect(loadConfig({ SMTP_URL: 'smtps://user:pw@mail.example.com:465' }).smtpUrl).to.equal('smtps://user:pw@mail.example.com:465');
  });

  it('says a short JWT_SECRET may be left unset instead', () => {
    expect(problemOf({ JWT_SECRET: 'short' }).message).to.equal('JWT_SECRET must be at least 16 characters (or leave it unset to have one generated).');
  });

  it('reads JWT_EXPIRES_IN as seconds, a bare number too, and refuses a length no session could use', () => {
    expect(loadConfig({}).jwtExpiresInSeconds).to.equal(7 * 86_400);
    expect(loadConfig({ JWT_EXPIRES_IN: '12h' }).jwtExpiresInSeconds).to.equal(12 * 3_600);
    expect(loadConfig({ JWT_EXPIRES_IN: '1 week' }).jwtExpiresInSeconds).to.equal(604_800);
    expect(loadConfig({ JWT_EXPIRES_IN: '90 Minutes' }).jwtExpiresInSeconds).to.equal(5_400);
    // the token library took a bare "3600" as milliseconds: sessions of three seconds
    expect(loadConfig({ JWT_EXPIRES_IN: '3600' }).jwtExpiresInSeconds).to.equal(3_600);
    for (const refused of ['abc', '0', '-1d', '30s', '3600ms', '7 fortnights', '11y']) {
      expect(problemOf({ JWT_EXPIRES_IN: refused }).message, refused).to.equal(
        'JWT_EXPIRES_IN must be a session length from a minute to ten years, such as 7d, 12h, 90m or 3600 (seconds).',
      );
    }
  });

  it('takes a variable set empty (an env file line, an unset ${VAR:-} in docker-compose) as unset', () => {
    const config = loadConfig({ SMTP_URL: '', PUBLIC_URL: '', JWT_SECRET: '', DATABASE_URL: '', PORT: '', MAIL_DISPATCH: '' });
    expect(config).to.include({ smtpUrl: undefined, jwtSecret: undefined, databaseUrl: undefined, port: 5000, mailDispatch: 'auto', publicUrl: 'http://localhost:5000' });
  });

  it('refuses MAIL_DISPATCH=worker with the embedded database, where no worker could ever send the mail', () => {
    expect(problemOf({ MAIL_DISPATCH: 'worker' }).message).to.equal(
      'MAIL_DISPATCH=worker needs DATABASE_URL: npm run worker cannot open the embedded database, so no mail would be sent. Leave MAIL_DISPATCH unset (auto) or set it to inline.',
    );
    expect(loadConfig({ MAIL_DISPATCH: 'worker', DATABASE_URL: 'postgres://localhost/charterline' }).mailDispatch).to.equal('worker');
  });

  it('warns a deployment without PUBLIC_URL that unsubscribe links would point at localhost', () => {
    expect(configurationWarnings({ DATABASE_URL: 'postgres://localhost/charterline', PORT: '8080' })).to.deep.equal([
      'PUBLIC_URL is not set: unsubscribe links in automated mail point at http://localhost:8080, which recipients cannot open. Set PUBLIC_URL to the address they reach the app at, e.g. https://crm.example.com.',
    ]);
    expect(configurationWarnings({ SMTP_URL: 'smtp://mail.example.com', PUBLIC_URL: 'https://crm.example.com' })).to.deep.equal([]);
    expect(configurationWarnings({}), 'a try-out on a laptop').to.deep.equal([]);
  });

  it("keeps the embedded database in the repository's data folder whichever folder the server is started from", () => {
    const started = process.cwd();
    try {
      process.chdir(tmpdir());
      expect(loadConfig({}).dataDir).to.equal(path.join(projectRoot, 'data'));
      expect(loadConfig({ DATA_DIR: 'elsewhere' }).dataDir).to.equal(path.join(tmpdir(), 'elsewhere'));
    } finally {
      process.chdir(started);
    }
  });

  it("lists every variable the configuration reads in README's Configuration table", () => {
    const readme = readFileSync(path.join(projectRoot, 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Architecture'));
    expect(configurationVariables.filter((name) => !table.includes(`| \`${name}\``) && !table.includes(`, \`${name}\``))).to.deep.equal([]);
  });
});
