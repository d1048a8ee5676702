import { expect } from 'chai';
import { addTag, removeLastTag, removeTag } from '../../../frontend/src/lib/tags.ts';

describe('tag input rules', () => {
  it('adds a trimmed tag and ignores empty text', () => {
    expect(addTag(['a'], '  b  ')).to.deep.equal(['a', 'b']);
    expect(addTag(['a'], '   ')).to.deep.equal(['a']);
    expect(addTag([], 'c,')).to.deep.equal(['c']);
  });
  it('ignores duplicates whatever their case', () => {
    expect(addTag(['Priority'], 'priority')).to.deep.equal(['Priority']);
  });
  it('removes a named tag or the last one', () => {
    expect(removeTag(['a', 'b', 'c'], 'b')).to.deep.equal(['a', 'c']);
    expect(removeLastTag(['a', 'b'])).to.deep.equal(['a']);
    expect(removeLastTag([])).to.deep.equal([]);
  });
});
