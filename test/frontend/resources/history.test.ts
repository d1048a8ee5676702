import { expect } from 'chai';
import { useContactHistory } from '../../../frontend/src/resources/contacts/history.ts';
import { changesSince } from '../../../frontend/src/resources/shared/conflict.ts';
import { readChanges } from '../../../frontend/src/resources/shared/history.ts';
import { useTrackedBankHistory } from '../../../frontend/src/resources/targets/history.ts';
import { useTemplateHistory } from '../../../frontend/src/resources/templates/history.ts';
import { stepAction, stepsInLine } from '../../../frontend/src/resources/workflows/steps.ts';

describe("a record's History as people read it", () => {
  it('labels fields in words, writes values as text, and strikes nothing for a field that had no value', () => {
    expect(readChanges([{ field: 'linkedinUrl', from: 'https://a.example', to: null }, { field: 'isHotLead', from: null, to: true }]).lines).to.deep.equal([
      { field: 'linkedinUrl', label: 'LinkedIn URL', from: 'https://a.example', to: '—' },
      { field: 'isHotLead', label: 'Is hot lead', from: null, to: 'yes' },
    ]);
  });

  it("leaves out the record's lifecycle, its owner, and fields a new record was given nothing in", () => {
    const created = [
      { field: 'status', from: null, to: 'active' },
      { field: 'ownerId', from: null, to: 'u1' },
      { field: 'notes', from: null, to: '' },
      { field: 'tags', from: null, to: [] },
      { field: 'name', from: null, to: 'Alpha' },
    ];
    expect(readChanges(created).lines.map((line) => line.field)).to.deep.equal(['name']);
  });

  it("reads a template's category by its label", () => {
    expect(readChanges([{ field: 'category', from: 'introduction', to: 'follow-up' }], useTemplateHistory([])).lines).to.deep.equal([
      { field: 'category', label: 'Category', from: 'Introduction', to: 'Follow-up' },
    ]);
  });

  it("reads a contact's email check as the list names it, a nested field by its own reading", () => {
    const { lines } = readChanges([{ field: 'verification.result', from: null, to: 'undeliverable' }, { field: 'bankId', from: null, to: 90001 }, { field: 'bankName', from: null, to: 'Alpha Bank' }], useContactHistory([]));
    expect(lines).to.deep.equal([
      { field: 'verification.result', label: 'Email check', from: null, to: 'Undeliverable' },
      { field: 'bankName', label: 'Bank', from: null, to: 'Alpha Bank' },
    ]);
  });

  it("gathers a tracked bank's figures apart, labelled, formatted and in the order a person looks at them; its cert and alerts stay out", () => {
    const { lines, group } = readChanges(
      [
        { field: 'cert', from: null, to: 90001 },
        { field: 'city', from: null, to: 'Larkfield' },
        { field: 'ratioAlert.quarter', from: null, to: '20250930' },
        { field: 'financials.ccNinetyPlusDelinq', from: null, to: 1648000 },
        { field: 'financials.roa', from: 1.1, to: 1.2277 },
        { field: 'financials.assets', from: null, to: 63772242000 },
        { field: 'financials.thirtyNinetyPD', from: null, to: null },
      ],
      useTrackedBankHistory([]),
    );
    expect(lines).to.deep.equal([{ field: 'city', label: 'City', from: null, to: 'Larkfield' }]);
    expect(group).to.deep.equal([
      { field: 'financials.assets', label: 'Total Assets', from: null, to: '$63.77B' },
      { field: 'financials.roa', label: 'Return on Assets (ROA)', from: '1.10%', to: '1.23%' },
      { field: 'financials.ccNinetyPlusDelinq', label: 'Credit Cards 90+ Days Past Due', from: null, to: '$1.65M' },
    ]);
  });
});

describe("a workflow's steps in words", () => {
  const names = new Map([['t1', 'Introduction']]);

  it('names the template an email sends, and one not among the templates (deleted) as Unknown Template', () => {
    expect(stepAction({ type: 'Email', templateId: 't1' }, names)).to.equal('Email: Introduction');
    expect(stepAction({ type: 'Email', templateId: 'gone' }, names)).to.equal('Email: Unknown Template');
    expect(stepAction({ type: 'LinkedIn Visit' }, names)).to.equal('LinkedIn Visit');
  });

  it('writes the steps in one line with their days', () => {
    expect(stepsInLine([{ day: 1, type: 'Email', templateId: 't1' }, { day: 3, type: 'LinkedIn Visit' }], names)).to.equal('Day 1 · Email: Introduction; Day 3 · LinkedIn Visit');
  });
});

describe('what changed since a form was opened (an edit conflict)', () => {
  it("names a field inside an object by its own path, so a contact's email check reads as its History does", () => {
    const opened = { id: 'c1', version: 1, name: 'Jane Doe', verification: null };
    const now = { id: 'c1', version: 2, name: 'Jane Doe', verification: { result: 'undeliverable', score: 12 } };
    const changes = changesSince(opened, now);
    expect(changes).to.deep.equal([
      { field: 'verification.result', opened: undefined, now: 'undeliverable' },
      { field: 'verification.score', opened: undefined, now: 12 },
    ]);
    const { lines } = readChanges(
      changes.map(({ field, opened: from, now: to }) => ({ field, from, to })),
      useContactHistory([]),
    );
    expect(lines.map(({ label, to }) => `${label}: ${to}`)).to.deep.equal(['Email check: Undeliverable', 'Email check score: 12']);
  });

  it('keeps a list, and a value turned from an object into text, as one field', () => {
    expect(changesSince({ tags: ['a'], note: { x: 1 } }, { tags: ['a', 'b'], note: 'plain' })).to.deep.equal([
      { field: 'tags', opened: ['a'], now: ['a', 'b'] },
      { field: 'note', opened: { x: 1 }, now: 'plain' },
    ]);
  });
});
