import { http } from '../../providers/http.ts';
import { raiseAuthError, sendWithSession } from '../../providers/session.ts';

export type ChatRole = 'user' | 'assistant';
export type ChatMessage = { role: ChatRole; content: string; provider?: string };
export type ChatSummary = { _id: string; title: string; createdAt: string; updatedAt: string };
export type ChatSession = ChatSummary & { messages: ChatMessage[] };
export type PromptSuggestions = Record<string, string[]>;

/**
 * The failure text of a chat request as the chat shows it: 'Server error: {status} {statusText} - {body}'
 * for a refused request, the AI service's own words for a failure after the answer began (its status
 * was 200 OK, which says nothing of the failure).
 */
export class ChatStreamError extends Error {}

/** A refusal's own words: the message of a JSON problem body, not the JSON itself; any other body as sent. */
function readableBody(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; msg?: unknown };
    const message = parsed.message ?? parsed.msg;
    return typeof message === 'string' ? message : body;
  } catch {
    return body;
  }
}

/** The Analyst Chat's calls: saved conversations and the streamed answer. */
export const chatApi = {
  list: () => http.get<ChatSummary[]>('/api/analyst/chats'),
  get: (id: string) => http.get<ChatSession>(`/api/analyst/chats/${encodeURIComponent(id)}`),
  save: (session: { id: string; title: string; messages: ChatMessage[] }) =>
    http.post<ChatSession>(`/api/analyst/chats/${encodeURIComponent(session.id)}`, { id: session.id, title: session.title, messages: session.messages }),
  remove: (id: string) => http.delete<void>(`/api/analyst/chats/${encodeURIComponent(id)}`),
  suggestions: () => http.post<{ suggestions: PromptSuggestions }>('/api/services/gemini/generate-prompt-suggestions', {}),

  /**
   * Asks the analyst; `onChunk` receives each piece of text as it arrives (and the provider's name
   * from the first line). A line that is not JSON is logged and skipped; an `error` line ends the answer with that error.
   */
  async ask(messages: ChatMessage[], sessionId: string, onChunk: (chunk: string, provider?: string) => void, signal?: AbortSignal): Promise<void> {
    const send = (token: string | null) =>
      fetch('/api/analyst/chat', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/x-ndjson', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ messages: messages.map(({ role, content }) => ({ role, content })), sessionId }),
        signal,
      });
    const response = await sendWithSession(send, (answer) => answer.status === 401);
    if (!response.ok || !response.body) {
      if (response.status === 401) raiseAuthError();
      const body = await response.text().catch(() => '');
      throw new ChatStreamError(`Server error: ${response.status} ${response.statusText} - ${readableBody(body)}`);
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffered = '';
    const handle = (line: string) => {
      if (!line.trim()) return;
      let parsed: { chunk?: unknown; error?: unknown; provider?: unknown };
      try {
        parsed = JSON.parse(line);
      } catch {
        console.warn('Skipped an unreadable line of the chat stream', line);
        return;
      }
      if (typeof parsed.error === 'string') throw new ChatStreamError(parsed.error);
      if (typeof parsed.chunk === 'string') onChunk(parsed.chunk, typeof parsed.provider === 'string' ? parsed.provider : undefined);
    };
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffered += value;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      lines.forEach(handle);
    }
    handle(buffered);
  },
};

/** A new conversation's id, made in the browser so it can be saved before the first answer. */
export const newChatId = () => `chat-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** The first 30 characters of the first question, with '...' when longer. */
export function chatTitle(question: string): string {
  const text = question.trim().replace(/\s+/g, ' ');
  return text.length > 30 ? `${text.slice(0, 30)}...` : text;
}
