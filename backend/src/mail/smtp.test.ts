import { expect } from 'chai';
import { freePort } from '../../../test/support/free-port.ts';
import { SmtpSink } from '../../../test/doubles/smtp-sink.ts';
import { smtpServerProblem } from './smtp.ts';

describe('checking SMTP_URL at start', () => {
  it('finds nothing wrong with a server that takes the login', async () => {
    const sink = await new SmtpSink().start({ username: 'crm', password: 'right-pw' });
    try {
      expect(await smtpServerProblem(sink.url)).to.equal(undefined);
    } finally {
      await sink.stop();
    }
  });

  it('says a refused login or an unreachable server in one sentence naming the server, never the password', async () => {
    const sink = await new SmtpSink().start({ username: 'crm', password: 'right-pw' });
    try {
      const port = new URL(sink.url).port;
      const refused = await smtpServerProblem(`smtp://crm:wrong-pw@127.0.0.1:${port}`);
      expect(refused).to.equal(`The SMTP server of SMTP_URL (127.0.0.1:${port}) refused the user or password in SMTP_URL: mail of users without a Mailgun key fails until it is corrected.`);
    } finally {
      await sink.stop();
    }
    const closed = await freePort();
    const unreachable = await smtpServerProblem(`smtp://crm:wrong-pw@127.0.0.1:${closed}`);
    expect(unreachable).to.equal(`The SMTP server of SMTP_URL (127.0.0.1:${closed}) could not be reached (ESOCKET): mail of users without a Mailgun key fails until it is corrected.`);
  });
});
