import { BadRequestError } from '../http/errors.ts';
import { fieldCatalog, type FieldSpec } from './fields.ts';

/**
 * The BankFind filter language, parsed against the field whitelist of fields.ts:
 *   ACTIVE:1 AND REGAGNT:OCC AND BKCLASS:N      equality (AND, OR, NOT, parentheses)
 *   ROAQ:[0.5 TO 1.0]   ASSET:{100 TO *}         inclusive [ ] / exclusive { } ranges, * open
 *   ROAQ:<0.5   ROAQ:>=1                          comparisons
 *   NAME: *text*   NAME:"First Bank"              wildcard search (case-insensitive) and quoted values
 *   NAME:"*Bank of America, N.A.*"               a quoted search: any character but " and \ as itself
 *   NAME:"*say \"hi\"*"   NAME:O\'Bannon\ Bank     a backslash makes the next character plain text
 *   STALP:(TX OR OK)                              any of several values
 * The result is a tree of conditions with field specs and typed values; query code turns it into
 * parameterised SQL. Anything else is a 400 that names the problem.
 */

export type Comparison = '=' | '<' | '<=' | '>' | '>=';

export type Condition =
  | { kind: 'compare'; field: FieldSpec; op: Comparison; value: string | number | boolean }
  | { kind: 'range'; field: FieldSpec; low: number | string | null; high: number | string | null; lowInclusive: boolean; highInclusive: boolean }
  | { kind: 'match'; field: FieldSpec; pattern: string }
  | { kind: 'in'; field: FieldSpec; values: Array<string | number | boolean> }
  | { kind: 'and' | 'or'; conditions: Condition[] }
  | { kind: 'not'; condition: Condition };

/**
 * A token; a quoted value also says whether it starts or ends with a wildcard (an unescaped `*`,
 * not part of its text).
 */
type Token = { type: 'word' | 'quoted' | '(' | ')' | '[' | ']' | '{' | '}' | ':'; text: string; position: number; wildcardStart?: boolean; wildcardEnd?: boolean };

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < input.length) {
    const char = input[index];
    if (/\s/.test(char)) {
      index += 1;
    } else if ('()[]{}:'.includes(char)) {
      tokens.push({ type: char as Token['type'], text: char, position: index });
      index += 1;
    } else if (char === '"') {
      const start = index;
      let text = '';
      let wildcardStart = false;
      let wildcardEnd = false;
      index += 1;
      for (;;) {
        if (index >= input.length) throw new BadRequestError(`The filter has an unclosed quote at position ${start + 1}.`);
        const next = input[index];
        if (next === '"') break;
        wildcardEnd = false;
        if (next === '\\' && index + 1 < input.length) {
          text += input[index + 1];
          index += 2;
        } else if (next === '*' && (text === '' || input[index + 1] === '"')) {
          if (text === '' && !wildcardStart) wildcardStart = true;
          else wildcardEnd = true;
          index += 1;
        } else {
          text += next;
          index += 1;
        }
      }
      tokens.push({ type: 'quoted', text, position: start, wildcardStart, wildcardEnd });
      index += 1;
    } else {
      let text = '';
      const start = index;
      while (index < input.length && !/[\s()[\]{}:"]/.test(input[index])) {
        if (input[index] === '\\' && index + 1 < input.length) {
          text += input[index + 1];
          index += 2;
        } else {
          text += input[index];
          index += 1;
        }
      }
      tokens.push({ type: 'word', text, position: start });
    }
  }
  return tokens;
}

function typedValue(field: FieldSpec, text: string): string | number | boolean {
  if (field.type === 'number') {
    const number = Number(text);
    if (text.trim() === '' || !Number.isFinite(number)) throw new BadRequestError(`The filter value "${text}" for ${field.code} is not a number.`);
    return number;
  }
  if (field.type === 'flag') {
    if (['1', 'true', 'Y'].includes(text)) return true;
    if (['0', 'false', 'N'].includes(text)) return false;
    throw new BadRequestError(`The filter value "${text}" for ${field.code} must be 1 or 0.`);
  }
  if (field.type === 'date') {
    const match = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(text);
    if (!match) throw new BadRequestError(`The filter value "${text}" for ${field.code} is not a date (YYYYMMDD or YYYY-MM-DD).`);
    return `${match[1]}-${match[2]}-${match[3]}`;
  }
  // Codes (state, regulator, charter class) are stored upper-case: compare them as such, so the
  // planner can use plain equality and its statistics.
  return field.upperCase ? text.toUpperCase() : text;
}

class Parser {
  private position = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly source: string,
  ) {}

  parse(): Condition {
    const condition = this.parseOr();
    if (this.position < this.tokens.length) this.fail(`Unexpected "${this.tokens[this.position].text}"`);
    return condition;
  }

  private fail(message: string): never {
    const token = this.tokens[this.position];
    const where = token ? ` at position ${token.position + 1}` : ' at the end';
    throw new BadRequestError(`${message}${where} of the filter "${this.source}".`);
  }

  private peekWord(word: string): boolean {
    const token = this.tokens[this.position];
    return token?.type === 'word' && token.text.toUpperCase() === word;
  }

  private expect(type: Token['type']): Token {
    const token = this.tokens[this.position];
    if (token?.type !== type) this.fail(`Expected "${type}"`);
    this.position += 1;
    return token;
  }

  private parseOr(): Condition {
    const conditions = [this.parseAnd()];
    while (this.peekWord('OR')) {
      this.position += 1;
      conditions.push(this.parseAnd());
    }
    return conditions.length === 1 ? conditions[0] : { kind: 'or', conditions };
  }

  private parseAnd(): Condition {
    const conditions = [this.parseUnary()];
    while (this.position < this.tokens.length && this.tokens[this.position].type !== ')' && !this.peekWord('OR')) {
      if (this.peekWord('AND')) this.position += 1;
      conditions.push(this.parseUnary());
    }
    return conditions.length === 1 ? conditions[0] : { kind: 'and', conditions };
  }

  private parseUnary(): Condition {
    if (this.peekWord('NOT')) {
      this.position += 1;
      return { kind: 'not', condition: this.parseUnary() };
    }
    const token = this.tokens[this.position];
    if (!token) this.fail('Expected a condition');
    if (token.type === '(') {
      this.position += 1;
      const inner = this.parseOr();
      this.expect(')');
      return inner;
    }
    return this.parseClause();
  }

  private parseClause(): Condition {
    const nameToken = this.tokens[this.position];
    if (nameToken.type !== 'word') this.fail(`Expected a field name, found "${nameToken.text}"`);
    let code = nameToken.text.toUpperCase();
    let negate = false;
    if (code.startsWith('!') || code.startsWith('-')) {
      negate = true;
      code = code.slice(1);
    }
    const field = fieldCatalog.get(code);
    if (!field) throw new BadRequestError(`The filter field "${nameToken.text}" is not one that can be filtered on.`);
    this.position += 1;
    this.expect(':');
    const condition = this.parseValue(field);
    return negate ? { kind: 'not', condition } : condition;
  }

  private parseValue(field: FieldSpec): Condition {
    const token = this.tokens[this.position];
    if (!token) this.fail(`Expected a value for ${field.code}`);
    if (token.type === '[' || token.type === '{') return this.parseRange(field);
    if (token.type === '(') {
      this.position += 1;
      const values: Array<string | number | boolean> = [];
      while (this.tokens[this.position] && this.tokens[this.position].type !== ')') {
        if (this.peekWord('OR')) {
          this.position += 1;
          continue;
        }
        const valueToken = this.tokens[this.position];
        if (valueToken.type !== 'word' && valueToken.type !== 'quoted') this.fail(`Expected a value for ${field.code}`);
        values.push(typedValue(field, valueToken.text));
        this.position += 1;
      }
      this.expect(')');
      if (values.length === 0) this.fail(`Expected at least one value for ${field.code}`);
      return { kind: 'in', field, values };
    }
    if (token.type !== 'word' && token.type !== 'quoted') this.fail(`Expected a value for ${field.code}`);
    this.position += 1;
    if (token.type === 'quoted' && (token.wildcardStart || token.wildcardEnd)) {
      if (field.type !== 'text') throw new BadRequestError(`Wildcards work on text fields only, not on ${field.code}.`);
      if (!token.text.trim()) throw new BadRequestError(`The search on ${field.code} needs some text besides "*".`);
      return { kind: 'match', field, pattern: token.text.trim() };
    }
    let text = token.text;
    // "NAME: *first national*": a wildcard search may span several words.
    if (token.type === 'word' && text.startsWith('*') && (text.length === 1 || !text.endsWith('*'))) {
      while (this.tokens[this.position]?.type === 'word' && !text.endsWith('*')) {
        text += ` ${this.tokens[this.position].text}`;
        this.position += 1;
      }
    }
    if (token.type === 'word' && text.includes('*')) {
      if (field.type !== 'text') throw new BadRequestError(`Wildcards work on text fields only, not on ${field.code}.`);
      const pattern = text.replace(/\*/g, '').trim();
      if (!pattern) throw new BadRequestError(`The search on ${field.code} needs some text besides "*".`);
      return { kind: 'match', field, pattern };
    }
    const comparison = token.type === 'word' ? /^(<=|>=|<|>)(.+)$/.exec(text) : null;
    if (comparison) {
      if (field.type === 'text' || field.type === 'flag') throw new BadRequestError(`Comparisons work on numbers and dates only, not on ${field.code}.`);
      return { kind: 'compare', field, op: comparison[1] as Comparison, value: typedValue(field, comparison[2]) };
    }
    return { kind: 'compare', field, op: '=', value: typedValue(field, text) };
  }

  private parseRange(field: FieldSpec): Condition {
    if (field.type !== 'number' && field.type !== 'date') throw new BadRequestError(`Ranges work on numbers and dates only, not on ${field.code}.`);
    const open = this.tokens[this.position];
    this.position += 1;
    const bound = () => {
      const token = this.tokens[this.position];
      if (token?.type !== 'word') this.fail(`Expected a range bound for ${field.code}`);
      this.position += 1;
      return token.text === '*' ? null : (typedValue(field, token.text) as number | string);
    };
    const low = bound();
    if (!this.peekWord('TO')) this.fail(`Expected "TO" in the range for ${field.code}`);
    this.position += 1;
    const high = bound();
    const close = this.tokens[this.position];
    if (close?.type !== ']' && close?.type !== '}') this.fail(`Expected "]" or "}" to close the range for ${field.code}`);
    this.position += 1;
    return { kind: 'range', field, low, high, lowInclusive: open.type === '[', highInclusive: close.type === ']' };
  }
}

/** Parses a filter expression; an empty or blank one gives null (no condition). */
export function parseFilter(input: string | undefined | null): Condition | null {
  if (!input || input.trim() === '') return null;
  if (input.length > 2000) throw new BadRequestError('The filter is too long (2,000 characters at most).');
  return new Parser(tokenize(input), input).parse();
}
