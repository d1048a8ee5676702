import Handlebars from 'handlebars';
import { placeholdersByLowerName, type PlaceholderKind } from './catalogue.ts';
import { countText, dateText, moneyText, percentText, type DateStyle } from './formats.ts';
import { interpret, TemplateRuleError, type TemplateNode as Node } from './interpret.ts';

/**
 * The placeholder engine: Handlebars with names and helpers matched case-insensitively
 * (`{{BankName}}`, `{{bankname}}` and `{{BANKNAME}}` are one placeholder). A template is parsed
 * once, every name in it rewritten to its lower-case form, and compiled; values are looked up by
 * lower-case name. The same code renders the browser preview and the mail the server sends.
 */

/** Values by placeholder name (any letter case). */
export type PlaceholderValues = Readonly<Record<string, unknown>>;
export type RenderFormat = 'text' | 'html';
export type RenderResult = { output: string; unknown: string[]; missing: string[] };

export class PlaceholderSyntaxError extends Error {
  constructor(
    readonly reason: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`Template syntax error at line ${line}, column ${column}: ${reason}`);
    this.name = 'PlaceholderSyntaxError';
  }
}

export const missingValueText = 'N/A';
/** Who signs the mail, when the user has neither a name nor an email on file. */
export const missingSenderText = '[Your Name]';
const missingTextOf = (lowerName: string) => (lowerName === 'sendername' ? missingSenderText : missingValueText);

const isMissing = (value: unknown) => value === undefined || value === null || Number.isNaN(value) || (typeof value === 'string' && !/\S/.test(value));

type HelperOptions = { name: string; hash: Record<string, unknown> };

/** Helpers by lower-case name; the last argument Handlebars passes is always its options object. */
const helpers: Record<string, (...args: unknown[]) => unknown> = {
  money: (value) => moneyText(value) ?? missingValueText,
  percent: (value) => percentText(value) ?? missingValueText,
  count: (value) => countText(value) ?? missingValueText,
  date: (value, ...rest) => {
    const style = rest.length > 1 && typeof rest[0] === 'string' ? (rest[0].toLowerCase() as DateStyle) : 'long';
    return dateText(value, ['long', 'short', 'iso'].includes(style) ? style : 'long') ?? missingValueText;
  },
  fallback: (value, ...rest) => {
    const alternative = rest.length > 1 ? rest[0] : undefined;
    // a text given explicitly is used as written, an empty one too
    if (!isMissing(value)) return value;
    return typeof alternative === 'string' || !isMissing(alternative) ? alternative : missingValueText;
  },
};

export const helperCatalogue: Array<{ name: string; description: string; example: string }> = [
  { name: 'money', description: 'Dollars with T, B, M or K and two decimals.', example: '{{money totalAssets}} → $1.23B' },
  { name: 'percent', description: 'A ratio with two decimals and a % sign.', example: '{{percent roa}} → 1.12%' },
  { name: 'count', description: 'A whole number with thousands separators.', example: '{{count officeCount}} → 12' },
  { name: 'date', description: 'A date as Mar 31, 2026; add "short" for 03/31/2026 or "iso" for 2026-03-31.', example: '{{date reportDate "short"}} → 06/30/2026' },
  { name: 'fallback', description: 'The value, or the given text when the value is missing.', example: '{{fallback contactFirstName "there"}} → there' },
];

const formatterOfKind: Partial<Record<PlaceholderKind, string>> = { money: 'money', percent: 'percent', date: 'date', count: 'count' };

const exampleOf = (helper: string) => helperCatalogue.find((entry) => entry.name === helper)!.example.split(' → ')[0];
const numberKinds: readonly PlaceholderKind[] = ['money', 'percent', 'count'];
const dateStyles = ['long', 'short', 'iso'];

/**
 * Why a call of one of our helpers cannot be rendered as its writer meant, or undefined when it can.
 * money, percent and count take one number, date one date and an optional style, fallback a value and
 * its text. A call given anything else would put N/A, a wrong style or "[object Object]" in every
 * email sent with the template, so it is refused like a syntax error, where it was written.
 */
function helperMisuse(helper: string, params: Node[]): string | undefined {
  const placeholderOf = (param: Node | undefined) => {
    const name = param && placeholderNameOf(param);
    return name === undefined ? undefined : placeholdersByLowerName.get(name.toLowerCase());
  };
  const wrongKind = (param: Node | undefined, kinds: readonly PlaceholderKind[], what: string) => {
    const placeholder = placeholderOf(param);
    return placeholder && !kinds.includes(placeholder.kind) ? `{{${helper}}} formats ${what} and ${placeholder.name} is not one: write {{${placeholder.name}}} alone, or ${exampleOf(helper)}.` : undefined;
  };
  switch (helper) {
    case 'money':
    case 'percent':
    case 'count':
      return params.length === 1 ? wrongKind(params[0], numberKinds, 'a number') : `{{${helper}}} takes one number placeholder, as in ${exampleOf(helper)}.`;
    case 'date': {
      if (params.length < 1 || params.length > 2) return `{{date}} takes one date placeholder and an optional style, as in ${exampleOf(helper)}.`;
      const style = params[1];
      if (style && !(style.type === 'StringLiteral' && dateStyles.includes(String(style.value).toLowerCase()))) return `the style of {{date}} is "long", "short" or "iso", as in ${exampleOf(helper)}.`;
      return wrongKind(params[0], ['date'], 'a date');
    }
    case 'fallback':
      return params.length === 2 ? undefined : `{{fallback}} takes a placeholder and the text to show when it is missing, as in ${exampleOf(helper)}.`;
    default:
      return undefined;
  }
}
const builtInBlockHelpers = new Set(['if', 'unless', 'each', 'with', 'lookup', 'log']);

// A name without a value renders its missing text; an unknown helper given arguments does too.
const helperMissing = (...args: unknown[]) => missingTextOf((args[args.length - 1] as HelperOptions).name);

type Compiled = { template: (values: Record<string, unknown>) => string; unknown: string[]; referenced: string[] };

/** Templates compiled once and reused: most sends render the same few templates over and over. */
const compiledTemplates = new Map<string, Compiled>();
const compiledTemplatesLimit = 500;

function compile(source: string, format: RenderFormat): Compiled {
  const cacheKey = `${format}\u0000${source}`;
  const cached = compiledTemplates.get(cacheKey);
  if (cached) return cached;
  const program = parse(source);
  const unknown = new Set<string>();
  const referenced = new Set<string>();
  rewrite(program, { format, unknown, referenced, enteredBlocks: 0, inEach: false });
  const template = (values: Record<string, unknown>) => {
    try {
      return interpret(program, values, { helpers, helperMissing, escape: format === 'html' });
    } catch (error) {
      if (error instanceof TemplateRuleError) throw new PlaceholderSyntaxError(error.message, error.loc?.start.line ?? 1, (error.loc?.start.column ?? 0) + 1);
      throw error;
    }
  };
  // a block used wrongly (`{{#if}}` with no value) shows only when rendered: render once to find it now
  template({});
  const compiled: Compiled = { template, unknown: [...unknown], referenced: [...referenced] };
  if (compiledTemplates.size >= compiledTemplatesLimit) compiledTemplates.delete(compiledTemplates.keys().next().value as string);
  compiledTemplates.set(cacheKey, compiled);
  return compiled;
}

/**
 * Block tags (`{{#name}}`, `{{^name}}`, `{{/name}}`) and `{{else}}` as written, comments and escaped `\\{{` skipped.
 * Handlebars matches them letter for letter; helpers and names here match in any letter case, so
 * before parsing a closer takes the letter case of its opener and `{{ELSE}}` is read as `{{else}}`.
 */
const blockTagPattern = /\{\{!--[\s\S]*?--\}\}|\{\{![\s\S]*?\}\}|(?<!\\)(\{\{~?\s*)([#^/])(\s*)([^\s{}~()]+)|(?<!\\)(\{\{~?\s*)(else)(?=[\s}~])/gi;
function matchBlockTagCase(source: string): string {
  const openNames: string[] = [];
  return source.replace(blockTagPattern, (tag, start?: string, sign?: string, space?: string, name?: string, elseStart?: string) => {
    if (elseStart !== undefined) return `${elseStart}else`;
    if (name === undefined) return tag;
    if (sign !== '/') {
      openNames.push(name);
      return tag;
    }
    const openName = openNames.pop();
    return openName?.toLowerCase() === name.toLowerCase() ? `${start}/${space}${openName}` : tag;
  });
}

/**
 * How deep blocks (`{{#if}}` in `{{#if}}`, each `{{else if}}` of a chain counting as one more) and
 * sub-expressions (`(fallback (fallback x))`) may nest. No email needs more, and the parser's time
 * grows with the square of the depth: a body of `{{#if}}` tags 5,000 deep held the server for two
 * minutes before failing with an error about something else.
 */
export const maxNesting = 100;

/** Every placeholder and block tag, its text after `{{` and `~`; comments and escaped `\\{{` skipped. */
const tagPattern = /\{\{!--[\s\S]*?--\}\}|\{\{![\s\S]*?\}\}|(?<!\\)\{\{~?\s*([^}]*)\}\}/g;

/** Where the source first nests deeper than `maxNesting`, as a syntax error, or undefined. */
function nestingError(source: string): PlaceholderSyntaxError | undefined {
  // each open block's depth: 1, plus 1 for every `{{else if}}` chained onto it
  const blocks: number[] = [];
  let blockDepth = 0;
  for (const match of source.matchAll(tagPattern)) {
    const inside = match[1];
    if (inside === undefined) continue;
    if (/^[#^]\s*[^\s~]/.test(inside)) {
      blocks.push(1);
      blockDepth += 1;
    } else if (inside.startsWith('/')) {
      blockDepth -= blocks.pop() ?? 0;
    } else if (/^else\s+[^\s~]/i.test(inside) && blocks.length > 0) {
      blocks[blocks.length - 1] += 1;
      blockDepth += 1;
    }
    let parentheses = 0;
    let deepest = 0;
    for (const character of inside) {
      if (character === '(') deepest = Math.max(deepest, ++parentheses);
      else if (character === ')') parentheses = Math.max(0, parentheses - 1);
    }
    if (blockDepth > maxNesting || deepest > maxNesting) {
      const before = source.slice(0, match.index);
      const line = before.split('\n').length;
      const column = match.index - before.lastIndexOf('\n');
      const what = blockDepth > maxNesting ? 'blocks' : 'helpers in parentheses';
      return new PlaceholderSyntaxError(`${what} are nested more than ${maxNesting} deep: close some before opening more.`, line, column);
    }
  }
  return undefined;
}

/** A block tag with spaces between `{{` (or `{{~`) and its `#`, `^` or `/`; comments and escaped `\\{{` skipped. */
const spacedBlockTagPattern = /\{\{!--[\s\S]*?--\}\}|\{\{![\s\S]*?\}\}|(?<!\\)\{\{(~?)\s+([#^/])\s*([^\s{}~()]*)/g;

/**
 * Where a block tag is written with a space after its `{{` (`{{ /if }}`, `{{ #if x}}`), as a syntax
 * error saying how to write it, or undefined. Handlebars reads `#`, `^` and `/` as a block's only
 * right after the braces, so such a tag fails to parse, and its parser names no more than a
 * placeholder not written properly.
 */
function spacedBlockTagError(source: string): PlaceholderSyntaxError | undefined {
  for (const match of source.matchAll(spacedBlockTagPattern)) {
    const [, tilde, sign, name] = match;
    if (sign === undefined) continue;
    const written = `{{${tilde}${sign}${name || 'name'}${sign === '/' ? '}}' : ' …}}'}`;
    const before = source.slice(0, match.index);
    return new PlaceholderSyntaxError(`a block tag has a space after {{: write it as ${written}, with no space before the ${sign}.`, before.split('\n').length, match.index - before.lastIndexOf('\n'));
  }
  return undefined;
}

function parse(source: string): Node {
  const tooDeep = nestingError(source);
  if (tooDeep) throw tooDeep;
  try {
    return Handlebars.parse(matchBlockTagCase(source)) as unknown as Node;
  } catch (error) {
    // Only a template that fails to parse is looked at: a space the parser accepted is no error.
    throw spacedBlockTagError(source) ?? syntaxErrorOf(error);
  }
}

/** The parser reports where it stopped through its lexer; block mismatches carry their own position. */
function syntaxErrorOf(error: unknown): PlaceholderSyntaxError {
  if (error instanceof PlaceholderSyntaxError) return error;
  const failure = error as { message?: string; lineNumber?: number; column?: number };
  const message = String(failure.message ?? error);
  if (typeof failure.lineNumber === 'number') {
    return new PlaceholderSyntaxError(message.replace(/ - \d+:\d+$/, '').replace(/^(\w+) doesn't match (\w+)$/, '{{#$1}} is closed by {{/$2}}: close it with {{/$1}}.'), failure.lineNumber, (failure.column ?? 0) + 1);
  }
  const position = (Handlebars as unknown as { Parser: { lexer: { yylloc?: { first_line: number; first_column: number } } } }).Parser.lexer.yylloc;
  return new PlaceholderSyntaxError(reasonOf(message), position?.first_line ?? 1, (position?.first_column ?? 0) + 1);
}

/** The parser's grammar terms, said the way a person writing an email would understand them. */
function reasonOf(parserMessage: string): string {
  const got = /got '(\w+)'/.exec(parserMessage)?.[1];
  if (got === 'EOF') return /OPEN_ENDBLOCK|INVERSE/.test(parserMessage) ? 'a {{#block}} is never closed.' : 'the template ends inside a placeholder: close it with }}.';
  if (got === 'CLOSE') return 'a placeholder is empty: write a name between {{ and }}.';
  if (got === 'CLOSE_UNESCAPED') return 'a placeholder has too many closing braces: use {{name}}.';
  if (got === 'OPEN_ENDBLOCK') return 'a closing {{/block}} has no opening {{#block}}.';
  if (got === 'INVALID') return 'a placeholder is not closed properly: write {{name}}.';
  return 'a placeholder is not written properly: write {{name}}.';
}

/**
 * What a walk has seen so far, how many blocks around the current node enter a value (`{{#each}}`,
 * `{{#with}}`, a block named after a value): inside none, `{{this}}` would be the values as a whole;
 * and whether it is inside an `{{#each}}`, outside which `{{@index}}` and its kin are nothing.
 */
type Walk = { format: RenderFormat; unknown: Set<string>; referenced: Set<string>; enteredBlocks: number; inEach: boolean };

/** What `{{#each}}` tells the part it repeats. */
const loopReferences = new Set(['index', 'key', 'first', 'last']);

/** `@root.x` names the placeholder x from anywhere, `@root` matched in any letter case like every name. */
const isRootPath = (path: Node) => path.data && String(path.parts[0]).toLowerCase() === 'root';

/**
 * The placeholder a value path names, as written: `x`, `this.x`, `../x` and `@root.x` all name x.
 * Undefined for Handlebars' own references (`this`, `@index`, `@root` alone).
 */
function placeholderNameOf(path: Node): string | undefined {
  if (path.type !== 'PathExpression') return undefined;
  const parts = path.parts as string[];
  if (path.data) return isRootPath(path) && parts.length > 1 ? parts.slice(1).join('.') : undefined;
  return parts.length > 0 ? parts.join('.') : undefined;
}

const blockName = (node: Node) => (node.type === 'BlockStatement' && node.path.type === 'PathExpression' && !node.path.data ? String(node.path.original).toLowerCase() : undefined);

/**
 * Whether a block is named after a value (`{{#bankName}}...{{/bankName}}`): its part shows when the
 * value is there, as with `{{#if}}`, with the value as `this`.
 */
function isValueBlock(node: Node): boolean {
  const name = blockName(node);
  const isCall = node.params?.length > 0 || (node.hash?.pairs.length ?? 0) > 0;
  return name !== undefined && !isCall && !(name in helpers) && !builtInBlockHelpers.has(name);
}

/** Whether a block's own part runs with a value of its own as `this` (its `{{else}}` part never does). */
function entersValue(node: Node): boolean {
  const name = blockName(node);
  return name === 'each' || name === 'with' || isValueBlock(node);
}

/** Lower-cases every name and helper, records unknown and used names, formats bare names by kind, and escapes everything in HTML. */
function rewrite(node: Node | null | undefined, walk: Walk): void {
  if (!node) return;
  switch (node.type) {
    case 'Program':
      for (const statement of node.body as Node[]) rewrite(statement, walk);
      return;
    case 'MustacheStatement':
    case 'SubExpression':
    case 'BlockStatement': {
      const named = node.type === 'MustacheStatement' ? placeholderLookedUp(node, walk) : undefined;
      // `{{lookup this "bankName"}}` is `{{@root.bankName}}`, read as `{{bankName}}` is.
      if (named) {
        node.path = named;
        node.params = [];
        node.hash = undefined;
      }
      const written = node.path.type === 'PathExpression' && !node.path.data ? String(node.path.original).toLowerCase() : '';
      const misuse = Object.hasOwn(helpers, written) ? helperMisuse(written, node.params as Node[]) : undefined;
      if (misuse) throw new PlaceholderSyntaxError(misuse, node.loc?.start.line ?? 1, (node.loc?.start.column ?? 0) + 1);
      const isCall = node.type !== 'MustacheStatement' || node.params.length > 0 || (node.hash?.pairs.length ?? 0) > 0;
      if (isValueBlock(node)) rewriteValuePath(node.path, walk);
      else if (isCall) rewriteHelperName(node.path, walk);
      else {
        const placeholder = rewriteValuePath(node.path, walk);
        const formatter = placeholder && formatterOfKind[placeholder.kind];
        if (formatter) {
          node.params = [node.path];
          node.path = { type: 'PathExpression', data: false, depth: 0, parts: [formatter], original: formatter, loc: node.path.loc };
        }
      }
      for (const parameter of node.params as Node[]) rewriteExpression(parameter, walk);
      for (const pair of (node.hash?.pairs ?? []) as Node[]) rewriteExpression(pair.value, walk);
      if (node.type === 'MustacheStatement' && walk.format === 'html') node.escaped = true;
      const inEach = walk.inEach || blockName(node) === 'each';
      rewrite(node.program, entersValue(node) ? { ...walk, enteredBlocks: walk.enteredBlocks + 1, inEach } : walk);
      rewrite(node.inverse, walk);
      return;
    }
    case 'PartialStatement':
    case 'PartialBlockStatement':
    case 'DecoratorBlock':
    case 'Decorator':
      throw new PlaceholderSyntaxError('partials and decorators ({{> ...}}, {{* ...}}) cannot be used in an email.', node.loc?.start.line ?? 1, (node.loc?.start.column ?? 0) + 1);
    default:
      return;
  }
}

function rewriteExpression(node: Node, walk: Walk): void {
  const named = node.type === 'SubExpression' ? placeholderLookedUp(node, walk) : undefined;
  // `(lookup this "roa")` is the placeholder's value, as `roa` is: the call becomes its name.
  if (named) {
    for (const key of Object.keys(node)) if (key !== 'loc') delete node[key];
    Object.assign(node, named);
  }
  if (node.type === 'PathExpression') rewriteValuePath(node, walk);
  else if (node.type === 'SubExpression') rewrite(node, walk);
}

/**
 * Whether a path is the values as a whole: `this` (or `.`) outside every block that enters a value
 * (`..` steps out of one such block), or `@root` alone.
 */
function namesWholeValues(path: Node | undefined, walk: Walk): boolean {
  if (path?.type !== 'PathExpression') return false;
  if (path.data) return isRootPath(path) && path.parts.length === 1;
  return path.parts.length === 0 && walk.enteredBlocks - (path.depth ?? 0) <= 0;
}

/**
 * The placeholder a `lookup` of the values as a whole names (`{{lookup this "bankName"}}`,
 * `{{lookup @root "BankName"}}`), as the path `{{@root.bankName}}`, or undefined for any other
 * call. Handlebars' lookup would read the name as written among values kept by lower-case name, and
 * find nothing: read as the placeholder, it matches in any letter case and is formatted by kind, as
 * every placeholder is. Only a name in quotes says which placeholder: a value as the name (`{{lookup
 * this bankName}}` would look up the bank's name as a placeholder) is refused where it was written.
 */
function placeholderLookedUp(node: Node, walk: Walk): Node | undefined {
  const isLookup = node.path.type === 'PathExpression' && !node.path.data && String(node.path.original).toLowerCase() === 'lookup';
  if (!isLookup || node.type === 'BlockStatement' || !namesWholeValues(node.params[0], walk)) return undefined;
  const name = node.params[1] as Node | undefined;
  if (node.params.length !== 2 || name?.type !== 'StringLiteral' || (node.hash?.pairs.length ?? 0) > 0 || !/\S/.test(String(name.value))) {
    const container = String(node.params[0].original);
    throw new PlaceholderSyntaxError(
      `{{lookup ${container}}} takes a placeholder's name in quotes, as in {{lookup ${container} "bankName"}}, which reads as {{bankName}}.`,
      node.loc?.start.line ?? 1,
      (node.loc?.start.column ?? 0) + 1,
    );
  }
  // As `@root.name`: inside a block that enters a value, `{{lookup ../this "bankName"}}` too reads the placeholder.
  const written = String(name.value);
  return { type: 'PathExpression', data: true, depth: 0, parts: ['root', written], original: `@root.${written}`, loc: name.loc };
}

function rewriteHelperName(path: Node, walk: Walk): void {
  if (path.type !== 'PathExpression' || path.data) return;
  const lower = String(path.original).toLowerCase();
  if (!(lower in helpers) && !builtInBlockHelpers.has(lower)) walk.unknown.add(String(path.original));
  path.parts = [lower];
  path.original = lower;
}

function rewriteValuePath(path: Node, walk: Walk) {
  if (path.type !== 'PathExpression') return undefined;
  const written = placeholderNameOf(path);
  if (written === undefined) {
    // The values as a whole are never something to print: an unknown name.
    const isWhole = namesWholeValues(path, walk);
    // `@index`, `@key`, `@first` and `@last` are `{{#each}}`'s; anywhere else they, and any other `@` name, show nothing.
    const isLoopReference = path.data && walk.inEach && loopReferences.has(String(path.parts[0]).toLowerCase());
    if (isWhole || (path.data && !isRootPath(path) && !isLoopReference)) walk.unknown.add(String(path.original));
    if (isLoopReference) path.parts = [String(path.parts[0]).toLowerCase(), ...path.parts.slice(1)];
    // `@index`, `@key`, `@first`, `@last` inside an each and a `this` inside a block are Handlebars' own references
    return undefined;
  }
  const lower = written.toLowerCase();
  const placeholder = placeholdersByLowerName.get(lower);
  if (placeholder) walk.referenced.add(lower);
  else walk.unknown.add(written);
  const lowerParts = (path.parts as string[]).map((part) => part.toLowerCase());
  path.parts = path.data ? ['root', ...lowerParts.slice(1)] : lowerParts;
  path.original = lower;
  return placeholder;
}

/** Value names seen so far, lower-cased once (the same hundred names come with every render). */
const lowerNames = new Map<string, string>();
const lowerNameOf = (name: string) => {
  let lower = lowerNames.get(name);
  if (lower === undefined) {
    lower = name.toLowerCase();
    if (lowerNames.size < 10_000) lowerNames.set(name, lower);
  }
  return lower;
};

/** Values keyed by lower-case name, missing ones left out so that the missing text shows. */
function lowerCaseValues(values: PlaceholderValues): Record<string, unknown> {
  const lowered: Record<string, unknown> = {};
  for (const name in values) {
    const value = values[name];
    if (!isMissing(value)) lowered[lowerNameOf(name)] = value;
  }
  return lowered;
}

function renderCompiled(compiled: Compiled, lowered: Record<string, unknown>): RenderResult {
  const missing = compiled.referenced.filter((name) => !(name in lowered)).map((name) => placeholdersByLowerName.get(name)!.name);
  return { output: compiled.template(lowered), unknown: compiled.unknown, missing };
}

/**
 * Renders one template. `text` output is plain (nothing escaped); `html` output escapes every value,
 * `{{{triple}}}` ones too, so nothing typed into a record becomes markup. Throws PlaceholderSyntaxError.
 */
export function renderTemplate(source: string, values: PlaceholderValues, options: { format?: RenderFormat } = {}): RenderResult {
  return renderCompiled(compile(source, options.format ?? 'text'), lowerCaseValues(values));
}

export type TemplatePart = 'subject' | 'body';

export class EmailTemplateSyntaxError extends PlaceholderSyntaxError {
  constructor(
    readonly part: TemplatePart,
    cause: PlaceholderSyntaxError,
  ) {
    super(cause.reason, cause.line, cause.column);
    this.message = `Template syntax error in the ${part} at line ${cause.line}, column ${cause.column}: ${cause.reason}`;
  }
}

/** Runs the work on one part of an email, a syntax error in it thrown as EmailTemplateSyntaxError naming the part. */
function inPart<T>(part: TemplatePart, work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw error instanceof PlaceholderSyntaxError ? new EmailTemplateSyntaxError(part, error) : error;
  }
}

/** A subject is one line (a line break would end the mail header): each line break, with the spaces around it, is one space. */
const oneLine = (text: string) => text.replace(/[^\S\r\n]*[\r\n]+\s*/g, ' ');

/** Renders subject and body with the same values; the lists name each placeholder once. Throws EmailTemplateSyntaxError naming the part. */
export function renderEmail(email: { subject: string; body: string }, values: PlaceholderValues, options: { format?: RenderFormat } = {}) {
  const lowered = lowerCaseValues(values);
  const format = options.format ?? 'text';
  const part = (name: TemplatePart, source: string) => inPart(name, () => renderCompiled(compile(source, name === 'subject' ? 'text' : format), lowered));
  const subject = part('subject', email.subject);
  const body = part('body', email.body);
  return {
    subject: oneLine(subject.output),
    body: body.output,
    unknown: [...new Set([...subject.unknown, ...body.unknown])],
    missing: [...new Set([...subject.missing, ...body.missing])],
  };
}

/** Checks a template without values, for live feedback under an editor field. */
export function checkTemplate(source: string): { ok: true; unknown: string[] } | { ok: false; message: string; line: number; column: number } {
  try {
    return { ok: true, unknown: compile(source, 'text').unknown };
  } catch (error) {
    if (!(error instanceof PlaceholderSyntaxError)) throw error;
    return { ok: false, message: error.message, line: error.line, column: error.column };
  }
}

/** Checks a whole email template without values, as sending it would: the syntax error naming its part, or the names subject and body do not know, each once. */
export function checkEmailTemplate(email: { subject: string; body: string }): { ok: true; unknown: string[] } | { ok: false; message: string; part: TemplatePart } {
  try {
    const unknown = [inPart('subject', () => compile(email.subject, 'text')), inPart('body', () => compile(email.body, 'text'))].flatMap((compiled) => compiled.unknown);
    return { ok: true, unknown: [...new Set(unknown)] };
  } catch (error) {
    if (!(error instanceof EmailTemplateSyntaxError)) throw error;
    return { ok: false, message: error.message, part: error.part };
  }
}
