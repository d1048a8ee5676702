import { expect } from 'chai';
import { placeholderCatalogue } from '../../../domain/placeholders/index.ts';
import { placeholdersMatching } from '../../../frontend/src/resources/placeholders/matching.ts';

const names = (filter: string) => placeholdersMatching(placeholderCatalogue, filter).flatMap((group) => group.placeholders.map((placeholder) => placeholder.name));

describe("the placeholder picker's filter", () => {
  it('keeps the whole catalogue while nothing is typed', () => {
    expect(placeholdersMatching(placeholderCatalogue, '  ')).to.equal(placeholderCatalogue);
  });

  it('finds a placeholder by its label or its name, in any letter case', () => {
    expect(names('BANK NAME')).to.include('bankName');
    expect(names('contactfirst')).to.deep.equal(['contactFirstName']);
  });

  it('asks for every word typed, the group label counting as words of each of its placeholders', () => {
    const contactGroup = placeholderCatalogue.find((group) => group.id === 'contact')!;
    expect(names('contact user email')).to.deep.equal(['contactEmail', 'senderEmail']);
    expect(placeholdersMatching(placeholderCatalogue, contactGroup.label.toLowerCase()).map((group) => group.id)).to.deep.equal(['contact']);
  });

  it('drops a group left empty, and answers nothing when nothing matches', () => {
    expect(placeholdersMatching(placeholderCatalogue, 'zip').map((group) => group.id)).to.deep.equal(['institution']);
    expect(names('no such placeholder')).to.deep.equal([]);
  });
});
