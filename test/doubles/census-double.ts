import { HttpDouble, type RecordedRequest } from './server.ts';

/** One area as the double holds it: its code, NAME and any ACS variables (`B19013_001E`: '56000'). */
export type CensusArea = { code: string; NAME: string } & Record<string, string>;

const geographies: Record<string, 'cbsa' | 'csa'> = {
  'metropolitan statistical area/micropolitan statistical area': 'cbsa',
  'combined statistical area': 'csa',
};

/**
 * A local stand-in for the Census Data API (https://api.census.gov/data) serving
 * `/<year>/acs/acs5?get=NAME,VAR,...&for=<geography>:<codes|*>&key=` in the real format: a JSON
 * array of arrays of strings whose first row is the header, the geography code as the last
 * column. Unknown variables and geographies are 400s with the Census's plain-text errors; a query
 * matching no area is a 204 with an empty body, as the real API answers.
 * Its `url` is what CENSUS_API_URL is set to.
 */
export class CensusDouble extends HttpDouble {

  constructor(
    private readonly areas: { cbsa: CensusArea[]; csa: CensusArea[] },
    private readonly year = 2022,
  ) {
    super('/data');
  }

  protected answer(request: RecordedRequest): { status: number; body: string; contentType?: string } {
    const text = (status: number, body: string) => ({ status, body, contentType: 'text/plain' });
    if (request.path !== `/data/${this.year}/acs/acs5`) return text(404, `error: unknown dataset ${request.path}`);
    const get = request.params.get('get');
    const forClause = request.params.get('for');
    if (!get) return text(400, "error: missing 'get' clause");
    if (!forClause) return text(400, "error: missing 'for' clause");
    const separator = forClause.lastIndexOf(':');
    const geography = forClause.slice(0, separator);
    const kind = geographies[geography];
    if (separator < 0 || !kind) return text(400, 'error: unknown/unsupported geography hierarchy');
    const variables = get.split(',');
    const known = new Set(this.areas[kind].flatMap((area) => Object.keys(area)));
    const unknown = variables.find((variable) => variable !== 'NAME' && !/^[A-Z]\d{5}[A-Z]?_\d{3}[EM]$/.test(variable));
    if (unknown) return text(400, `error: error: unknown variable '${unknown}'`);
    const codes = forClause.slice(separator + 1);
    const wanted = codes === '*' ? undefined : new Set(codes.split(','));
    const rows = this.areas[kind]
      .filter((area) => !wanted || wanted.has(area.code))
      .map((area) => [...variables.map((variable) => (known.has(variable) ? (area[variable] ?? null) : null)), area.code]);
    if (rows.length === 0) return { status: 204, body: '' };
    return { status: 200, body: JSON.stringify([[...variables, geography], ...rows]) };
  }
}
