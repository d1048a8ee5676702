import Router from '@koa/router';
import { z } from 'zod';
import { signedInUser } from '../auth/authenticate.ts';
import { BadRequestError } from '../http/errors.ts';
import type { Feature } from '../services.ts';

/** The AI texts a user can keep per bank: the bank summary and the risk assessment. */
export const analysisKinds = ['summary', 'risk'] as const;
export type AnalysisKind = (typeof analysisKinds)[number];

const paramsSchema = z.object({
  cert: z.coerce.number({ error: 'The bank (cert) must be a number.' }).int('The bank (cert) must be a whole number.').positive('The bank (cert) must be a positive number.'),
  kind: z.enum(analysisKinds, { error: 'The analysis kind must be summary or risk.' }),
});

export type SavedAnalysis = { cert: number; kind: AnalysisKind; content: string; generatedAt: string };

/**
 * The analysis the user saved for a bank, or null. No analysis is stored yet (the AI analyst that
 * writes them is still to come), so every bank answers "none saved": the reader exists so the bank
 * detail can ask without an error, and the store replaces this body.
 */
async function findSavedAnalysis(_userId: string, _cert: number, _kind: AnalysisKind): Promise<SavedAnalysis | null> {
  return null;
}

/**
 * GET /api/data/ai-analysis/:cert/:kind: the saved AI text of a bank for the signed-in user. "None
 * saved yet" is an empty answer (200 with null), not an error: the bank detail asks on every open.
 */
export const aiAnalysisFeature: Feature = {
  name: 'ai-analysis',
  routes: () => {
    const router = new Router({ prefix: '/api/data/ai-analysis' });
    router.get('/:cert/:kind', async (ctx) => {
      const user = signedInUser(ctx.state);
      const params = paramsSchema.safeParse(ctx.params);
      if (!params.success) throw new BadRequestError(params.error.issues[0]?.message ?? 'Invalid request.');
      ctx.status = 200;
      ctx.type = 'application/json';
      ctx.body = JSON.stringify(await findSavedAnalysis(user.id, params.data.cert, params.data.kind));
    });
    return router;
  },
};
