import { expect } from 'chai';
import { domainOfWebsite, isLinkedinCompanyPage, isLinkedinHost, parseLinkedinUrl } from './web-address.ts';

describe('web addresses', () => {
  it("takes an organisation's LinkedIn page as a company page, and not a person's profile or LinkedIn's other pages", () => {
    const page = (text: string) => isLinkedinCompanyPage(parseLinkedinUrl(text)!);
    expect(page('https://www.linkedin.com/company/first-example')).to.equal(true);
    expect(page('de.linkedin.com/School/mit/')).to.equal(true);
    expect(page('linkedin.com/showcase/first-example-wealth')).to.equal(true);
    expect(page('https://www.linkedin.com/in/person')).to.equal(false);
    expect(page('https://www.linkedin.com/company/')).to.equal(false);
    expect(page('https://www.linkedin.com/feed/')).to.equal(false);
    expect(isLinkedinCompanyPage(new URL('https://example.com/company/first-example'))).to.equal(false);
  });

  it('reduces a website as people type it to its bare domain', () => {
    expect(domainOfWebsite('https://www.FirstExample.com/about?x=1')).to.equal('firstexample.com');
    expect(domainOfWebsite('www2.bank.co.uk')).to.equal('bank.co.uk');
    expect(domainOfWebsite('bank.com:8080')).to.equal('bank.com');
    expect(domainOfWebsite('not a domain')).to.equal(null);
    expect(domainOfWebsite('localhost')).to.equal(null);
    expect(domainOfWebsite('')).to.equal(null);
  });

  it('knows linkedin.com and its subdomains, and nothing that merely ends in the same letters', () => {
    expect(isLinkedinHost('linkedin.com')).to.equal(true);
    expect(isLinkedinHost('de.LinkedIn.com')).to.equal(true);
    expect(isLinkedinHost('notlinkedin.com')).to.equal(false);
    expect(isLinkedinHost('linkedin.com.evil.example')).to.equal(false);
  });

  it('reads a LinkedIn address typed without a scheme, and refuses other schemes, hosts, ports and credentials', () => {
    expect(parseLinkedinUrl('linkedin.com/in/jane')?.href).to.equal('https://linkedin.com/in/jane');
    expect(parseLinkedinUrl('javascript:alert(1)')).to.equal(null);
    expect(parseLinkedinUrl('https://user:pw@www.linkedin.com/in/x')).to.equal(null);
    expect(parseLinkedinUrl('https://evil.example/in/x')).to.equal(null);
    expect(parseLinkedinUrl('https://www.linkedin.com:8443/in/x')).to.equal(null);
    expect(parseLinkedinUrl('https://user@linkedin.com/in/x')).to.equal(null);
    expect(parseLinkedinUrl('https://www.linkedin.com:443/in/x')?.href).to.equal('https://www.linkedin.com/in/x');
  });
});
