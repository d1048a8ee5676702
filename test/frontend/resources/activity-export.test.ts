import { expect } from 'chai';
import { recordNames, timelineCsvColumns, type ActivityRow } from '../../../frontend/src/resources/activity/timeline.ts';
import { toCsv } from '../../../frontend/src/resources/shared/csv.ts';
import { erasedContactName } from '../../../domain/records/contact.ts';
import { inTimeZone } from '../../support/time-zone.ts';

const row = (overrides: Partial<ActivityRow>): ActivityRow => ({
  id: 41,
  resource: 'tasks',
  recordId: 't-1',
  type: 'TaskCreated',
  summary: 'Created',
  source: 'ui',
  version: 1,
  occurredAt: '2026-11-29T19:54:25.000Z',
  ...overrides,
});

/** The fields the app's resources are named by (their recordRepresentation). */
const named = { contacts: 'name', tasks: 'text', banks: 'name', templates: 'name', workflows: 'name', 'sent-emails': 'subject' };

describe('the Activity CSV', () => {
  it("writes a moment inside what happened on the user's clock, as the screen shows it, and names that clock's zone in the When header", () => {
    const scheduled = row({ resource: 'enrolments', recordId: 'e-1', type: 'StepScheduled', summary: 'Scheduled step 2 for 2026-12-01T14:00:00.000Z', source: 'workflow', version: 3 });
    const lines = inTimeZone('America/Chicago', () => toCsv([scheduled], timelineCsvColumns(new Map(), named)).split('\r\n'));
    expect(lines).to.deep.equal([
      'When (America/Chicago),Record,Name,Record id,Event,What happened,By',
      '2026-11-29 13:54:25,Automation enrolment,,e-1,Step scheduled,"Scheduled step 2 for Dec 1, 2026, 8:00 AM",Workflow',
    ]);
  });

  it('names each record as the screen does: a task by its text, a template by its name, an erased contact as erased, a deleted record as deleted', async () => {
    const rows = [
      row({ resource: 'tasks', recordId: 't-1' }),
      row({ resource: 'templates', recordId: 'tpl-1', type: 'TemplateCreated' }),
      row({ resource: 'contacts', recordId: 'c-erased', type: 'ContactErased' }),
      row({ resource: 'contacts', recordId: 'c-gone', type: 'ContactDeleted' }),
      row({ resource: 'tasks', recordId: 't-1', type: 'TaskCompleted' }),
    ];
    const stored: Record<string, Array<Record<string, unknown>>> = {
      tasks: [{ id: 't-1', text: 'Call the CFO' }],
      templates: [{ id: 'tpl-1', name: 'Intro' }],
      // erasure rewrote the contact's read row: the name the person had is nowhere to read
      contacts: [{ id: 'c-erased', name: erasedContactName }],
    };
    const asked: Array<[string, string[]]> = [];
    const names = await recordNames(rows, named, async (resource, ids) => {
      asked.push([resource, ids]);
      return (stored[resource] ?? []).filter((record) => ids.includes(String(record.id)));
    });
    const lines = inTimeZone('UTC', () => toCsv(rows, timelineCsvColumns(names, named)).split('\r\n'));
    expect(lines.slice(1)).to.deep.equal([
      '2026-11-29 19:54:25,Task,Call the CFO,t-1,Task created,Created,App',
      '2026-11-29 19:54:25,Template,Intro,tpl-1,Template created,Created,App',
      `2026-11-29 19:54:25,Contact,${erasedContactName},c-erased,Contact erased,Created,App`,
      '2026-11-29 19:54:25,"Contact, deleted",,c-gone,Contact deleted,Created,App',
      '2026-11-29 19:54:25,Task,Call the CFO,t-1,Task completed,Created,App',
    ]);
    // one request per kind of record, each id once
    expect(asked).to.deep.equal([['contacts', ['c-erased', 'c-gone']], ['tasks', ['t-1']], ['templates', ['tpl-1']]]);
  });

  it('asks for the names of many records a hundred ids at a time', async () => {
    const rows = Array.from({ length: 250 }, (_, index) => row({ recordId: `t-${index}` }));
    const sizes: number[] = [];
    const names = await recordNames(rows, { tasks: 'text' }, async (_resource, ids) => {
      sizes.push(ids.length);
      return ids.map((id) => ({ id, text: `Task ${id}` }));
    });
    expect(sizes).to.deep.equal([100, 100, 50]);
    expect(names.get('tasks/t-249')).to.equal('Task t-249');
  });
});
