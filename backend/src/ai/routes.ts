import Router from '@koa/router';
import type { Knex } from 'knex';
import { z } from 'zod';
import { signedInUser } from '../auth/authenticate.ts';
import { handleCommand } from '../commands/handle-command.ts';
import { DomainError } from '../commands/errors.ts';
import type { EventStore } from '../eventstore/types.ts';
import { BadRequestError, HttpError } from '../http/errors.ts';
import { currentContext, runWithContext, systemContext } from '../context/request-context.ts';
import { certParamSchema } from '../../../domain/cert.ts';
import { templateCategories } from '../../../domain/records/template.ts';
import { maxAiPromptLength } from '../../../domain/ai-prompt.ts';
import { quarterSchema } from '../../../domain/quarter.ts';
import { groupThousands } from '../../../domain/format.ts';
import { aiAnalysisDecider } from './analysis/decider.ts';
import { savedAnalysis } from './analysis/saved.ts';
import { aiAnalysisStream, analysisKinds, type AnalysisKind } from './analysis/events.ts';
import { aiCacheTtlMs } from './cache.ts';
import { DataQuestionError, quarterForBank } from './data.ts';
import { providerLabels } from './provider.ts';
import { AiTimeoutError, type AiService } from './service.ts';
import { savableDraft } from './drafts.ts';
import { templateDraftProblems } from '../outreach/templates/draft.ts';
import { workflowDraftProblems } from '../outreach/workflows/draft.ts';
import { knownTemplates } from '../outreach/workflows/routes.ts';

/**
 * The AI endpoints of the app (`/api/services/gemini/...`, named after the service the product
 * was first built on; the offline analyst answers them too) and the saved analyses of a bank.
 * Every answer carries `provider`, and a bank analysis the quarter (report date) it comments on; a failure
 * is 502 (504 for a timeout) with the feature's message.
 */

const record = z.record(z.string(), z.unknown());
const optionalCert = certParamSchema('cert').optional();
const name = (field: string) => z.string().trim().min(1, `${field} is required.`).max(300);
/** What the user asks the AI to write: often a paragraph or more, so it may be far longer than a name. */
const prompt = z.string().trim().min(1, 'prompt is required.').max(maxAiPromptLength, `A prompt can be at most ${groupThousands(maxAiPromptLength)} characters.`);

const schemas = {
  findExecutives: z.object({ bankName: name('bankName') }),
  findLeads: z.object({ domain: name('domain').regex(/^[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/, 'domain must look like example.com') }),
  marketSummary: z.object({ stats: record }),
  // `again`: the user asked for a new text (Regenerate), not the one given a minute ago. `quarter`: the
  // report date the figures are of (the Financials quarter picked); the bank's newest when not given.
  analyzeBank: z.object({ bankData: record.default({}), cert: optionalCert, quarter: quarterSchema.optional(), again: z.boolean().default(false) }),
  generateEmail: record,
  generateTemplate: z.object({ prompt }),
  improveTemplate: z.object({
    template: z.object({
      name: name('name'),
      category: z.enum(templateCategories).catch('custom'),
      subject: z.string().trim().min(1, 'subject is required.').max(500),
      body: z.string().trim().min(1, 'body is required.').max(20_000, 'A template to improve can be at most 20,000 characters.'),
    }),
  }),
  generateWorkflow: z.object({
    prompt,
    availableTemplates: z.array(z.object({ id: z.string(), name: z.string(), category: z.string().optional(), subject: z.string().optional() }).loose()).max(200).default([]),
  }),
  findBankDomain: z.object({ bankName: name('bankName') }),
  peerComparison: z.object({ targetBankData: record, peerAnalysisData: record, cert: optionalCert, quarter: quarterSchema.optional(), again: z.boolean().default(false) }),
  bankNews: z.object({ bankName: name('bankName') }),
};

/** Why a call failed, prefixed as each feature words it. */
function failure(prefix: string, error: unknown): Error {
  if (error instanceof HttpError || error instanceof DomainError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new HttpError(error instanceof AiTimeoutError ? 504 : 502, `${prefix}${reason}`);
}

export function aiRoutes(knex: Knex, eventStore: EventStore, ai: AiService): Router[] {
  const gemini = new Router({ prefix: '/api/services/gemini' });
  const provider = ai.provider;
  const answer = (body: Record<string, unknown>) => ({ ...body, provider: provider.name, providerLabel: providerLabels[provider.name] });

  /** Appends what the model wrote as an event of the user's AI-analysis stream for the bank, stamped as coming from the AI. */
  async function saveAnalysis(userId: string, cert: number, kind: AnalysisKind, content: string, quarter: string | undefined) {
    const context = currentContext() ?? systemContext();
    await runWithContext({ ...context, userId, source: 'ai' }, () =>
      handleCommand(eventStore, aiAnalysisDecider, aiAnalysisStream(userId, cert), { type: 'SaveAnalysis', ownerId: userId, cert, kind, content, provider: provider.name, quarter: quarter ?? null }),
    );
  }

  /**
   * The quarter an analysis of a bank comments on: the one asked (400 when we hold no figures of it),
   * else the bank's newest. Resolved before the cache is asked, so each quarter has answers of its own.
   */
  async function analysisQuarter(cert: number | undefined, asked: string | undefined): Promise<string | undefined> {
    if (cert === undefined) return asked;
    try {
      return await quarterForBank(knex, cert, asked);
    } catch (error) {
      if (!(error instanceof DataQuestionError)) throw error;
      // With no figures held at all, an analysis without a quarter is still written, from what the browser sent.
      if (asked) throw new BadRequestError(error.message);
      return undefined;
    }
  }

  gemini.post('/test', async (ctx) => {
    try {
      const message = await ai.call({ feature: 'test', payload: {}, ttlMs: 0 }, (options) => provider.test(options));
      ctx.body = answer({ success: true, message });
    } catch (error) {
      ctx.body = answer({ success: false, message: `Error: ${error instanceof Error ? error.message : String(error)}` });
    }
  });

  /** The answer of an AI call, or the feature's error: `prefix` and the reason (502; 504 for a timeout). */
  const failingAs = async <T>(prefix: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw failure(prefix, error);
    }
  };

  gemini.post('/find-executives', async (ctx) => {
    const input = schemas.findExecutives.parse(ctx.request.body ?? {});
    const executives = await failingAs('Executive search failed: ', () =>
      ai.call({ feature: 'executives', payload: input, ttlMs: aiCacheTtlMs.executives }, (options) => provider.findExecutives(input.bankName, options)),
    );
    ctx.body = answer({ executives });
  });

  gemini.post('/find-leads', async (ctx) => {
    const input = schemas.findLeads.parse(ctx.request.body ?? {});
    const contacts = await failingAs('An error occurred: ', () => ai.call({ feature: 'leads', payload: input, ttlMs: aiCacheTtlMs.leads }, (options) => provider.findLeads(input.domain, options)));
    ctx.body = answer(contacts.length ? { contacts } : { contacts, message: 'No contacts found for this domain.' });
  });

  gemini.post('/market-summary', async (ctx) => {
    const input = schemas.marketSummary.parse(ctx.request.body ?? {});
    const summary = await failingAs('Error during AI analysis: ', () =>
      ai.call({ feature: 'market-summary', payload: input, ttlMs: aiCacheTtlMs.default }, (options) => provider.marketSummary(input.stats, options)),
    );
    ctx.body = answer({ summary });
  });

  const analysisRoute = (path: string, kind: 'summary' | 'risk', prefix: string) =>
    gemini.post(path, async (ctx) => {
      const user = signedInUser(ctx.state);
      const { again, ...asked } = schemas.analyzeBank.parse(ctx.request.body ?? {});
      const input = { ...asked, quarter: await analysisQuarter(asked.cert, asked.quarter) };
      const scope = { knex, userId: user.id };
      const analysis = await failingAs(prefix, () =>
        ai.call({ feature: `analysis-${kind}`, payload: input, ttlMs: aiCacheTtlMs.default, renew: again }, (options) =>
          kind === 'summary' ? provider.analyzeBank(input, scope, options) : provider.analyzeRisk(input, scope, options),
        ),
      );
      if (input.cert !== undefined) await saveAnalysis(user.id, input.cert, kind, analysis, input.quarter);
      ctx.body = answer({ analysis, quarter: input.quarter ?? null });
    });
  analysisRoute('/analyze-bank', 'summary', 'Error during AI analysis: ');
  analysisRoute('/analyze-risk', 'risk', 'Error during AI risk analysis: ');

  gemini.post('/analyze-peer-comparison', async (ctx) => {
    const user = signedInUser(ctx.state);
    const { again, ...asked } = schemas.peerComparison.parse(ctx.request.body ?? {});
    const input = { ...asked, quarter: await analysisQuarter(asked.cert, asked.quarter) };
    const analysis = await failingAs('Error during AI peer analysis: ', () =>
      ai.call({ feature: 'peers', payload: input, ttlMs: aiCacheTtlMs.default, renew: again }, (options) => provider.analyzePeers(input, options)),
    );
    if (input.cert !== undefined) await saveAnalysis(user.id, input.cert, 'peers', analysis, input.quarter);
    ctx.body = answer({ analysis, summary: analysis, quarter: input.quarter ?? null });
  });

  gemini.post('/generate-email', async (ctx) => {
    const user = signedInUser(ctx.state);
    const input = schemas.generateEmail.parse(ctx.request.body ?? {});
    const request = { ...input, senderName: typeof input.senderName === 'string' && input.senderName ? input.senderName : user.name || user.email };
    const body = await failingAs('Error during AI email generation: ', () =>
      ai.call({ feature: 'email', payload: request, ttlMs: aiCacheTtlMs.default, userId: user.id }, (options) => provider.generateEmail(request, options)),
    );
    ctx.body = answer({ body });
  });

  gemini.post('/generate-template', async (ctx) => {
    const input = schemas.generateTemplate.parse(ctx.request.body ?? {});
    const template = await failingAs('Template generation failed: ', () =>
      ai.call({ feature: 'template', payload: input, ttlMs: aiCacheTtlMs.default }, (options) =>
        savableDraft((problems) => provider.generateTemplate(input.prompt, problems, options), templateDraftProblems),
      ),
    );
    ctx.body = answer({ template });
  });

  gemini.post('/improve-template', async (ctx) => {
    const input = schemas.improveTemplate.parse(ctx.request.body ?? {});
    const template = await failingAs('Template improvement failed: ', () =>
      ai.call({ feature: 'template-improvement', payload: input, ttlMs: aiCacheTtlMs.default }, (options) =>
        savableDraft((problems) => provider.improveTemplate(input.template, problems, options), (draft) => templateDraftProblems(draft, input.template)),
      ),
    );
    ctx.body = answer({ template });
  });

  gemini.post('/generate-workflow', async (ctx) => {
    const user = signedInUser(ctx.state);
    const input = schemas.generateWorkflow.parse(ctx.request.body ?? {});
    const templates = input.availableTemplates.map((template) => ({ id: template.id, name: template.name, category: template.category, subject: template.subject }));
    const workflow = await failingAs('Workflow generation failed: ', () =>
      ai.call({ feature: 'workflow', payload: { prompt: input.prompt, templates }, ttlMs: aiCacheTtlMs.default, userId: user.id }, (options) =>
        savableDraft(
          (problems) => provider.generateWorkflow(input.prompt, templates, problems, options),
          async (draft) => workflowDraftProblems(draft, user.id, await knownTemplates(knex, user.id, draft.steps)),
        ),
      ),
    );
    ctx.body = answer({ workflow });
  });

  gemini.post('/find-bank-domain', async (ctx) => {
    const user = signedInUser(ctx.state);
    const input = schemas.findBankDomain.parse(ctx.request.body ?? {});
    const domain = await failingAs('AI domain search failed: ', () =>
      ai.call({ feature: 'bank-domain', payload: input, ttlMs: aiCacheTtlMs.bankDomain }, (options) => provider.findBankDomain(input.bankName, { knex, userId: user.id }, options)),
    );
    ctx.body = answer({ domain });
  });

  gemini.post('/generate-prompt-suggestions', async (ctx) => {
    // Asked for fresh ones: 'New Suggestions' must give new suggestions, so this answer is never cached.
    const suggestions = await failingAs('Failed to generate new prompt suggestions: ', () =>
      ai.call({ feature: 'suggestions', payload: { at: Date.now(), nonce: Math.random() }, ttlMs: 0 }, (options) => provider.promptSuggestions(options)),
    );
    ctx.body = answer({ suggestions });
  });

  gemini.post('/get-bank-news', async (ctx) => {
    const input = schemas.bankNews.parse(ctx.request.body ?? {});
    const news = await failingAs('An error occurred while fetching news: ', () =>
      ai.call({ feature: 'news', payload: input, ttlMs: aiCacheTtlMs.news }, (options) => provider.bankNews(input.bankName, options)),
    );
    ctx.body = answer({ ...news });
  });

  const data = new Router({ prefix: '/api/data' });
  data.get('/ai-analysis/:cert/:kind', async (ctx) => {
    const user = signedInUser(ctx.state);
    const cert = certParamSchema('cert').safeParse(ctx.params.cert);
    if (!cert.success) throw new BadRequestError(cert.error.issues[0].message);
    const kind = z.enum(analysisKinds).safeParse(ctx.params.kind);
    if (!kind.success) throw new BadRequestError(`The kind of analysis must be one of ${analysisKinds.join(', ')}.`);
    const quarter = quarterSchema.optional().safeParse(ctx.query.quarter);
    if (!quarter.success) throw new BadRequestError(`The quarter must be a report date like 20250630, not "${String(ctx.query.quarter)}".`);
    const row = await savedAnalysis(knex, user.id, cert.data, kind.data, quarter.data);
    // None saved yet is an empty answer, not an error: the bank detail asks on every open.
    ctx.status = 200;
    ctx.body = row
      ? { cert: row.cert, kind: row.kind, content: row.content, provider: row.provider, quarter: row.quarter || null, source: 'ai', updatedAt: new Date(row.updated_at).toISOString() }
      : 'null';
    ctx.type = 'application/json';
  });

  return [gemini, data];
}
