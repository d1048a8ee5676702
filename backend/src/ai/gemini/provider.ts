import type { Content, GenerateContentConfig, GenerateContentResponse, Part } from '@google/genai';
import type { Knex } from 'knex';
import { z } from 'zod';
import { quarterLabel, quarterReports } from '../../../../domain/format.ts';
import { bankProfile } from '../data.ts';
import {
  executiveSchema,
  generatedTemplateSchema,
  generatedWorkflowSchema,
  newsArticleSchema,
  parseModelJson,
  promptSuggestionsSchema,
  unwrapFencedAnswer,
  type AiProvider,
  type BankAnalysisRequest,
  type BankNews,
  type CallOptions,
  type ChatMessage,
} from '../provider.ts';
import { runTool, toolDeclarations, type ToolScope } from '../tools.ts';
import { placeholderNames } from '../template-placeholders.ts';

/**
 * Gemini through @google/genai. The chat lets the model call our data tools (run here, with the
 * caller's scope) and streams its text as it arrives; the other features send one prompt and
 * validate the answer. `baseUrl` points the SDK at another host (a local double in tests).
 */

export type GeminiOptions = { apiKey: string; model: string; baseUrl?: string };

/** A chat may go back and forth with the tools this many times before it must answer. */
const maxToolRounds = 6;

export const analystInstruction = [
  'You are the Charterline analyst, helping sales teams research FDIC-insured US banks.',
  'Answer only from the results of the functions you are given: never state a figure that a function did not return. If the data does not answer the question, say so.',
  'Cite every bank you mention as a markdown link with its name and cert, using the link the function returned, e.g. [First Bank](#/bank/628) (cert 628), and name the quarter the figures are for (e.g. Q3 2025).',
  'Money figures are in US dollars; ratios are percentages. Be concise; use short tables for rankings.',
  'Functions about the user (my_targets) only ever return the signed-in user\'s own data.',
].join(' ');

export class GeminiError extends Error {}

/** A model that finishes without a word (a blocked prompt, an empty candidate) has failed, not answered. */
const noTextMessage = 'The AI service answered with no text.';

function textOf(response: GenerateContentResponse): string {
  const parts = response.candidates?.[0]?.content?.parts ?? [];
  return parts.map((part) => (typeof part.text === 'string' && !part.thought ? part.text : '')).join('');
}

const busyMessage = 'The AI service is busy or has used up its quota for now. Please try again in a minute.';
const keyRefusedMessage = 'The AI service refused the Gemini API key. Ask the administrator of this server to check its GEMINI_API_KEY setting.';
const notAnAnswerMessage = 'The AI service answered with something that is not an AI answer (perhaps an error page of a proxy in between). Please try again later.';
/** A feature that needs JSON (a draft, suggestions, a list of people) got text it cannot read as such. */
const unreadableMessage = 'The AI service answered, but not in the form this feature needs. Please try again.';

/** What the SDK read from a failed call's body: Gemini's own error, whose `status` is a code like UNAVAILABLE, or null for anything else. */
function geminiErrorBody(message: string): { message: string } | null {
  const parsed = z.object({ error: z.object({ message: z.string().min(1), status: z.string().regex(/^[A-Z_]+$/) }) }).safeParse(parseModelJson(message));
  return parsed.success ? parsed.data.error : null;
}

/** The SDK's words when a body is not the JSON (or server-sent JSON) the API answers with. */
const unparsableBody = (error: unknown) => error instanceof SyntaxError || (error instanceof Error && /^(Incomplete JSON segment|exception parsing stream chunk)/.test(error.message));

function describeFailure(error: unknown, signal: AbortSignal): Error {
  if (signal.aborted) return new GeminiError('The AI service did not answer in time.');
  // fetch's own words for no connection (refused, reset, no such host) told the user nothing.
  if (error instanceof TypeError && error.message === 'fetch failed') return new GeminiError('The AI service could not be reached. Please try again later.');
  if (unparsableBody(error)) return new GeminiError(notAnAnswerMessage);
  const message = error instanceof Error ? error.message : String(error);
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 429) return new GeminiError(busyMessage);
  // Only whoever runs the server can change the key a user's request is sent with.
  if (status === 401 || status === 403) return new GeminiError(keyRefusedMessage);
  if (typeof status !== 'number') return new GeminiError(message);
  // A failed call's body is Gemini's JSON error, of which the message alone is shown; any other body (a proxy's page) is no answer of the model's.
  return new GeminiError(geminiErrorBody(message)?.message ?? notAnAnswerMessage);
}

/** What was wrong with the model's last draft, for it to write the next without; nothing for a first draft. */
const lastDraftProblems = (problems: readonly string[]) => (problems.length ? `\nYour last draft could not be used: ${problems.join(' ')} Write a new one without these problems.` : '');

/**
 * Which quarter the figures of a prompt are of, so the model says "as of Q2 2025" and compares them
 * with nothing of another quarter; nothing when the quarter is not known.
 */
function quarterOfFigures(quarter: string | undefined): string {
  return quarter ? `\nAll these figures are from ${quarterReports(quarter)} (report date ${quarter}): say that they are as of ${quarterLabel(quarter)}, and compare them with no other quarter.` : '';
}

/**
 * The articles a reader may open, each once: web addresses only, whether the model wrote them or
 * its search sources named them (never a `javascript:` or `data:` link).
 */
function openableArticles(articles: BankNews['articles']): BankNews['articles'] {
  const seen = new Set<string>();
  return articles.filter((article) => /^https?:\/\//i.test(article.uri) && !seen.has(article.uri) && Boolean(seen.add(article.uri)));
}

export function createGeminiProvider(options: GeminiOptions, knex: Knex): AiProvider {
  // The SDK is imported here, when a key is configured, not at start-up: a server without a key never holds it in memory.
  const client = import('@google/genai').then(
    ({ GoogleGenAI }) =>
      new GoogleGenAI({
        apiKey: options.apiKey,
        // No timeout of the SDK's own: every call carries the AI service's deadline as its abort signal. A
        // second timer of the same length fired first now and then, and its abort read "This operation was aborted".
        httpOptions: { ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}), retryOptions: { attempts: 1 } },
      }),
  );
  const models = async () => (await client).models;

  async function generate(prompt: string, signal: AbortSignal, config: GenerateContentConfig = {}): Promise<GenerateContentResponse> {
    try {
      return await (await models()).generateContent({ model: options.model, contents: prompt, config: { ...config, abortSignal: signal } });
    } catch (error) {
      throw describeFailure(error, signal);
    }
  }

  async function generateText(prompt: string, signal: AbortSignal, config?: GenerateContentConfig): Promise<string> {
    const text = unwrapFencedAnswer(textOf(await generate(prompt, signal, config)).trim());
    if (!text) throw new GeminiError(noTextMessage);
    return text;
  }

  /** The model's answer read as JSON of `schema`; an answer that is not is a failure of the call. */
  async function generateJson<T>(prompt: string, schema: z.ZodType<T>, signal: AbortSignal): Promise<T> {
    const text = textOf(await generate(prompt, signal, { responseMimeType: 'application/json' }));
    const parsed = schema.safeParse(parseModelJson(text));
    if (!parsed.success) throw new GeminiError(unreadableMessage);
    return parsed.data;
  }

  /**
   * The bank's figures a summary or commentary is written from: what the browser sent and our own figures
   * of the request's quarter (authoritative, so an analysis quotes the database), whether the bank is still
   * active, and which quarter all of them are of.
   */
  async function figuresFor({ bankData, cert, quarter }: BankAnalysisRequest): Promise<string> {
    const profile = cert !== undefined && quarter !== undefined ? await bankProfile(knex, cert, quarter) : null;
    const status = !profile || profile.active ? '' : `\nThis bank is no longer active (it failed or merged${profile.inactiveDate ? ` on ${profile.inactiveDate}` : ''}): say so first.`;
    const grounding = profile ? `\nFigures from our database (authoritative; quote only these):\n${JSON.stringify(profile)}${status}` : '';
    return `\nBank data: ${JSON.stringify(bankData)}${grounding}${quarterOfFigures(quarter)}`;
  }

  return {
    name: 'gemini',

    async *chat(messages: ChatMessage[], scope: ToolScope, { signal }: CallOptions) {
      const contents: Content[] = messages.map((message) => ({ role: message.role === 'assistant' ? 'model' : 'user', parts: [{ text: message.content }] }));
      const config: GenerateContentConfig = { systemInstruction: analystInstruction, tools: [{ functionDeclarations: toolDeclarations() }], abortSignal: signal };
      let answered = false;
      for (let round = 0; round < maxToolRounds; round += 1) {
        const calls: Part[] = [];
        try {
          const stream = await (await models()).generateContentStream({ model: options.model, contents, config });
          for await (const chunk of stream) {
            for (const part of chunk.candidates?.[0]?.content?.parts ?? []) {
              if (part.functionCall) calls.push(part);
              else if (typeof part.text === 'string' && part.text && !part.thought) {
                answered ||= part.text.trim() !== '';
                yield part.text;
              }
            }
          }
        } catch (error) {
          throw describeFailure(error, signal);
        }
        if (calls.length === 0 && !answered) throw new GeminiError(noTextMessage);
        if (calls.length === 0) return;
        const responses = await Promise.all(
          calls.map(async (part) => {
            const call = part.functionCall!;
            const response = await runTool(call.name ?? '', call.args, scope);
            return { functionResponse: { id: call.id, name: call.name, response } } satisfies Part;
          }),
        );
        contents.push({ role: 'model', parts: calls }, { role: 'user', parts: responses });
      }
      yield '\n\n(The analyst stopped after too many data look-ups; please ask a narrower question.)';
    },

    test: ({ signal }) => generateText('Reply with the single word OK.', signal),

    marketSummary: (stats, { signal }) =>
      generateText(
        `Write a 3 to 4 sentence market commentary for a bank sales team about the 100 largest US banks, from these statistics only (money in dollars, ratios in percent): ${JSON.stringify(stats)}`,
        signal,
      ),

    async analyzeBank(request, _scope, { signal }) {
      return generateText(
        `Write a concise financial summary (strengths, weaknesses, what to discuss with the bank) of this bank for a sales team, in markdown.${await figuresFor(request)}`,
        signal,
      );
    },

    async analyzeRisk(request, _scope, { signal }) {
      return generateText(`Write a short risk commentary (earnings, credit quality, reserves, capital) on this bank, in markdown, quoting only the figures given.${await figuresFor(request)}`, signal);
    },

    analyzePeers: (request, { signal }) =>
      generateText(
        `Compare this bank with its peer group for a sales team in one or two paragraphs: where it leads, where it trails, and what that suggests. Quote only these figures.\nTarget bank: ${JSON.stringify(request.targetBankData)}\nPeer group: ${JSON.stringify(request.peerAnalysisData)}${quarterOfFigures(request.quarter)}`,
        signal,
      ),

    generateEmail: (request, { signal }) =>
      generateText(
        `Write the body (plain text, no subject line) of a short, professional outreach email. Contact: ${request.contactName ?? 'unknown'}, ${request.contactTitle ?? ''} at ${request.bankName ?? 'the bank'}. Subject: ${request.subject ?? ''}. Sign with: ${request.senderName ?? '[Your Name]'}. Details: ${JSON.stringify(request)}`,
        signal,
      ),

    generateTemplate: (prompt, problems, { signal }) =>
      generateJson(
        `Create an email template for bank outreach as JSON {"name","category" (introduction|follow-up|check-in|custom),"subject","body"}. Use placeholders in double braces such as {{contactName}}, {{bankName}}, {{senderName}}, and only placeholders from this list: ${placeholderNames.join(', ')}. Request: ${prompt}${lastDraftProblems(problems)}`,
        generatedTemplateSchema,
        signal,
      ),

    improveTemplate: (template, problems, { signal }) =>
      generateJson(
        `Improve this email template for bank outreach: clearer, warmer and shorter, ending with one specific request. Keep its name and category. Keep every placeholder in double braces exactly as written, and add only placeholders from this list: ${placeholderNames.join(', ')}. Answer as JSON {"name","category","subject","body"}.\nTemplate: ${JSON.stringify(template)}${lastDraftProblems(problems)}`,
        generatedTemplateSchema,
        signal,
      ),

    async generateWorkflow(prompt, templates, problems, { signal }) {
      if (templates.length === 0) return null;
      return generateJson(
        `Create an outreach workflow as JSON {"name","steps":[{"day":number,"type":"Email"|"LinkedIn Visit","templateId"?:string}]}. Email steps must use one of these template ids: ${JSON.stringify(templates)}. Request: ${prompt}${lastDraftProblems(problems)}`,
        generatedWorkflowSchema,
        signal,
      );
    },

    findExecutives: (bankName, { signal }) =>
      generateJson(
        `List the current senior executives of the US bank "${bankName}" as JSON [{"name","title","email"?,"linkedinUrl"?}]. Only people you are confident about; an empty list otherwise.`,
        z.array(executiveSchema),
        signal,
      ),

    findLeads: (domain, { signal }) =>
      generateJson(
        `List likely business contacts (decision makers) at the organisation with the web domain "${domain}" as JSON [{"name","title","email"?,"linkedinUrl"?}]. Only people you are confident about; an empty list otherwise.`,
        z.array(executiveSchema),
        signal,
      ),

    async findBankDomain(bankName, _scope, { signal }) {
      const answer = await generateJson(`What is the primary website domain of the US bank "${bankName}"? Answer JSON {"domain": "example.com"} or {"domain": null}.`, z.object({ domain: z.string().nullable() }), signal);
      const domain = answer.domain?.trim().toLowerCase().replace(/^https?:\/\//, '').replace(/^www\./, '').replace(/\/.*$/, '');
      return domain && /^[a-z0-9.-]+\.[a-z]{2,}$/.test(domain) ? domain : null;
    },

    promptSuggestions: ({ signal }) =>
      generateJson(
        'Suggest questions a bank sales analyst could ask an assistant that can rank banks by any financial metric with filters, analyse one bank, quote a bank\'s figures for a quarter and describe the market. JSON with exactly these keys, each an array of 3 short questions: "Rank Banks", "Analyze a Bank", "Get Specific Metrics", "Market & Industry News".',
        promptSuggestionsSchema,
        signal,
      ),

    async bankNews(bankName, { signal }): Promise<BankNews> {
      const response = await generate(
        `Find the latest news about the US bank "${bankName}". Answer JSON {"summary": string, "articles": [{"title","uri","source","snippet"}]} with up to 6 articles.`,
        signal,
        { tools: [{ googleSearch: {} }] },
      );
      const parsed = z.object({ summary: z.string().default(''), articles: z.array(newsArticleSchema).default([]) }).safeParse(parseModelJson(textOf(response)));
      const grounded = (response.candidates?.[0]?.groundingMetadata?.groundingChunks ?? [])
        .map((chunk) => chunk.web)
        .filter((web): web is { uri: string; title?: string } => typeof web?.uri === 'string')
        .map((web) => ({ title: web.title ?? web.uri, uri: web.uri, source: web.title ?? '', snippet: '' }));
      const articles = openableArticles(parsed.success ? parsed.data.articles : []);
      const sources = articles.length ? articles : openableArticles(grounded);
      // An answer that is not the JSON asked for is no summary: its search sources alone are shown, and without any it is a failure.
      if (!parsed.success && sources.length === 0) throw new GeminiError(unreadableMessage);
      return { summary: parsed.success ? parsed.data.summary : '', articles: sources };
    },
  };
}
