import { expect } from 'chai';
import { editTemplate } from './template-editor.ts';

const template = (subject: string, body: string) => ({ name: 'Intro', category: 'introduction' as const, subject, body });

describe("the offline analyst's edit of a template", () => {
  it('adds a greeting by name, a question asking for a call and a sign-off to a bare note, keeping its placeholders', () => {
    const edited = editTemplate(template('  intro to   {{bankName}} ', 'I help banks like {{bankName}} with treasury services.   \n\n\n\nWe work with {{city}} lenders.'));
    expect(edited.subject).to.equal('Intro to {{bankName}}');
    expect(edited.body).to.equal(
      [
        'Hi {{contactName}},',
        '',
        'I help banks like {{bankName}} with treasury services.',
        '',
        'We work with {{city}} lenders.',
        '',
        'Would you be open to a 20-minute call in the coming weeks?',
        '',
        'Best regards,',
        '{{senderName}}',
      ].join('\n'),
    );
    expect(edited).to.include({ name: 'Intro', category: 'introduction' });
  });

  it('puts the question before a sign-off the template already has, and keeps that sign-off', () => {
    const edited = editTemplate(template('Hello', 'Dear {{contactName}},\n\nA short note.\n\nKind regards,\n{{senderName}}\n{{senderTitle}}'));
    expect(edited.body).to.equal('Dear {{contactName}},\n\nA short note.\n\nWould you be open to a 20-minute call in the coming weeks?\n\nKind regards,\n{{senderName}}\n{{senderTitle}}');
  });

  it('returns a template that already follows every rule as it was', () => {
    const complete = template('Partnering with {{bankName}}', 'Hi {{contactName}},\n\nCould we talk about deposits?\n\nBest regards,\n{{senderName}}');
    expect(editTemplate(complete)).to.deep.equal(complete);
  });
});
