import { expect } from 'chai';
import { deleteConfirmText, filterTemplates, insertAtSelection, templateInUseText, templateProblems } from '../../../frontend/src/resources/templates/template.ts';

const templates = [
  { name: 'CFO intro', category: 'introduction' as const, subject: 'Hello {{bankName}}', body: 'We help banks grow deposits.' },
  { name: 'Second touch', category: 'follow-up' as const, subject: 'Following up', body: 'Any thoughts on deposits?' },
  { name: 'Quarterly', category: 'check-in' as const, subject: 'Your quarter', body: '' },
];

describe('email templates', () => {
  it('finds templates by name, subject, body or category in any case', () => {
    expect(filterTemplates(templates, 'cfo').map((t) => t.name)).to.deep.equal(['CFO intro']);
    expect(filterTemplates(templates, 'FOLLOWING').map((t) => t.name)).to.deep.equal(['Second touch']);
    expect(filterTemplates(templates, 'deposits').map((t) => t.name)).to.deep.equal(['CFO intro', 'Second touch']);
    expect(filterTemplates(templates, 'check-in').map((t) => t.name)).to.deep.equal(['Quarterly']);
  });

  it('needs every word of the search to match', () => {
    expect(filterTemplates(templates, 'deposits thoughts').map((t) => t.name)).to.deep.equal(['Second touch']);
    expect(filterTemplates(templates, 'deposits quarter')).to.deep.equal([]);
  });

  it('shows every template for a blank search', () => {
    expect(filterTemplates(templates, '   ')).to.have.length(3);
  });

  it('requires name, subject and body', () => {
    expect(templateProblems({ name: ' ', category: 'custom', subject: '', body: '\n' })).to.deep.equal({
      name: 'Template name is required.',
      subject: 'Subject is required.',
      body: 'Body is required.',
    });
    expect(templateProblems({ name: 'A', category: 'custom', subject: 'B', body: 'C' })).to.deep.equal({});
  });

  it('asks before deleting with the type and name, or the count of several', () => {
    expect(deleteConfirmText('workflow', [{ name: 'New CFOs' }])).to.equal('Are you sure you want to delete the workflow named New CFOs? This action cannot be undone.');
    expect(deleteConfirmText('template', [{ name: 'Intro' }, {}])).to.equal('Are you sure you want to delete these 2 templates? This action cannot be undone.');
    expect(deleteConfirmText('template', [{}])).to.equal('Are you sure you want to delete this template? This action cannot be undone.');
  });

  it('inserts at the caret and puts the caret after the insertion', () => {
    expect(insertAtSelection('Hi ,', '{{contactName}}', { start: 3, end: 3 })).to.deep.equal({ text: 'Hi {{contactName}},', caret: 18 });
  });

  it('replaces the selected text', () => {
    expect(insertAtSelection('Hi NAME!', '{{contactName}}', { start: 3, end: 7 }).text).to.equal('Hi {{contactName}}!');
  });

  it('appends at the end when the field never had a caret, and clamps a stale selection', () => {
    expect(insertAtSelection('Dear', ' {{contactName}}').text).to.equal('Dear {{contactName}}');
    expect(insertAtSelection('Hi', '!', { start: 40, end: 50 })).to.deep.equal({ text: 'Hi!', caret: 3 });
  });

  describe('what deleting a template does to the workflows that send it', () => {
    const workflows = [
      { name: 'New CFOs', steps: [{ templateId: 'intro' }, { templateId: null }] },
      { name: 'Treasury', steps: [{ templateId: 'other' }, { templateId: 'intro' }] },
      { name: 'LinkedIn only', steps: [{}] },
    ];

    it('names the workflows that send a template', () => {
      expect(templateInUseText(['intro'], workflows)).to.equal('The workflows "New CFOs" and "Treasury" send it: those email steps will be skipped for everyone going through them.');
      expect(templateInUseText(['other'], workflows)).to.equal('The workflow "Treasury" sends it: that email step will be skipped for everyone going through it.');
      expect(templateInUseText(['unused'], workflows)).to.equal('');
    });

    it('names the workflows that send one of several templates', () => {
      expect(templateInUseText(['other', 'unused'], workflows)).to.equal('The workflow "Treasury" sends one of them: that email step will be skipped for everyone going through it.');
      expect(templateInUseText(['intro', 'other'], workflows)).to.equal('The workflows "New CFOs" and "Treasury" send one of them: those email steps will be skipped for everyone going through them.');
    });
  });
});
