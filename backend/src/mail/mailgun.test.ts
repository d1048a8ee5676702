import { expect } from 'chai';
import { formatAddress } from './mailgun.ts';

describe('Mailgun addresses', () => {
  it('keeps quotes and backslashes of a display name, escaped, and any letters as they are', () => {
    expect(formatAddress('Zoë "Z" Smith', 'zoe@bank.example')).to.equal('"Zoë \\"Z\\" Smith" <zoe@bank.example>');
    expect(formatAddress('García, José \\ Treasury', 'jose@bank.example')).to.equal('"García, José \\\\ Treasury" <jose@bank.example>');
    expect(formatAddress('عائشة الفاسي', 'aisha@bank.example')).to.equal('"عائشة الفاسي" <aisha@bank.example>');
  });

  it('writes a name over several lines on one, and a blank name as the bare address', () => {
    expect(formatAddress(' Jane\r\nDoe ', 'jane@bank.example')).to.equal('"Jane Doe" <jane@bank.example>');
    expect(formatAddress(' ', 'jane@bank.example')).to.equal('jane@bank.example');
    expect(formatAddress(null, 'jane@bank.example')).to.equal('jane@bank.example');
  });
});
