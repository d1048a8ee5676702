import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local double of the Gemini REST API (v1beta) as @google/genai calls it:
 * `POST /v1beta/models/{model}:generateContent` answers one GenerateContentResponse as JSON;
 * `POST /v1beta/models/{model}:streamGenerateContent?alt=sse` answers server-sent events, one
 * `data: {GenerateContentResponse}` per chunk. The API key arrives in `x-goog-api-key`.
 *
 * Answers are scripted: each request takes the next reply from the queue (or the default reply),
 * and a reply is a list of chunks, each a list of parts (`{ text }` or `{ functionCall }`).
 */

export type Part = { text: string } | { functionCall: { name: string; args: Record<string, unknown>; id?: string } };
export type GeminiRequest = { method: string; model: string; stream: boolean; apiKey: string | undefined; body: any };
export type Reply = {
  chunks: Part[][];
  /** Answer with this HTTP status and a Gemini error body instead. */
  status?: number;
  /** Answer with this raw response instead, as a proxy in front of the API might (an HTML error page). */
  raw?: { status: number; contentType: string; body: string };
  /** Wait this long before answering (a slow model). */
  delayMs?: number;
  groundingChunks?: Array<{ web: { uri: string; title: string } }>;
};

export class GeminiDouble {
  readonly requests: GeminiRequest[] = [];
  private readonly queue: Array<Reply | ((request: GeminiRequest) => Reply)> = [];
  private server?: http.Server;
  url = '';

  constructor(private defaultReply: (request: GeminiRequest) => Reply = () => ({ chunks: [[{ text: 'OK' }]] })) {}

  /** Queues replies for the next requests, in order. */
  reply(...replies: Array<Reply | ((request: GeminiRequest) => Reply)>): this {
    this.queue.push(...replies);
    return this;
  }

  setDefault(reply: (request: GeminiRequest) => Reply): this {
    this.defaultReply = reply;
    return this;
  }

  reset(): void {
    this.requests.length = 0;
    this.queue.length = 0;
  }

  async start(): Promise<this> {
    this.server = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const url = new URL(req.url ?? '/', 'http://double');
      const match = /^\/v1beta\/models\/([^:]+):(generateContent|streamGenerateContent)$/.exec(url.pathname);
      if (!match || req.method !== 'POST') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 404, message: `No route ${req.method} ${url.pathname}`, status: 'NOT_FOUND' } }));
        return;
      }
      const request: GeminiRequest = {
        method: match[2],
        model: match[1],
        stream: match[2] === 'streamGenerateContent',
        apiKey: req.headers['x-goog-api-key'] as string | undefined,
        body: chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {},
      };
      this.requests.push(request);
      const next = this.queue.shift() ?? this.defaultReply;
      const reply = typeof next === 'function' ? next(request) : next;
      if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
      if (res.destroyed) return;
      if (!request.apiKey) {
        res.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 403, message: 'Method doesn\'t allow unregistered callers.', status: 'PERMISSION_DENIED' } }));
        return;
      }
      if (reply.raw) {
        res.writeHead(reply.raw.status, { 'content-type': reply.raw.contentType }).end(reply.raw.body);
        return;
      }
      if (reply.status && reply.status >= 400) {
        res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: reply.status, message: 'The model is overloaded. Please try again later.', status: 'UNAVAILABLE' } }));
        return;
      }
      const response = (parts: Part[], last: boolean) => ({
        candidates: [
          {
            content: { role: 'model', parts },
            index: 0,
            ...(last ? { finishReason: 'STOP' } : {}),
            ...(last && reply.groundingChunks ? { groundingMetadata: { groundingChunks: reply.groundingChunks } } : {}),
          },
        ],
        usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
        modelVersion: request.model,
      });
      if (!request.stream) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(response(reply.chunks.flat(), true)));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      reply.chunks.forEach((parts, index) => res.write(`data: ${JSON.stringify(response(parts, index === reply.chunks.length - 1))}\r\n\r\n`));
      res.end();
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
