import { useCallback, useEffect, useRef, useState } from 'react';
import { maxChatMessageLength } from '../../../../domain/chat.ts';
import { chatApi, chatTitle, newChatId, type ChatMessage, type ChatSummary } from './api.ts';

type Session = ChatSummary & { messages?: ChatMessage[] };

const untitled = new Set(['New Chat', 'Untitled', '']);

/** Ends an answer cut off by closing the chat (the panel, the page), so reopening it says why and Regenerate asks again. */
const stoppedNote = '(The answer stopped here: the chat was closed before it was complete. Regenerate asks again.)';
const byLatest = (a: Session, b: Session) => b.updatedAt.localeCompare(a.updatedAt);

/**
 * The Analyst Chat's state: the user's conversations (newest first), the open one, and one answer
 * streaming at a time. A conversation's messages load on its first selection only; after each
 * answer the whole conversation is saved.
 */
export function useAnalystChat({ onUnanswered }: { onUnanswered?: (question: string) => void } = {}) {
  const [sessions, setSessions] = useState<Session[]>([]);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [loadingList, setLoadingList] = useState(true);
  const [loadingMessages, setLoadingMessages] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [provider, setProvider] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  /** The conversation being deleted: an answer to it that stops is not saved (it would bring it back). */
  const deleting = useRef<string | null>(null);
  const answering = useRef<string | null>(null);
  const sessionsRef = useRef(sessions);
  sessionsRef.current = sessions;
  const onUnansweredRef = useRef(onUnanswered);
  onUnansweredRef.current = onUnanswered;

  const active = sessions.find((session) => session._id === activeId) ?? null;
  const messages = active?.messages ?? [];

  const update = useCallback((id: string, change: (session: Session) => Session) => {
    setSessions((current) => current.map((session) => (session._id === id ? change(session) : session)).sort(byLatest));
  }, []);

  const createChat = useCallback(async () => {
    const now = new Date().toISOString();
    const session: Session = { _id: newChatId(), title: 'New Chat', createdAt: now, updatedAt: now, messages: [] };
    setSessions((current) => [session, ...current]);
    setActiveId(session._id);
    setError(null);
    await chatApi.save({ id: session._id, title: session.title, messages: [] }).catch(() => undefined);
  }, []);

  const select = useCallback(
    async (id: string) => {
      setActiveId(id);
      setError(null);
      const session = sessionsRef.current.find((candidate) => candidate._id === id);
      if (!session || session.messages) return;
      setLoadingMessages(true);
      try {
        const loaded = await chatApi.get(id);
        update(id, (current) => ({ ...current, messages: loaded.messages ?? [] }));
      } catch (failure) {
        setError(`Error: ${(failure as Error).message}`);
      } finally {
        setLoadingMessages(false);
      }
    },
    [update],
  );

  useEffect(() => {
    let cancelled = false;
    chatApi
      .list()
      .then(async (list) => {
        if (cancelled) return;
        const sorted = [...list].sort(byLatest);
        setSessions(sorted);
        setLoadingList(false);
        if (sorted.length === 0) await createChat();
        else {
          sessionsRef.current = sorted;
          await select(sorted[0]._id);
        }
      })
      .catch((failure) => {
        if (cancelled) return;
        setLoadingList(false);
        setError(`Error: ${(failure as Error).message}`);
      });
    return () => {
      cancelled = true;
      abort.current?.abort();
    };
  }, [createChat, select]);

  /** Asks for an answer to `conversation` (ending with the user's message) and saves the result. */
  const answer = useCallback(
    async (session: Session, conversation: ChatMessage[]) => {
      const id = session._id;
      const firstQuestion = conversation.find((message) => message.role === 'user')?.content ?? '';
      const title = untitled.has(session.title) && conversation.filter((message) => message.role === 'user').length === 1 ? chatTitle(firstQuestion) : session.title;
      const now = () => new Date().toISOString();
      update(id, (current) => ({ ...current, title, updatedAt: now(), messages: [...conversation, { role: 'assistant', content: '' }] }));
      setBusy(true);
      setError(null);
      const controller = new AbortController();
      abort.current = controller;
      answering.current = id;
      let text = '';
      let answeredBy: string | undefined;
      try {
        await chatApi.ask(
          conversation,
          id,
          (chunk, from) => {
            if (from) {
              answeredBy = from;
              setProvider(from);
            }
            text += chunk;
            update(id, (current) => ({ ...current, messages: [...conversation, { role: 'assistant', content: text, provider: answeredBy }] }));
          },
          controller.signal,
        );
        const finished: ChatMessage[] = [...conversation, { role: 'assistant', content: text, provider: answeredBy }];
        update(id, (current) => ({ ...current, updatedAt: now(), messages: finished }));
        await chatApi.save({ id, title, messages: finished }).catch(() => undefined);
      } catch (failure) {
        if (controller.signal.aborted) {
          // The chat closed mid-answer: the question is kept, with what came of its answer.
          if (deleting.current !== id) {
            const stopped: ChatMessage = { role: 'assistant', content: text ? `${text}\n\n${stoppedNote}` : stoppedNote, provider: answeredBy };
            await chatApi.save({ id, title, messages: [...conversation, stopped] }).catch(() => undefined);
          }
          return;
        }
        // The unanswered question goes back into the question box, so asking again is one Enter
        // (and a question the server refused does not stay in the conversation, failing every later one).
        const unanswered = conversation.slice(0, -1);
        const keptTitle = unanswered.length ? title : session.title;
        update(id, (current) => ({ ...current, title: keptTitle, messages: unanswered }));
        setError(`Error: ${(failure as Error).message}`);
        onUnansweredRef.current?.(conversation[conversation.length - 1].content);
        await chatApi.save({ id, title: keptTitle, messages: unanswered }).catch(() => undefined);
      } finally {
        if (abort.current === controller) {
          abort.current = null;
          answering.current = null;
        }
        setBusy(false);
      }
    },
    [update],
  );

  const send = useCallback(
    async (input: string) => {
      const question = input.trim();
      if (!question || question.length > maxChatMessageLength || busy || !active) return false;
      void answer(active, [...(active.messages ?? []), { role: 'user', content: question }]);
      return true;
    },
    [active, answer, busy],
  );

  /** Drops everything after the last question and asks it again. */
  const regenerate = useCallback(async () => {
    if (busy || !active?.messages) return;
    const lastQuestion = active.messages.map((message) => message.role).lastIndexOf('user');
    if (lastQuestion < 0) return;
    await answer(active, active.messages.slice(0, lastQuestion + 1));
  }, [active, answer, busy]);

  const remove = useCallback(
    async (id: string) => {
      if (answering.current === id) {
        deleting.current = id;
        abort.current?.abort();
      }
      try {
        await chatApi.remove(id);
      } catch (failure) {
        // Already gone on the server: still take it off the list.
        if ((failure as { status?: number }).status !== 404) {
          setError(`Error: ${(failure as Error).message}`);
          return;
        }
      }
      const remaining = sessionsRef.current.filter((session) => session._id !== id);
      setSessions(remaining);
      if (id !== activeId) return;
      if (remaining.length) await select(remaining[0]._id);
      else await createChat();
    },
    [activeId, createChat, select],
  );

  return { sessions, active, activeId, messages, loadingList, loadingMessages, busy, error, provider, select, createChat, send, regenerate, remove };
}
