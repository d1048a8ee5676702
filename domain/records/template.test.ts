import { expect } from 'chai';
import { templateCategoryLabel } from './template.ts';

describe('template categories as people read them', () => {
  it('reads a stored category by its label, and a value no longer among them as stored', () => {
    expect(['introduction', 'follow-up', 'check-in', 'custom'].map(templateCategoryLabel)).to.deep.equal(['Introduction', 'Follow-up', 'Check-in', 'Custom']);
    expect(templateCategoryLabel('retired')).to.equal('retired');
  });
});
