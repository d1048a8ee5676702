import { z } from 'zod';
import { maxChatMessageLength } from '../../../domain/chat.ts';
import { groupThousands } from '../../../domain/format.ts';
import type { ToolScope } from './tools.ts';

/**
 * One interface for the AI features, two implementations: Gemini (when GEMINI_API_KEY is set) and
 * the built-in offline analyst. Every answer says which one gave it (`provider`).
 */

export type ProviderName = 'gemini' | 'offline';
export const providerLabels: Record<ProviderName, string> = { gemini: 'Gemini', offline: 'Offline analyst' };

/** A chat message; `provider` remembers who wrote an answer, so a reopened conversation still says so. */
export const chatMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(maxChatMessageLength, `A chat message can be at most ${groupThousands(maxChatMessageLength)} characters.`),
  provider: z.enum(['gemini', 'offline']).optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const executiveSchema = z.object({
  name: z.string(),
  title: z.string().default(''),
  email: z.string().nullish().transform((value) => value || undefined),
  linkedinUrl: z.string().nullish().transform((value) => value || undefined),
});
export type Executive = z.infer<typeof executiveSchema>;

export const generatedTemplateSchema = z.object({
  name: z.string().min(1),
  category: z.enum(['introduction', 'follow-up', 'check-in', 'custom']).catch('custom'),
  subject: z.string().min(1),
  body: z.string().min(1),
});
export type GeneratedTemplate = z.infer<typeof generatedTemplateSchema>;

export const workflowStepSchema = z.object({
  day: z.number().int().min(1),
  type: z.enum(['Email', 'LinkedIn Visit']),
  templateId: z.string().optional(),
});
export const generatedWorkflowSchema = z.object({ name: z.string().min(1), steps: z.array(workflowStepSchema).min(1) });
export type GeneratedWorkflow = z.infer<typeof generatedWorkflowSchema>;

export const promptSuggestionsSchema = z.object({
  'Rank Banks': z.array(z.string()).min(1),
  'Analyze a Bank': z.array(z.string()).min(1),
  'Get Specific Metrics': z.array(z.string()).min(1),
  'Market & Industry News': z.array(z.string()).min(1),
});
export type PromptSuggestions = z.infer<typeof promptSuggestionsSchema>;

const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * Text a model copied out of a web page, as the words it shows: tags dropped and entities decoded
 * ('Bank <i>grows</i> &amp; hires' reads 'Bank grows & hires'). The page shows it as plain text, so
 * left in they would appear as typed.
 */
export function pageTextAsWords(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:#(\d{1,7})|#x([\da-f]{1,6})|([a-z]+));/gi, (entity, decimal?: string, hex?: string, name?: string) => {
      const code = decimal ? Number(decimal) : hex ? parseInt(hex, 16) : undefined;
      if (code !== undefined) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      return namedEntities[name!.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

const pageText = z.string().transform(pageTextAsWords);
export const newsArticleSchema = z.object({ title: pageText, uri: z.string(), source: pageText.default(''), snippet: pageText.default('') });
export type BankNews = { summary: string; articles: Array<z.infer<typeof newsArticleSchema>> };

export type EmailRequest = { contactName?: string; contactTitle?: string; bankName?: string; subject?: string; senderName?: string; [key: string]: unknown };
export type TemplateRef = { id: string; name: string; category?: string; subject?: string };

/**
 * What a bank's summary or risk commentary is about: the figures the browser shows, the bank's cert
 * (its figures are then read from our database) and the quarter (report date, YYYYMMDD) they are of.
 */
export type BankAnalysisRequest = { bankData: Record<string, unknown>; cert?: number; quarter?: string };

/** Peer figures as the Benchmark sends them: the target's metrics and the peer averages, of the quarter (report date) compared. */
export type PeerAnalysisRequest = { targetBankData: Record<string, unknown>; peerAnalysisData: Record<string, unknown>; quarter?: string };

export type CallOptions = { signal: AbortSignal };

export interface AiProvider {
  readonly name: ProviderName;
  /** Streams the assistant's answer to the conversation, using the data tools with the caller's scope. */
  chat(messages: ChatMessage[], scope: ToolScope, options: CallOptions): AsyncIterable<string>;
  test(options: CallOptions): Promise<string>;
  marketSummary(stats: Record<string, unknown>, options: CallOptions): Promise<string>;
  analyzeBank(request: BankAnalysisRequest, scope: ToolScope, options: CallOptions): Promise<string>;
  analyzeRisk(request: BankAnalysisRequest, scope: ToolScope, options: CallOptions): Promise<string>;
  analyzePeers(request: PeerAnalysisRequest, options: CallOptions): Promise<string>;
  generateEmail(request: EmailRequest, options: CallOptions): Promise<string>;
  /** A template drafted from the prompt; `problems` are those of the last draft, for this one to be written without. */
  generateTemplate(prompt: string, problems: readonly string[], options: CallOptions): Promise<GeneratedTemplate | null>;
  /** The template rewritten to read better, its placeholders kept; `problems` as for a drafted template. */
  improveTemplate(template: GeneratedTemplate, problems: readonly string[], options: CallOptions): Promise<GeneratedTemplate | null>;
  /** A workflow drafted from the prompt using the templates; `problems` as for templates; null with no templates to use. */
  generateWorkflow(prompt: string, templates: TemplateRef[], problems: readonly string[], options: CallOptions): Promise<GeneratedWorkflow | null>;
  findExecutives(bankName: string, options: CallOptions): Promise<Executive[]>;
  findLeads(domain: string, options: CallOptions): Promise<Executive[]>;
  findBankDomain(bankName: string, scope: ToolScope, options: CallOptions): Promise<string | null>;
  promptSuggestions(options: CallOptions): Promise<PromptSuggestions>;
  bankNews(bankName: string, options: CallOptions): Promise<BankNews>;
}

/**
 * A model's prose answer without the code fence some models wrap a whole answer in (```markdown ...
 * ```): left in, the page shows the answer as one block of raw markdown source. Only a fence around
 * the whole answer goes; a code block inside an answer stays one.
 */
export function unwrapFencedAnswer(text: string): string {
  const whole = /^```(?:markdown|md|html|text|plaintext)?[ \t]*\r?\n([\s\S]*?)\r?\n```$/i.exec(text.trim());
  if (!whole || whole[1].includes('```')) return text;
  return whole[1].trim();
}

/** Parses a model's JSON answer, tolerating a fenced ```json block around it. */
export function parseModelJson(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text);
  const body = (fenced ? fenced[1] : text).trim();
  try {
    return JSON.parse(body);
  } catch {
    const start = body.search(/[[{]/);
    const end = Math.max(body.lastIndexOf('}'), body.lastIndexOf(']'));
    if (start < 0 || end <= start) return undefined;
    try {
      return JSON.parse(body.slice(start, end + 1));
    } catch {
      return undefined;
    }
  }
}
