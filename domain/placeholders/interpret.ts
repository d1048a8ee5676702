import Handlebars from 'handlebars';

/**
 * Renders a parsed Handlebars program by walking its syntax tree. Handlebars' own compiler turns a
 * template into JavaScript source run through `new Function`, which the app's Content Security Policy
 * (no 'unsafe-eval') forbids in the browser; walking the tree renders the same output with no code
 * generated, on the server and in the browser alike.
 *
 * It covers what an email template can hold: text, comments, `{{value}}` and `{{{value}}}`, helper
 * calls with arguments, sub-expressions and hash options, and the blocks `if`, `unless`, `each` and
 * `with` (with `else`), `lookup`, plus a block named after a value. Partials and decorators are refused
 * before this runs.
 */

type Location = { start: { line: number; column: number } };
export type TemplateNode = { type: string; loc?: Location } & Record<string, any>;
export type HelperOptions = { name: string; hash: Record<string, unknown>; fn?: (context: unknown) => string; inverse?: (context: unknown) => string };
export type Helper = (...args: unknown[]) => unknown;

/** A rule broken at render time (a block helper given the wrong number of arguments), with where it was written. */
export class TemplateRuleError extends Error {
  constructor(
    message: string,
    readonly loc: Location | undefined,
  ) {
    super(message);
  }
}

export type InterpretOptions = {
  helpers: Readonly<Record<string, Helper>>;
  /** Called for a name that is neither a helper nor a value, and for an unknown helper given arguments. */
  helperMissing: Helper;
  /** Escape every `{{value}}` for HTML (a `{{{value}}}` only when the tree marks it escaped). */
  escape: boolean;
};

type Frame = { contexts: unknown[]; data: Record<string, unknown> };

const ownValue = (container: unknown, key: string): unknown =>
  container !== null && typeof container === 'object' && Object.prototype.hasOwnProperty.call(container, key) ? (container as Record<string, unknown>)[key] : undefined;

/** Handlebars' notion of empty: false, null, undefined, '', NaN and an empty list (0 is not empty). */
const isEmpty = (value: unknown) => (!value && value !== 0) || (Array.isArray(value) && value.length === 0);

/** Handlebars' own inline helpers. */
const builtInHelpers: Record<string, Helper> = {
  lookup: (container, key) => (typeof key === 'string' || typeof key === 'number' ? ownValue(container, String(key)) : undefined),
  log: () => undefined,
};

export function interpret(program: TemplateNode, values: Record<string, unknown>, options: InterpretOptions): string {
  const text = (value: unknown, escaped: boolean): string => {
    if (value === null || value === undefined) return '';
    return escaped && options.escape ? Handlebars.escapeExpression(value as string) : String(value);
  };

  // The values as a whole (`{{this}}` or `{{@root}}` outside any block that enters a value) are no
  // value of the template: they read as missing, never as "[object Object]".
  const lookupPath = (path: TemplateNode, frame: Frame): unknown => {
    const found = path.data
      ? path.parts.reduce((value: unknown, part: string) => ownValue(value, part), frame.data)
      : (path.parts as string[]).reduce((value: unknown, part) => ownValue(value, part), frame.contexts[Math.min(path.depth ?? 0, frame.contexts.length - 1)]);
    return found === values ? undefined : found;
  };

  const evaluate = (node: TemplateNode, frame: Frame): unknown => {
    switch (node.type) {
      case 'PathExpression':
        return lookupPath(node, frame);
      case 'SubExpression':
        return call(node, frame);
      case 'StringLiteral':
      case 'NumberLiteral':
      case 'BooleanLiteral':
        return node.value;
      case 'NullLiteral':
        return null;
      default:
        return undefined;
    }
  };

  const hashOf = (node: TemplateNode, frame: Frame) =>
    Object.fromEntries(((node.hash?.pairs ?? []) as TemplateNode[]).map((pair) => [pair.key, evaluate(pair.value, frame)]));

  const helperNamed = (path: TemplateNode): Helper | undefined => {
    if (path.type !== 'PathExpression' || path.data || path.parts.length !== 1) return undefined;
    return (ownValue(options.helpers, path.parts[0]) ?? ownValue(builtInHelpers, path.parts[0])) as Helper | undefined;
  };

  /** A helper call (`{{money x}}`, a sub-expression); an unknown helper with arguments goes to helperMissing. */
  const call = (node: TemplateNode, frame: Frame, blocks?: Pick<HelperOptions, 'fn' | 'inverse'>): unknown => {
    const name = String(node.path.original);
    const args = (node.params as TemplateNode[]).map((param) => evaluate(param, frame));
    const helperOptions: HelperOptions = { name, hash: hashOf(node, frame), ...blocks };
    const helper = helperNamed(node.path) ?? options.helperMissing;
    return helper(...args, helperOptions);
  };

  const isCall = (node: TemplateNode) => node.params.length > 0 || (node.hash?.pairs.length ?? 0) > 0;

  const mustache = (node: TemplateNode, frame: Frame): string => {
    if (isCall(node) || helperNamed(node.path)) return text(call(node, frame), node.escaped);
    const value = lookupPath(node.path, frame);
    if (value === undefined || value === null) return text(options.helperMissing({ name: String(node.path.original), hash: {} }), node.escaped);
    return text(value, node.escaped);
  };

  const requireOneArgument = (node: TemplateNode, name: string) => {
    if (node.params.length !== 1) throw new TemplateRuleError(`#${name} requires exactly one argument`, node.loc);
  };

  const block = (node: TemplateNode, frame: Frame): string => {
    const withContext = (context: unknown, data: Record<string, unknown> = frame.data): Frame => ({ contexts: [context, ...frame.contexts], data });
    const fn = (context: unknown, data?: Record<string, unknown>) => run(node.program, context === frame.contexts[0] && !data ? frame : withContext(context, data));
    const inverse = (context: unknown) => run(node.inverse, context === frame.contexts[0] ? frame : withContext(context));
    const name = node.path.type === 'PathExpression' && !node.path.data ? String(node.path.original) : '';
    const here = frame.contexts[0];

    switch (name) {
      case 'if':
      case 'unless': {
        requireOneArgument(node, name);
        const condition = evaluate(node.params[0], frame);
        const includeZero = hashOf(node, frame).includeZero === true;
        const truthy = !((!includeZero && !condition) || isEmpty(condition));
        return (name === 'if') === truthy ? fn(here) : inverse(here);
      }
      case 'with': {
        requireOneArgument(node, name);
        const value = evaluate(node.params[0], frame);
        return isEmpty(value) ? inverse(here) : fn(value);
      }
      case 'each': {
        requireOneArgument(node, name);
        const list = evaluate(node.params[0], frame);
        const entries: Array<[string | number, unknown]> = Array.isArray(list)
          ? list.map((item, index) => [index, item])
          : list !== null && typeof list === 'object'
            ? Object.entries(list)
            : [];
        if (entries.length === 0) return inverse(here);
        return entries
          .map(([key, item], index) => fn(item, { ...frame.data, index, key, first: index === 0, last: index === entries.length - 1 }))
          .join('');
      }
    }
    if (isCall(node) || helperNamed(node.path)) return text(call(node, frame, { fn, inverse }), false);
    // A block named after a value: shown for a true value, repeated for a list, entered for an object.
    const value = lookupPath(node.path, frame);
    if (value === true) return fn(here);
    if (value === false || value === null || value === undefined || (Array.isArray(value) && value.length === 0)) return inverse(here);
    if (Array.isArray(value)) return value.map((item, index) => fn(item, { ...frame.data, index, first: index === 0, last: index === value.length - 1 })).join('');
    return fn(value);
  };

  const run = (node: TemplateNode | null | undefined, frame: Frame): string => {
    if (!node) return '';
    let output = '';
    for (const statement of node.body as TemplateNode[]) {
      switch (statement.type) {
        case 'ContentStatement':
          output += statement.value;
          break;
        case 'MustacheStatement':
          output += mustache(statement, frame);
          break;
        case 'BlockStatement':
          output += block(statement, frame);
          break;
      }
    }
    return output;
  };

  return run(program, { contexts: [values], data: { root: values } });
}
