import { expect } from 'chai';
import { dataWithoutMentions, mentionsOf, notesWithoutMentions, withoutMentions } from './personal-data.ts';

describe('mentions of an erased person in plain texts', () => {
  const mentions = mentionsOf({ names: ['Al Park', 'Al', 'Zoë Ñúñez'], emails: ['Al.Park@bank.example', 'al@home.example'] });

  it("replaces a bounce reason's address whatever its case, and every name the person had", () => {
    expect(withoutMentions('550 5.1.1 <al.park@BANK.example>: Recipient address rejected', mentions)).to.equal("550 5.1.1 <the contact's address>: Recipient address rejected");
    expect(withoutMentions('Al Park replied.', mentions)).to.equal('Erased contact replied.');
    expect(withoutMentions('zoë ñúñez is on your Do Not Contact list.', mentions)).to.equal('Erased contact is on your Do Not Contact list.');
  });

  it("replaces the person's LinkedIn profile address whole, even where it spells a name they had", () => {
    const withProfile = mentionsOf({ names: ['Al Park', 'Al'], emails: [], linkedinUrls: ['https://www.linkedin.com/in/al-park'] });
    expect(withoutMentions('Connect with Al at https://www.LinkedIn.com/in/al-park today', withProfile)).to.equal("Connect with Erased contact at the contact's LinkedIn profile today");
  });

  it('replaces a name only as whole words: a short name inside another word stays', () => {
    expect(withoutMentions('Also, Al said the Alpha deal is off.', mentions)).to.equal('Also, Erased contact said the Alpha deal is off.');
  });

  it('replaces any of the hundreds of names of a contact renamed again and again, each as a whole word', () => {
    const renamed = mentionsOf({ names: Array.from({ length: 500 }, (_, index) => `Erin Example ${index}`), emails: [] });
    expect(withoutMentions('Erin Example 7 and erin example 123 replied; Erin Example 5000 did not.', renamed)).to.equal('Erased contact and Erased contact replied; Erin Example 5000 did not.');
  });

  it('leaves every text as it is for a person with no name or address on record', () => {
    expect(withoutMentions('Al Park replied.', mentionsOf({ names: [], emails: [] }))).to.equal('Al Park replied.');
  });

  it("rewrites an event's top-level texts and answers null when nothing mentions the person", () => {
    expect(dataWithoutMentions({ reason: 'Mailbox of al@home.example is full', attempt: 2 }, mentions)).to.deep.equal({ reason: "Mailbox of the contact's address is full", attempt: 2 });
    expect(dataWithoutMentions({ reason: '421 Try again later', attempt: 2 }, mentions)).to.equal(null);
  });

  it("rewrites only a user's notes in an event: a Do Not Contact entry keeps the address it is for", () => {
    const entry = { type: 'AddressSuppressed', data: { email: 'al@home.example', reason: 'manual', detail: 'Al asked us to stop writing to al@home.example.' } };
    expect(notesWithoutMentions(entry, mentions)).to.deep.equal({ ...entry.data, detail: "Erased contact asked us to stop writing to the contact's address." });
    expect(notesWithoutMentions({ type: 'TaskCreated', data: { text: 'Send the deck', bankId: 1 } }, mentions)).to.equal(null);
    expect(notesWithoutMentions({ type: 'ContactTitleChanged', data: { title: 'Al Park' } }, mentions)).to.equal(null);
  });
});
