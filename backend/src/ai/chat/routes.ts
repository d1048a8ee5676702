import Router from '@koa/router';
import type { Knex } from 'knex';
import { PassThrough } from 'node:stream';
import { z } from 'zod';
import { signedInUser } from '../../auth/authenticate.ts';
import { BadRequestError, NotFoundError } from '../../http/errors.ts';
import { noQueryParams } from '../../http/query-params.ts';
import { logger } from '../../logging/logger.ts';
import { maxChatMessageLength } from '../../../../domain/chat.ts';
import { chatMessageSchema, providerLabels } from '../provider.ts';
import type { AiService } from '../service.ts';

/**
 * The Analyst Chat: the user's saved conversations, and one streamed answer at a time as
 * newline-delimited JSON (`{"chunk": "..."}` per line; a failure ends the stream with `{"error": "..."}`).
 */

const chatIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'A chat id is 1 to 100 letters, digits, "-" or "_".');
const messagesSchema = z.array(chatMessageSchema).max(500);
const saveChatSchema = z.object({ id: z.string().optional(), title: z.string().max(200).optional(), messages: messagesSchema.default([]) });
const askSchema = z.object({
  messages: messagesSchema.min(1, 'Send at least one message.').refine((messages) => messages.some((message) => message.role === 'user' && message.content.trim() !== ''), 'The question is empty.'),
  sessionId: z.string().optional(),
});

const placeholderTitles = new Set(['', 'New Chat', 'Untitled']);

/**
 * An answer is saved and sent back with every later question, so it must fit a chat message: a
 * longer one stops at the limit and says so (otherwise the conversation could no longer be saved or continued).
 */
export const answerCutNote = '\n\n(The answer stopped here: it reached the longest a chat message can be. Ask for fewer rows or a narrower question.)';
const answerRoom = maxChatMessageLength - answerCutNote.length;

/** The first 30 characters of the first question, with '...' when it is longer. */
export function titleFromQuestion(question: string): string {
  const text = question.trim().replace(/\s+/g, ' ');
  return text.length > 30 ? `${text.slice(0, 30)}...` : text;
}

function chatIdParam(value: string | undefined): string {
  const parsed = chatIdSchema.safeParse(value);
  if (!parsed.success) throw new BadRequestError(parsed.error.issues[0].message);
  return parsed.data;
}

const toSummary = (row: { id: string; title: string; created_at: Date; updated_at: Date }) => ({
  _id: row.id,
  id: row.id,
  title: row.title,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

export function analystRoutes(knex: Knex, ai: AiService): Router {
  const router = new Router({ prefix: '/api/analyst' });

  router.get('/chats', async (ctx) => {
    const user = signedInUser(ctx.state);
    noQueryParams.parse(ctx.query);
    const rows = await knex('analyst_chats').where({ user_id: user.id }).orderBy('updated_at', 'desc').select('id', 'title', 'created_at', 'updated_at');
    ctx.body = rows.map(toSummary);
  });

  router.get('/chats/:id', async (ctx) => {
    const user = signedInUser(ctx.state);
    noQueryParams.parse(ctx.query);
    const row = await knex('analyst_chats').where({ user_id: user.id, id: chatIdParam(ctx.params.id) }).first();
    if (!row) throw new NotFoundError('Chat');
    ctx.body = { ...toSummary(row), messages: row.messages };
  });

  router.post('/chats/:id', async (ctx) => {
    const user = signedInUser(ctx.state);
    const id = chatIdParam(ctx.params.id);
    const input = saveChatSchema.parse(ctx.request.body ?? {});
    if (input.id !== undefined && input.id !== id) throw new BadRequestError('The chat id in the body differs from the one in the address.');
    const firstQuestion = input.messages.find((message) => message.role === 'user')?.content;
    const title = placeholderTitles.has((input.title ?? '').trim()) && firstQuestion ? titleFromQuestion(firstQuestion) : (input.title?.trim() || 'New Chat');
    const now = new Date();
    const [row] = await knex('analyst_chats')
      .insert({ id, user_id: user.id, title, messages: JSON.stringify(input.messages), created_at: now, updated_at: now })
      .onConflict(['user_id', 'id'])
      .merge(['title', 'messages', 'updated_at'])
      .returning('*');
    ctx.body = { ...toSummary(row), messages: row.messages };
  });

  router.delete('/chats/:id', async (ctx) => {
    const user = signedInUser(ctx.state);
    const deleted = await knex('analyst_chats').where({ user_id: user.id, id: chatIdParam(ctx.params.id) }).delete();
    if (!deleted) throw new NotFoundError('Chat');
    ctx.status = 204;
  });

  router.post('/chat', async (ctx) => {
    const user = signedInUser(ctx.state);
    const { messages } = askSchema.parse(ctx.request.body ?? {});
    const stream = new PassThrough();
    const line = (value: Record<string, unknown>) => stream.write(`${JSON.stringify(value)}\n`);
    const clientGone = new AbortController();
    // The response closing before it finished means the browser went away (a closed panel, a new question).
    ctx.res.on('close', () => {
      if (!ctx.res.writableFinished) clientGone.abort();
    });
    const signal = ai.deadline(clientGone.signal);

    ctx.status = 200;
    ctx.type = 'application/x-ndjson';
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('X-Accel-Buffering', 'no');
    ctx.set('X-AI-Provider', ai.provider.name);
    ctx.body = stream;
    line({ chunk: '', provider: ai.provider.name, providerLabel: providerLabels[ai.provider.name] });

    void (async () => {
      const answer = ai.provider.chat(messages, { knex, userId: user.id }, { signal })[Symbol.asyncIterator]();
      const expired = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new Error('The AI service did not answer in time.')), { once: true }));
      expired.catch(() => undefined);
      let written = 0;
      try {
        for (;;) {
          const next = await Promise.race([answer.next(), expired]);
          if (next.done) break;
          if (!next.value) continue;
          if (written + next.value.length > answerRoom) {
            line({ chunk: `${next.value.slice(0, answerRoom - written)}${answerCutNote}` });
            void answer.return?.(undefined);
            break;
          }
          written += next.value.length;
          line({ chunk: next.value });
        }
      } catch (error) {
        const message = signal.aborted && !clientGone.signal.aborted ? 'The AI service did not answer in time.' : error instanceof Error ? error.message : String(error);
        if (!clientGone.signal.aborted) logger.warn('analyst chat failed', { error: message });
        line({ error: message });
        void answer.return?.(undefined);
      } finally {
        stream.end();
      }
    })();
  });

  return router;
}
