import { expect } from 'chai';
import { textWithLinks } from '../../../frontend/src/ui/textWithLinks.ts';

describe('web addresses in a text', () => {
  it('makes the http(s) addresses of a text links, leaving the rest as written', () => {
    expect(textWithLinks('Visit Jane Doe on LinkedIn: https://www.linkedin.com/in/jane-doe')).to.deep.equal([
      { text: 'Visit Jane Doe on LinkedIn: ' },
      { text: 'https://www.linkedin.com/in/jane-doe', href: 'https://www.linkedin.com/in/jane-doe' },
    ]);
    expect(textWithLinks('Call Jane back')).to.deep.equal([{ text: 'Call Jane back' }]);
  });

  it("leaves a sentence's closing punctuation outside the address", () => {
    expect(textWithLinks('See http://bank.example/rates, then call (http://bank.example/a).')).to.deep.equal([
      { text: 'See ' },
      { text: 'http://bank.example/rates', href: 'http://bank.example/rates' },
      { text: ', then call (' },
      { text: 'http://bank.example/a', href: 'http://bank.example/a' },
      { text: ').' },
    ]);
  });

  it('makes no link of any other kind of address', () => {
    expect(textWithLinks('javascript:alert(1) and ftp://files.example')).to.deep.equal([{ text: 'javascript:alert(1) and ftp://files.example' }]);
  });
});
