import { expect } from 'chai';
import { freePort } from '../../../test/support/free-port.ts';
import { SmtpSink } from '../../../test/doubles/smtp-sink.ts';
import { enhancedStatusCode, outcomeOfSmtpError, smtpServerProblem, smtpTransport } from './smtp.ts';
import type { OutgoingMail } from './transport.ts';

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

describe('an SMTP server refusing a send', () => {
  const refusal = (command: string, response: string) => ({ command, response, responseCode: Number(response.slice(0, 3)), code: 'EENVELOPE' });

  it('reads the enhanced status code a reply opens with, on one line or the first of several', () => {
    expect(enhancedStatusCode('550 5.1.1 <gone@bank.example>: Recipient address rejected')).to.equal('5.1.1');
    expect(enhancedStatusCode('550-5.1.10 Recipient address has null MX\n550 5.1.10 See RFC 7505')).to.equal('5.1.10');
    expect(enhancedStatusCode('550 No such mailbox')).to.equal(undefined);
    expect(enhancedStatusCode('550 5.1.1.9 not a code')).to.equal(undefined);
  });

  it('calls a refusal of the recipient for a bad mailbox, domain or address a bounce of the address', () => {
    for (const reply of ['550 5.1.1 No such mailbox', '550 5.1.10 Null MX', '554 5.1.2 Domain not found', '553 5.1.3 Bad address syntax', '550-5.1.1 The account does not exist\n550 5.1.1 Try again later']) {
      expect(outcomeOfSmtpError(refusal('RCPT TO', reply)), reply).to.deep.equal({ kind: 'bounced', reason: `The SMTP server refused the address for good: ${reply}` });
    }
  });

  it('fails the send without blaming the address for a policy refusal, a message too big, a bare 550/551/553, or a bad-mailbox code answering another command', () => {
    for (const [command, reply] of [
      ['RCPT TO', '550 5.7.1 Relaying denied'],
      ['DATA', '552 5.3.4 Message too big'],
      ['RCPT TO', '550 No such mailbox'],
      ['RCPT TO', '551 User not local'],
      ['RCPT TO', "553 sorry, that domain isn't in my list of allowed rcpthosts"],
      ['MAIL FROM', '550 5.1.1 Sender address unknown'],
    ]) {
      expect(outcomeOfSmtpError(refusal(command, reply)), reply).to.deep.equal({ kind: 'failed', reason: `The SMTP server refused the email: ${reply}` });
    }
  });

  it('defers a temporary refusal of the recipient, even one naming a bad mailbox', () => {
    expect(outcomeOfSmtpError(refusal('RCPT TO', '450 4.1.1 Mailbox temporarily unavailable'))).to.deep.equal({ kind: 'retry', reason: 'The SMTP server is busy: 450 4.1.1 Mailbox temporarily unavailable' });
  });

  it('fails a send whose login the server refuses (535), saying to have the SMTP user name and password in SMTP_URL checked by who runs the server', async () => {
    const sink = await new SmtpSink().start({ username: 'crm', password: 'right-pw' });
    const transport = smtpTransport(`smtp://crm:wrong-pw@127.0.0.1:${new URL(sink.url).port}`, { pool: false });
    try {
      const outcome = await transport.send({ emailId: crypto.randomUUID(), from: { name: 'Alex', email: 'alex@charterline.example' }, to: { name: null, email: 'jane@bank.example' }, subject: 'Hello', text: 'Hi', html: 'Hi' });
      expect(outcome).to.deep.equal({
        kind: 'failed',
        reason: 'The mail server refused to log in, so the email was not sent. Ask the person who runs your Charterline server to check the SMTP user name and password in the SMTP_URL setting.',
      });
      expect(sink.received).to.deep.equal([]);
    } finally {
      await transport.close?.();
      await sink.stop();
    }
  });

  it('answers a real server refusing RCPT TO with 550 5.1.1 as a bounce and with 550 5.7.1 as a plain failure, quoting its reply', async () => {
    const sink = await new SmtpSink().start({
      refuse: (address) => ({ 'gone@bank.example': '550 5.1.1 No such mailbox here', 'blocked@bank.example': '550 5.7.1 Refused by local policy' })[address],
    });
    const transport = smtpTransport(sink.url, { pool: false });
    const mailTo = (email: string): OutgoingMail => ({ emailId: crypto.randomUUID(), from: { name: 'Alex', email: 'alex@charterline.example' }, to: { name: null, email }, subject: 'Hello', text: 'Hi', html: 'Hi' });
    try {
      expect(await transport.send(mailTo('gone@bank.example'))).to.deep.equal({ kind: 'bounced', reason: 'The SMTP server refused the address for good: 550 5.1.1 No such mailbox here' });
      expect(await transport.send(mailTo('blocked@bank.example'))).to.deep.equal({ kind: 'failed', reason: 'The SMTP server refused the email: 550 5.7.1 Refused by local policy' });
      expect(sink.received).to.deep.equal([]);
    } finally {
      await transport.close?.();
      await sink.stop();
    }
  });
});
