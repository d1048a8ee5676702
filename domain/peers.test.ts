import { expect } from 'chai';
import { defaultPeerCriteria, findPeerGroups, MIN_PEERS, PEER_SEARCH_LIMIT, peerAssetRange, thinGroupWords, widerGroupCompared, type PeerCriteria } from './peers.ts';

describe('peer asset range', () => {
  it('takes banks of half to one and a half times the assets as peers', () => {
    expect(peerAssetRange(400_000)).to.deep.equal({ minAssets: 200_000, maxAssets: 600_000 });
  });
});

describe('peer groups', () => {
  const bank = { assets: 2_000_000_000, state: 'MA' };
  const criteria = defaultPeerCriteria(bank);
  /** A search that finds `counts[i]` peers for its i-th call (the chosen group, then the widened one, then the top banks). */
  const searchFinding = (...counts: number[]) => {
    const asked: Array<{ state: string; limit: number }> = [];
    const search = async (groupCriteria: PeerCriteria, limit: number) => {
      asked.push({ state: groupCriteria.state, limit });
      return Array.from({ length: counts[asked.length - 1] ?? 0 }, (_, index) => index);
    };
    return { search, asked };
  };

  it('keeps a chosen group of MIN_PEERS or more and looks no further', async () => {
    const { search, asked } = searchFinding(MIN_PEERS);
    const groups = await findPeerGroups(search, bank, criteria);
    expect(groups.chosen).to.have.length(MIN_PEERS);
    expect(groups.alternatives).to.deep.equal([]);
    expect(asked).to.deep.equal([{ state: 'MA', limit: PEER_SEARCH_LIMIT }]);
  });

  it('compares a thin group with the widened group when it has enough peers, else the top 20, else the thin group itself', async () => {
    const widened = await findPeerGroups(searchFinding(0, 37, 20).search, bank, criteria);
    expect(widerGroupCompared(widened.alternatives)?.kind).to.equal('widened');
    const top = await findPeerGroups(searchFinding(1, 4, 20).search, bank, criteria);
    expect(widerGroupCompared(top.alternatives)?.kind).to.equal('top');
    const none = await findPeerGroups(searchFinding(1, 2, 3).search, bank, criteria);
    expect(widerGroupCompared(none.alternatives)).to.equal(undefined);
  });

  it('says how thin a group is', () => {
    expect(thinGroupWords(0, 'the selected peer group')).to.equal('No bank matches the selected peer group');
    expect(thinGroupWords(1, 'the selected peer group')).to.equal('Only 1 bank matches the selected peer group');
    expect(thinGroupWords(3, 'the selected peer group')).to.equal('Only 3 banks match the selected peer group');
  });
});
