import { expect } from 'chai';
import { htmlOfText } from './transport.ts';

const bodyOf = (html: string) => html.replace(/^<div[^>]*>/, '').replace(/<\/div>$/, '');

describe('the HTML part of a plain-text mail', () => {
  it('escapes markup the user typed and keeps line breaks', () => {
    expect(bodyOf(htmlOfText('Hi <b>Ann</b> & "team"\nBye'))).to.equal('Hi &lt;b&gt;Ann&lt;/b&gt; &amp; &quot;team&quot;<br>\nBye');
  });

  it('makes web addresses links, leaving out the punctuation that ends the sentence', () => {
    expect(bodyOf(htmlOfText('Open https://crm.example.com/#/reset-password?token=a1_B2.\nOr (see http://x.example/a?b=1&c=2), then reply.'))).to.equal(
      'Open <a href="https://crm.example.com/#/reset-password?token=a1_B2">https://crm.example.com/#/reset-password?token=a1_B2</a>.<br>\n' +
        'Or (see <a href="http://x.example/a?b=1&amp;c=2">http://x.example/a?b=1&amp;c=2</a>), then reply.',
    );
  });

  it('never lets an address close the link early or carry markup into it', () => {
    expect(bodyOf(htmlOfText('https://x.example/"onmouseover="alert(1) <script>'))).to.equal(
      '<a href="https://x.example/">https://x.example/</a>&quot;onmouseover=&quot;alert(1) &lt;script&gt;',
    );
  });

  it('leaves text without a web address as it is, and does not link other schemes', () => {
    expect(bodyOf(htmlOfText('Write to mailto:ann@example.com or javascript:alert(1)'))).to.equal('Write to mailto:ann@example.com or javascript:alert(1)');
  });
});
