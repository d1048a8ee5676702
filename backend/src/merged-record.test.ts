import { expect } from 'chai';
import { mergedRecord } from './merged-record.ts';

describe('merging records', () => {
  it('answers what object spread answers: every field, a later record winning, missing records skipped', () => {
    const institution = { NAME: 'First Bank', STALP: 'IL', ASSET: 1 };
    const financials = { ASSET: 2, REPDTE: '20250930' };
    const merged = mergedRecord(institution, null, financials, undefined, { ID: '1' });
    expect(merged).to.deep.equal({ ...institution, ...financials, ID: '1' });
    expect(Object.keys(merged)).to.deep.equal(['NAME', 'STALP', 'ASSET', 'REPDTE', 'ID']);
    expect(merged).to.not.equal(institution);
  });

  it('keeps a stored field named __proto__ as a field instead of replacing the prototype', () => {
    const stored = JSON.parse('{"__proto__": {"polluted": true}, "NAME": "Odd Bank"}') as Record<string, unknown>;
    const merged = mergedRecord(stored);
    expect(Object.getPrototypeOf(merged)).to.equal(Object.prototype);
    expect((merged as { polluted?: boolean }).polluted).to.equal(undefined);
    expect(Object.keys(merged)).to.deep.equal(['__proto__', 'NAME']);
    expect(JSON.stringify(merged)).to.equal('{"__proto__":{"polluted":true},"NAME":"Odd Bank"}');
  });
});
