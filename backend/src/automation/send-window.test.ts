import { expect } from 'chai';
import { addLocalDays, isOpen, localDay, nextWindow, scheduleAt, startOfNextDay, zoneFor, type SendWindow } from './send-window.ts';

const weekdays: SendWindow = { startHour: 8, endHour: 18, days: [1, 2, 3, 4, 5], timeZone: 'America/Chicago' };
const none = () => 0;

describe('send window', () => {
  it('is open on a weekday between the hours, local time', () => {
    // Tuesday 2026-11-24 10:00 in Chicago is 16:00 UTC.
    expect(isOpen(weekdays, new Date('2026-11-24T16:00:00Z'))).to.equal(true);
    expect(isOpen(weekdays, new Date('2026-11-24T13:59:00Z'))).to.equal(false);
    expect(isOpen(weekdays, new Date('2026-11-25T00:00:00Z'))).to.equal(false);
  });

  it('opens next on Monday morning when asked on Friday evening', () => {
    const friday = new Date('2026-11-28T01:00:00Z'); // Friday 19:00 in Chicago
    expect(nextWindow(weekdays, friday).opensAt.toISOString()).to.equal('2026-11-30T14:00:00.000Z');
  });

  it('follows daylight saving: 8:00 in Chicago is 13:00 UTC in summer and 14:00 UTC in winter', () => {
    expect(nextWindow(weekdays, new Date('2026-07-01T05:00:00Z')).opensAt.toISOString()).to.equal('2026-07-01T13:00:00.000Z');
    expect(nextWindow(weekdays, new Date('2026-12-01T05:00:00Z')).opensAt.toISOString()).to.equal('2026-12-01T14:00:00.000Z');
  });

  it('sends an immediate step at once when open, and spreads others inside the window', () => {
    const open = new Date('2026-11-24T16:00:00Z');
    expect(scheduleAt(weekdays, open, { random: () => 0.99, spreadMinutes: 10, immediate: true }).toISOString()).to.equal(open.toISOString());
    const spread = scheduleAt(weekdays, open, { random: () => 0.5, spreadMinutes: 10 });
    expect(spread.toISOString()).to.equal('2026-11-24T16:05:00.000Z');
    // a spread near closing time stays inside the window
    const late = scheduleAt(weekdays, new Date('2026-11-24T23:58:00Z'), { random: () => 0.99, spreadMinutes: 10 });
    expect(late < new Date('2026-11-25T00:00:00Z')).to.equal(true);
    expect(scheduleAt(weekdays, new Date('2026-11-25T03:00:00Z'), { random: none, spreadMinutes: 10 }).toISOString()).to.equal('2026-11-25T14:00:00.000Z');
  });

  it('counts days and their starts in local time', () => {
    expect(localDay(new Date('2026-11-25T03:00:00Z'), 'America/Chicago')).to.equal('2026-11-24');
    expect(startOfNextDay(new Date('2026-11-25T03:00:00Z'), 'America/Chicago').toISOString()).to.equal('2026-11-25T06:00:00.000Z');
  });

  it('counts days as calendar days in the zone, the same wall-clock time across a daylight-saving change', () => {
    // 17:30 in New York the day before the clocks go forward (14 March 2027), and back (7 November 2027)
    expect(addLocalDays(new Date('2027-03-13T22:30:00Z'), 1, 'America/New_York').toISOString()).to.equal('2027-03-14T21:30:00.000Z');
    expect(addLocalDays(new Date('2027-11-06T21:30:00Z'), 1, 'America/New_York').toISOString()).to.equal('2027-11-07T22:30:00.000Z');
    expect(addLocalDays(new Date('2027-03-10T22:30:00.250Z'), 7, 'America/New_York').toISOString()).to.equal('2027-03-17T21:30:00.250Z');
    expect(addLocalDays(new Date('2027-03-13T22:30:00Z'), 0, 'America/New_York').toISOString()).to.equal('2027-03-13T22:30:00.000Z');
  });

  it("uses the user's zone, else the bank's state's", () => {
    expect(zoneFor('Europe/Berlin', 'TX')).to.equal('Europe/Berlin');
    expect(zoneFor(null, 'CA')).to.equal('America/Los_Angeles');
    expect(zoneFor(null, null)).to.equal('America/New_York');
  });
});
