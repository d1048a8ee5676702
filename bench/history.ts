import type { Knex } from 'knex';

const chunk = 100_000;

/**
 * One user's history written straight into the events table in SQL (a command per event would take
 * hours): per 50 events, a contact added, a task created and completed, and 23 emails queued and sent.
 */
export async function writeHistory(knex: Knex, userId: string, total: number, start: Date): Promise<void> {
  for (let from = 0; from < total; from += chunk) {
    const to = Math.min(total, from + chunk) - 1;
    await knex.raw(
      `insert into events (stream_id, stream_version, type, data, metadata, recorded_at)
       select stream_id, stream_version, type, data, jsonb_build_object('userId', ?::text, 'correlationId', 'bench', 'requestId', 'bench', 'source', 'api', 'schemaVersion', 1), ?::timestamptz + make_interval(secs => i)
       from (
         select i, i % 50 as slot, i / 50 as block from generate_series(?::int, ?::int) as i
       ) s,
       lateral (select
         case when slot = 0 then 'contact-' || overlay(overlay(md5('c' || block) placing '4' from 13) placing '8' from 17)::uuid
              when slot in (1, 2) then 'task-' || overlay(overlay(md5('t' || block) placing '4' from 13) placing '8' from 17)::uuid
              else 'sent-email-' || overlay(overlay(md5('e' || block || '-' || ((slot - 3) / 2)) placing '4' from 13) placing '8' from 17)::uuid end as stream_id,
         case when slot = 0 then 1 when slot in (1, 2) then slot else 1 + ((slot - 3) % 2) end as stream_version,
         case when slot = 0 then 'ContactAdded' when slot = 1 then 'TaskCreated' when slot = 2 then 'TaskCompleted'
              when (slot - 3) % 2 = 0 then 'EmailQueued' else 'EmailSent' end as type,
         case when slot = 0 then jsonb_build_object('contactId', overlay(overlay(md5('c' || block) placing '4' from 13) placing '8' from 17)::uuid, 'ownerId', ?::uuid, 'bankId', block % 500, 'bankName', 'Bank ' || block % 500, 'name', 'Person ' || block, 'title', 'CFO', 'email', 'p' || block || '@bank.example', 'linkedinUrl', null, 'tags', '[]'::jsonb)
              when slot = 1 then jsonb_build_object('taskId', overlay(overlay(md5('t' || block) placing '4' from 13) placing '8' from 17)::uuid, 'ownerId', ?::uuid, 'bankId', block % 500, 'text', 'Call', 'dueDate', '2026-12-01')
              when slot = 2 then jsonb_build_object('completedAt', (?::timestamptz + make_interval(secs => i))::text)
              when (slot - 3) % 2 = 0 then jsonb_build_object('emailId', overlay(overlay(md5('e' || block || '-' || ((slot - 3) / 2)) placing '4' from 13) placing '8' from 17)::uuid, 'ownerId', ?::uuid, 'contactId', overlay(overlay(md5('c' || block) placing '4' from 13) placing '8' from 17)::uuid, 'bankId', block % 500, 'bankName', null, 'recipientName', 'Person ' || block, 'recipientEmail', 'p' || block || '@bank.example', 'subject', 'Hello', 'body', 'Hi', 'queuedAt', (?::timestamptz + make_interval(secs => i))::text)
              else jsonb_build_object('sentAt', (?::timestamptz + make_interval(secs => i))::text, 'providerMessageId', null) end as data
       ) e`,
      [userId, start, from, to, userId, userId, start, userId, start, start],
    );
  }
}

/**
 * Task streams written straight into the events table in SQL, four events each (created, renamed,
 * rescheduled, completed), one stream after another: `total` events in all.
 */
export async function writeTaskHistory(knex: Knex, userId: string, total: number): Promise<void> {
  const tasks = Math.floor(total / 4);
  for (let from = 0; from < tasks; from += chunk / 4) {
    const to = Math.min(tasks, from + chunk / 4) - 1;
    await knex.raw(
      `insert into events (stream_id, stream_version, type, data, metadata)
       select 'task-' || id, v, type, data, jsonb_build_object('userId', ?::text, 'correlationId', 'bench', 'requestId', 'bench', 'source', 'api', 'schemaVersion', 1)
       from (select t, overlay(overlay(md5('task' || t) placing '4' from 13) placing '8' from 17)::uuid as id from generate_series(?::int, ?::int) as t) s,
       lateral (values
         (1, 'TaskCreated', jsonb_build_object('taskId', id, 'ownerId', ?::uuid, 'bankId', 628 + t % 50, 'text', 'Task ' || t, 'dueDate', '2027-01-01')),
         (2, 'TaskTextChanged', jsonb_build_object('text', 'Task ' || t || ' (renamed)')),
         (3, 'TaskRescheduled', jsonb_build_object('dueDate', '2027-02-01')),
         (4, 'TaskCompleted', jsonb_build_object('completedAt', '2026-11-22T10:00:00.000Z'))
       ) e(v, type, data)
       order by t, v`,
      [userId, from, to, userId],
    );
  }
}
