import { expect } from 'chai';
import { noteSignOutReason, onAuthError, raiseAuthError, sessionSeenByTab, takeSignOutReason } from '../../../frontend/src/providers/session.ts';

describe('frontend session: what another tab did to it', () => {
  const ada = { id: 'u1', name: 'Ada', email: 'ada@example.com' };
  const ola = { id: 'u2', name: 'Ola', email: 'ola@example.com' };

  it('reads a removed token as a sign-out in the other tab', () => {
    expect(sessionSeenByTab('u1', { token: null, user: ada })).to.equal('signed-out');
    expect(sessionSeenByTab('u1', { token: null, user: null })).to.equal('signed-out');
  });

  it("reads another user's session as a switch, whose token this tab's calls would now send", () => {
    expect(sessionSeenByTab('u1', { token: 't2', user: ola })).to.equal('other-user');
  });

  it('keeps the same user signed in when the other tab signed in again as them, or has not written the user yet', () => {
    expect(sessionSeenByTab('u1', { token: 't2', user: ada })).to.equal('same');
    expect(sessionSeenByTab('u1', { token: 't2', user: null })).to.equal('same');
  });

  it('gives the reason of a sign-out once', () => {
    noteSignOutReason('expired');
    expect(takeSignOutReason()).to.equal('expired');
    expect(takeSignOutReason()).to.equal(null);
  });

  it('tells the sign-out whether the refused call was a change, lost with the session', () => {
    const heard: boolean[] = [];
    const stop = onAuthError((refused) => heard.push(refused.change));
    raiseAuthError({ change: true });
    raiseAuthError();
    stop();
    raiseAuthError({ change: true });
    expect(heard).to.deep.equal([true, false]);
  });
});
