import Router from '@koa/router';
import { z } from 'zod';
import { certParamSchema } from '../../../domain/cert.ts';
import { groupThousands } from '../../../domain/format.ts';
import {
  EmailTemplateSyntaxError,
  helperCatalogue,
  placeholderCatalogue,
  renderEmail,
  starterTemplates,
} from '../../../domain/placeholders/index.ts';
import { signedInUser } from '../auth/authenticate.ts';
import { BadRequestError } from '../http/errors.ts';
import { emailBodyMaxLength } from '../outreach/templates/email-fields.ts';
import type { AppServices, Feature } from '../services.ts';
import { loadPlaceholderValues } from './values.ts';

/** Template text is bounded like a template's own fields. */
const templateText = (label: string, max: number) => z.string({ error: `${label} must be text.` }).max(max, `${label} can be at most ${groupThousands(max)} characters.`);

export const renderRequestSchema = z
  .object({
    subject: templateText('Subject', 500).default(''),
    // as long as a template's body may be, so every saved template can be filled in
    body: templateText('Body', emailBodyMaxLength),
    cert: certParamSchema('cert').nullish(),
    contactId: z.uuid({ error: 'contactId must be a contact id.' }).nullish(),
    format: z.enum(['text', 'html'], { error: "format must be 'text' or 'html'." }).default('text'),
    /** The writer's calendar day, which {{today}} writes: in a New York evening the server's clock (UTC) is on tomorrow. */
    today: z.iso.date({ error: 'today must be a date like 2026-12-31.' }).optional(),
  })
  .strict();

/** The catalogue without its value sources: the screens need names, labels, descriptions and examples. */
const catalogueForScreens = {
  groups: placeholderCatalogue.map((group) => ({
    id: group.id,
    label: group.label,
    placeholders: group.placeholders.map(({ name, label, description, kind, sample }) => ({ name, label, description, kind, sample })),
  })),
  helpers: helperCatalogue,
  starterTemplates,
};

export function placeholderRoutes(services: AppServices): Router {
  const router = new Router();
  router.get('/api/data/placeholders', (ctx) => {
    ctx.set('Cache-Control', 'private, max-age=300');
    ctx.body = catalogueForScreens;
  });
  router.post('/api/services/placeholders/render', async (ctx) => {
    const request = renderRequestSchema.parse(ctx.request.body ?? {});
    const values = await loadPlaceholderValues(services.knex, { userId: signedInUser(ctx.state).id, cert: request.cert, contactId: request.contactId }, request.today);
    try {
      ctx.body = renderEmail({ subject: request.subject, body: request.body }, values, { format: request.format });
    } catch (error) {
      if (!(error instanceof EmailTemplateSyntaxError)) throw error;
      throw new BadRequestError(error.message, { field: error.part, line: error.line, column: error.column });
    }
  });
  return router;
}

export const placeholdersFeature: Feature = { name: 'placeholders', routes: placeholderRoutes };
