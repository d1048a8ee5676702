import { expect } from 'chai';
import { NOTICE_GAP, noticeBottom } from '../../../frontend/src/ui/noticePlacement.ts';

describe('where a notice sits', () => {
  const phone = { windowHeight: 844, usual: 8, notice: { left: 8, right: 382, height: 48 } };
  const across = { left: 8, right: 382 };

  it('sits where it usually does when nothing on the screen is under it', () => {
    expect(noticeBottom({ ...phone, actions: [] })).to.equal(8);
  });

  it("stands above a dialog's bar of buttons at the foot of a phone's screen", () => {
    expect(noticeBottom({ ...phone, actions: [{ ...across, top: 744, bottom: 812 }] })).to.equal(844 - 744 + NOTICE_GAP);
  });

  it('stands above an action that lifting it would cover in turn', () => {
    const bar = { ...across, top: 744, bottom: 812 };
    const button = { left: 300, right: 382, top: 690, bottom: 736 };
    expect(noticeBottom({ ...phone, actions: [button, bar] })).to.equal(844 - 690 + NOTICE_GAP);
  });

  it('stays where it is beside an action it does not cross, and under one higher up the screen', () => {
    const desktop = { windowHeight: 900, usual: 24, notice: { left: 520, right: 920, height: 48 } };
    expect(noticeBottom({ ...desktop, actions: [{ top: 820, bottom: 876, left: 1360, right: 1416 }] }), 'a floating button at the right').to.equal(24);
    expect(noticeBottom({ ...phone, actions: [{ ...across, top: 500, bottom: 560 }] }), "a short dialog's buttons mid-screen").to.equal(8);
  });
});
