import { z } from 'zod';
import { largestCert } from '../../../domain/cert.ts';
import { bankAnswerSchema, bankListAnswerSchema, bankListQuerySchema, problemSchema } from './public-schemas.ts';

const schemaRef = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const json = (id: string, description: string) => ({ description, content: { 'application/json': { schema: schemaRef(id) } } });
/** Errors are sent as `application/problem+json`: a client that picks the schema by content type must find it there. */
const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: schemaRef('Problem') } } });

const errorsAt = (requestsPerMinute: number) => ({
  '401': problem('The X-API-Key header is missing or the key is unknown.'),
  // The API only reads: any other method is refused, whatever its body.
  '405': {
    ...problem('A method other than GET or HEAD: the path only reads.'),
    headers: { Allow: { schema: { type: 'string' }, description: 'The methods the path answers: HEAD, GET.' } },
  },
  '429': {
    ...problem(
      `Too many requests for this key (each key may send ${requestsPerMinute} a minute), or too many with an unknown key from your address; wait the seconds in Retry-After.`,
    ),
    headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait.' } },
  },
});

/** The public API's OpenAPI 3.1 document, its schemas generated from the zod schemas the routes validate with. */
export function openApiDocument(serverUrl: string, requestsPerMinute: number) {
  const errors = errorsAt(requestsPerMinute);
  // One JSON Schema (draft 2020-12, OpenAPI 3.1's dialect) for all answers; its named definitions become the components.
  const generated = z.toJSONSchema(z.object({ bankListAnswerSchema, bankAnswerSchema, problemSchema }), { target: 'draft-2020-12', unrepresentable: 'any' });
  const schemas = JSON.parse(JSON.stringify((generated as { $defs?: Record<string, unknown> }).$defs ?? {}).replaceAll('"#/$defs/', '"#/components/schemas/'));
  const query = z.toJSONSchema(bankListQuerySchema, { io: 'input' }) as { properties: Record<string, Record<string, unknown>> };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Charterline public API',
      version: '1.0.0',
      description:
        'Read your target banks from Charterline. Send your API key (Settings → API Access) in the X-API-Key header, from your own server: browsers do not let pages of other sites call it (no CORS), and a key in a web page would be anyone\'s. Money is in full dollars; ratios are percentages. A query parameter sent empty (page=) is taken as not sent.',
    },
    servers: [{ url: serverUrl }],
    security: [{ apiKey: [] }],
    paths: {
      '/api/public/banks': {
        get: {
          summary: 'List your target banks, the newest target first',
          operationId: 'listBanks',
          parameters: [
            { name: 'page', in: 'query', schema: { ...query.properties.page, minimum: 1, default: 1 }, description: 'Page number, from 1.' },
            { name: 'limit', in: 'query', schema: { ...query.properties.limit, minimum: 1, maximum: 100, default: 25 }, description: 'Banks per page, at most 100.' },
            {
              name: 'after',
              in: 'query',
              schema: query.properties.after,
              description:
                "The previous page's meta.next: the page of the banks that follow it. Reading every bank this way misses none and repeats none while targets are added or removed (a page number shifts with them). Not with page.",
            },
          ],
          responses: { '200': json('BankList', 'One page of your target banks.'), '400': problem('A page or limit out of range, an after not sent by this API, or both page and after.'), ...errors },
        },
      },
      '/api/public/banks/{cert}': {
        get: {
          summary: 'One of your target banks',
          operationId: 'getBank',
          parameters: [{ name: 'cert', in: 'path', required: true, schema: { type: 'integer', minimum: 1, maximum: largestCert }, description: 'FDIC certificate number.' }],
          responses: {
            '200': json('BankAnswer', 'The bank.'),
            '400': problem(`A cert that is not a whole number from 1 to ${largestCert}.`),
            '404': problem('Not one of your target banks.'),
            ...errors,
          },
        },
      },
    },
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } },
      schemas,
    },
  };
}
