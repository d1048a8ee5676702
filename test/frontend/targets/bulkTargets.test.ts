import { expect } from 'chai';
import { bulkTargetedText, togglePick } from '../../../frontend/src/targets/bulkTargets.ts';

describe('banks picked to be made targets together', () => {
  it('adds a bank once and takes it out when picked again, keeping the others in the order picked', () => {
    let picked = togglePick([], { cert: 1, name: 'Alpha Bank' });
    picked = togglePick(picked, { cert: 2, name: 'Beta Bank' });
    expect(picked).to.deep.equal([{ cert: 1, name: 'Alpha Bank' }, { cert: 2, name: 'Beta Bank' }]);
    expect(togglePick(picked, { cert: 1, name: 'Alpha Bank' })).to.deep.equal([{ cert: 2, name: 'Beta Bank' }]);
  });

  it('says how many were added, how many were targets already, and which could not be added and why', () => {
    expect(bulkTargetedText({ added: 20, already: 0, failed: 0 })).to.equal('Added 20 banks to targets.');
    expect(bulkTargetedText({ added: 1, already: 2, failed: 0 })).to.equal('Added 1 bank to targets. 2 banks were a target already.');
    expect(bulkTargetedText({ added: 0, already: 1, failed: 0 })).to.equal('1 bank was a target already.');
    expect(bulkTargetedText({ added: 3, already: 0, failed: 1, reason: 'The server could not be reached.' })).to.equal(
      'Added 3 banks to targets. 1 bank could not be added (The server could not be reached.): it stays picked, so Add to targets tries again.',
    );
  });
});
