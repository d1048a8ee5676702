import type { Feature } from '../services.ts';
import { analystRoutes } from './chat/routes.ts';
import { aiRoutes } from './routes.ts';
import { createAiService } from './service.ts';

/** The AI analyst: the Analyst Chat, every AI endpoint and the saved analyses, on Gemini or the offline analyst. */
export const aiFeature: Feature = {
  name: 'ai',
  routes: ({ config, knex, eventStore }) => {
    const ai = createAiService(config, knex);
    return [analystRoutes(knex, ai), ...aiRoutes(knex, eventStore, ai)];
  },
};
