import { expect } from 'chai';
import { onTheUsersCalendar } from '../../../frontend/src/providers/users-calendar.ts';
import { inTimeZone } from '../../support/time-zone.ts';


describe("lists' filters on the user's calendar", () => {
  // 20:30 on 28 November in New York is already 29 November on the server's clock (UTC).
  const newYorkEvening = new Date('2026-11-29T01:30:00Z');

  it("asks for overdue tasks as of the user's today, not the server's", () => {
    const filter = inTimeZone('America/New_York', () => onTheUsersCalendar('tasks', { overdue: true, bankId: 7 }, newYorkEvening));
    expect(filter).to.deep.equal({ overdue: '2026-11-28', bankId: 7 });
  });

  it("reads an Activity From and Until as the user's whole local days", () => {
    const filter = inTimeZone('America/New_York', () => onTheUsersCalendar('activity', { since: '2026-11-28', until: '2026-11-28', resource: 'tasks' }));
    expect(filter).to.deep.equal({ since: '2026-11-28T05:00:00.000Z', until: '2026-11-29T04:59:59.999Z', resource: 'tasks' });
  });

  it('keeps a day that a change of clocks makes 25 hours long whole', () => {
    const filter = inTimeZone('America/New_York', () => onTheUsersCalendar('activity', { until: '2026-11-01' }));
    expect(filter.until).to.equal('2026-11-02T04:59:59.999Z');
  });

  it('leaves every other filter, list and moment as it is', () => {
    expect(onTheUsersCalendar('tasks', { overdue: false, dueAfter: '2026-11-01' })).to.deep.equal({ overdue: false, dueAfter: '2026-11-01' });
    expect(onTheUsersCalendar('activity', { since: '2026-11-28T10:00:00Z' })).to.deep.equal({ since: '2026-11-28T10:00:00Z' });
    expect(onTheUsersCalendar('contacts', { isHotLead: true })).to.deep.equal({ isHotLead: true });
  });
});
