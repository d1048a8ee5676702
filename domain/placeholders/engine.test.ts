import { expect } from 'chai';
import { defaultEmailTemplate } from './starter-templates.ts';
import { checkEmailTemplate, checkTemplate, PlaceholderSyntaxError, renderEmail, renderTemplate, type PlaceholderValues } from './engine.ts';
import { placeholderCatalogue } from './catalogue.ts';
import { exampleValues, placeholderValues } from './values.ts';

const values: PlaceholderValues = {
  bankName: 'First Community Bank',
  totalAssets: 1_234_567_890,
  totalDeposits: 987_654,
  roa: 1.1234,
  reportDate: '2026-06-30',
  contactFirstName: 'Jane',
  senderName: 'Alex Morgan',
  officeCount: 1234,
};

describe('placeholder engine', () => {
  const cases: Array<[description: string, template: string, expected: string, given?: PlaceholderValues]> = [
    ['matches names in any letter case', '{{BankName}}|{{bankname}}|{{BANKNAME}}|{{bankName}}', 'First Community Bank|First Community Bank|First Community Bank|First Community Bank'],
    ['matches helpers in any letter case', '{{Money TotalAssets}}|{{money totalassets}}|{{MONEY TOTALASSETS}}', '$1.23B|$1.23B|$1.23B'],
    ['formats a bare money, percent, date or count placeholder by its kind', '{{totalAssets}} {{totalDeposits}} {{roa}} {{reportDate}} {{officeCount}}', '$1.23B $987.65K 1.12% Jun 30, 2026 1,234'],
    ['uses T, B, M and K at 1e12, 1e9, 1e6 and 1e3 with two decimals', '{{money a}} {{money b}} {{money c}} {{money d}} {{money e}} {{money f}}', '$2.50T $1.00B $3.46M $1.00K $999.00 -$1.50M', { a: 2.5e12, b: 1e9, c: 3_456_789, d: 1000, e: 999, f: -1.5e6 }],
    ['shows N/A for a missing money, percent or date', '{{money totalEquity}} {{percent roe}} {{date establishedDate}} {{netIncome}}', 'N/A N/A N/A N/A'],
    ['shows N/A for a missing text value, and for an empty one', '{{contactTitle}}|{{city}}', 'N/A|N/A', { city: '  ' }],
    ['shows [Your Name] for a missing sender', 'Best, {{senderName}}', 'Best, [Your Name]', {}],
    ['uses the fallback text when the value is missing, the value otherwise', '{{fallback contactTitle "friend"}} {{Fallback contactFirstName "there"}}', 'friend Jane'],
    ['formats dates long, short and iso', '{{date reportDate}} {{date reportDate "short"}} {{DATE reportDate "ISO"}}', 'Jun 30, 2026 06/30/2026 2026-06-30'],
    ['keeps Handlebars blocks working with case-insensitive names', '{{#if CONTACTFIRSTNAME}}Hi {{contactFirstName}}{{else}}Hello{{/if}}', 'Hi Jane'],
    ['renders an unknown name as N/A', 'Dear {{Nickname}}', 'Dear N/A'],
    ['leaves text mail plain: markup in a value stays as typed', '{{bankName}} {{{bankName}}}', '<b>A&B</b> <b>A&B</b>', { bankName: '<b>A&B</b>' }],
  ];
  for (const [description, template, expected, given] of cases) {
    it(description, () => expect(renderTemplate(template, given ?? values).output).to.equal(expected));
  }

  const blocks: Array<[description: string, template: string, expected: string, given: PlaceholderValues]> = [
    ['each over a list with @index, @first and @last, and else for an empty one', '{{#each tags}}{{@index}}:{{this}}{{#if @first}}(first){{/if}}{{#if @last}}.{{else}},{{/if}}{{/each}}|{{#each none}}x{{else}}none{{/each}}', '0:a(first),1:b,2:c.|none', { tags: ['a', 'b', 'c'], none: [] }],
    ['each over an object with @key, reaching the outer values with ../', '{{#each ratios}}{{@key}}={{this}} of {{../bankName}};{{/each}}', 'roa=1 of X;roe=2 of X;', { ratios: { roa: 1, roe: 2 }, bankName: 'X' }],
    ['unless, with and lookup', '{{#unless city}}no city{{/unless}} {{#with contact}}{{name}}{{/with}} {{lookup ratios "roe"}}', 'no city Ann 2', { contact: { name: 'Ann' }, ratios: { roe: 2 } }],
    ['if treats 0 as false unless includeZero is set', '{{#if n}}yes{{else}}no{{/if}} {{#if n includeZero=true}}yes{{else}}no{{/if}}', 'no yes', { n: 0 }],
    ['a block named after a value: shown for true, skipped when missing', '{{#isHot}}hot{{/isHot}}{{#isCold}}cold{{else}}warm{{/isCold}}', 'hotwarm', { isHot: true }],
    ['sub-expressions inside helper calls', '{{fallback (money totalEquity) "unknown"}} {{fallback (money totalAssets) "unknown"}}', 'N/A $1.23B', { totalAssets: 1_234_567_890 }],
  ];
  for (const [description, template, expected, given] of blocks) {
    it(`renders ${description}`, () => expect(renderTemplate(template, given).output).to.equal(expected));
  }

  it('reads block closers and else in any letter case, as it reads helpers', () => {
    const template = '{{#If contactFirstName}}Hi {{contactFirstName}}{{/if}}|{{#IF city}}city{{ELSE}}no city{{/If}}|{{#EACH tags}}{{this}}{{Else}}none{{/Each}}|{{#unless city}}x{{ else IF bankName}}y{{/UNLESS}}';
    expect(renderTemplate(template, { contactFirstName: 'Jane', tags: ['a', 'b'], bankName: 'B' }).output).to.equal('Hi Jane|no city|ab|x');
    expect(checkEmailTemplate({ subject: '{{#If bankName}}{{bankName}}{{/if}}', body: '{{#each tags}}{{this}}{{/EACH}}' })).to.deep.equal({ ok: true, unknown: ['tags'] });
    expect(checkTemplate('{{#If bankName}}x{{/each}}')).to.include({ ok: false, line: 1 });
  });

  it('prints nothing for a missing value given an explicit empty fallback', () => {
    expect(renderTemplate('Hi{{fallback contactFirstName ""}}!|{{fallback contactTitle " "}}|', {}).output).to.equal('Hi!| |');
  });

  it('reads {{@root.name}} exactly as {{name}}: any letter case, formatted by kind, from inside a block too', () => {
    const result = renderTemplate('{{@root.bankName}}|{{@ROOT.BANKNAME}}|{{@root.totalAssets}}|{{@root.senderName}}|{{#with contactFirstName}}{{@root.bankname}}{{/with}}', { bankName: 'B', totalAssets: 1e9, contactFirstName: 'Jane' });
    expect(result).to.deep.equal({ output: 'B|B|$1.00B|[Your Name]|B', unknown: [], missing: ['senderName'] });
    expect(checkTemplate('{{@root.Nickname}} {{@root.bankName}}')).to.deep.equal({ ok: true, unknown: ['Nickname'] });
    expect(checkTemplate('{{money @root.bankName}}')).to.include({ ok: false, line: 1, column: 1 });
  });

  it('reads {{lookup this "name"}} and {{lookup @root "Name"}} as the placeholder: any letter case, formatted by kind, in sub-expressions and blocks too', () => {
    const result = renderTemplate(
      '{{lookup this "bankName"}}|{{lookup @root "BankName"}}|{{LOOKUP this "TOTALASSETS"}}|{{#if (lookup this "bankname")}}yes{{/if}}|{{fallback (lookup @root "contactTitle") "friend"}}|{{#with contactFirstName}}{{lookup ../this "bankName"}}{{/with}}|{{lookup this "nickname"}}',
      values,
    );
    expect(result).to.deep.equal({ output: 'First Community Bank|First Community Bank|$1.23B|yes|friend|First Community Bank|N/A', unknown: ['nickname'], missing: ['contactTitle'] });
    expect(renderTemplate('{{lookup this "bankName"}}', { bankName: '<b>A&B</b>' }, { format: 'html' }).output).to.equal('&lt;b&gt;A&amp;B&lt;/b&gt;');
  });

  it('refuses a lookup of the values as a whole by anything but a name in quotes, saying how to write it', () => {
    for (const [template, column] of [['Hi {{lookup this bankName}}', 4], ['{{lookup @root}}', 1], ['{{#if (lookup this 1)}}x{{/if}}', 7]] as const) {
      const check = checkTemplate(template);
      expect(check, template).to.include({ ok: false, line: 1, column });
      expect(check.ok === false && check.message, template).to.match(/\{\{lookup (this|@root)\}\} takes a placeholder's name in quotes, as in \{\{lookup (this|@root) "bankName"\}\}, which reads as \{\{bankName\}\}\.$/);
    }
  });

  it('flags {{this}} and {{@root}} outside a block that enters a value as unknown, and renders them N/A instead of [object Object]', () => {
    const result = renderTemplate('{{this}}|{{.}}|{{@root}}|{{fallback this "there"}}|{{#if bankName}}{{this}}{{/if}}|{{#with bankName}}{{../this}}{{/with}}', values);
    expect(result.output).to.equal('N/A|N/A|N/A|there|N/A|N/A');
    expect(result.unknown).to.deep.equal(['this', '.', '@root', '../this']);
    expect(checkTemplate('Dear {{this}}')).to.deep.equal({ ok: true, unknown: ['this'] });
  });

  it('keeps {{this}} working inside each, with and a block named after a value, and unknown in their else part', () => {
    const result = renderTemplate('{{#each tags}}{{this}};{{/each}}|{{#with bankName}}{{this}}{{else}}{{this}}{{/with}}|{{#contactFirstName}}{{this}}{{/contactFirstName}}', { ...values, tags: ['a', 'b'] });
    expect(result.output).to.equal('a;b;|First Community Bank|Jane');
    expect(result.unknown).to.deep.equal(['tags', 'this']);
  });

  it("flags {{@index}} and its kin outside an {{#each}}, where they show nothing, and reads them inside one in any letter case", () => {
    const result = renderTemplate('{{@index}}|{{#each tags}}{{@Index}}{{#if @last}}.{{/if}}{{else}}{{@first}}{{/each}}|{{@bankName}}', { ...values, tags: ['a', 'b'] });
    expect(result.output).to.equal('N/A|01.|N/A');
    expect(result.unknown).to.deep.equal(['@index', 'tags', '@first', '@bankName']);
  });

  it('reads a block named after a placeholder, in any letter case, as shown when it has a value: the placeholder is used, not an unknown helper', () => {
    const template = '{{#BankName}}At {{this}}.{{else}}No bank.{{/BankName}}{{#contactLastName}} Dear {{.}}{{/contactLastName}}';
    const result = renderTemplate(template, { ...values, contactLastName: '' });
    expect(result.output).to.equal('At First Community Bank.');
    expect(result.unknown).to.deep.equal([]);
    expect(result.missing).to.deep.equal(['contactLastName']);
    expect(checkEmailTemplate({ subject: '{{#bankName}}{{this}}{{/bankName}}', body: '{{#FirstName}}Hi{{/FirstName}}' })).to.deep.equal({ ok: true, unknown: ['FirstName'] });
  });

  it('renders without generating code, as the browser does under a content security policy that forbids eval', () => {
    const realFunction = globalThis.Function;
    globalThis.Function = function forbidden() {
      throw new EvalError('Refused to evaluate a string as JavaScript');
    } as unknown as FunctionConstructor;
    try {
      expect(renderTemplate('{{#if bankName}}Dear {{BANKNAME}} ({{money totalAssets}}){{/if}} and a fresh template', values).output).to.equal('Dear First Community Bank ($1.23B) and a fresh template');
      expect(checkTemplate('Hello {{bankName}}, a template not seen before')).to.deep.equal({ ok: true, unknown: [] });
    } finally {
      globalThis.Function = realFunction;
    }
  });

  it('reports a block helper used without its value at the place it was written', () => {
    expect(checkTemplate('Hi\n  {{#if}}x{{/if}}')).to.include({ ok: false, line: 2, column: 3 });
  });

  it('escapes every value in HTML mail, triple braces included, and keeps the template markup', () => {
    const result = renderTemplate('<p>{{bankName}} {{{BankName}}} {{fallback contactTitle "<i>x</i>"}}</p>', { bankName: `<script>alert("x")</script> & 'co'` }, { format: 'html' });
    expect(result.output).to.equal('<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;co&#x27; &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;co&#x27; &lt;i&gt;x&lt;/i&gt;</p>');
  });

  it('lists unknown names as written and missing ones by their catalogue name, each once', () => {
    const result = renderTemplate('{{Nickname}} {{bankname}} {{CONTACTTITLE}} {{contactTitle}} {{money TotalEquity}} {{shout bankName}}', values);
    expect(result.unknown).to.deep.equal(['Nickname', 'shout']);
    expect(result.missing).to.deep.equal(['contactTitle', 'totalEquity']);
  });

  const syntaxErrors: Array<[description: string, template: string, line: number, column: number, reason: RegExp]> = [
    ['a placeholder closed by one brace', 'Hi {{contactName}\nthere', 1, 17, /not closed properly/],
    ['a template ending inside a placeholder', 'Hello\nDear {{bankName', 2, 8, /not closed properly/],
    ['an empty placeholder', 'Hi {{ }}', 1, 7, /empty/],
    ['a block never closed', 'One\ntwo {{#if roa}}good', 2, 20, /never closed/],
    ['a closing tag without its block', '{{/if}}', 1, 1, /no opening/],
    ['blocks closed in the wrong order', '{{#if roa}}\n{{/each}}', 1, 4, /: \{\{#if\}\} is closed by \{\{\/each\}\}: close it with \{\{\/if\}\}\.$/],
    ['a partial', 'Hi {{> footer}}', 1, 4, /partials/],
    ['a closing tag with a space after {{', '{{#if roa}}good\n{{ /if }}', 2, 1, /: a block tag has a space after \{\{: write it as \{\{\/if\}\}, with no space before the \/\.$/],
    ['an opening tag with a space after {{', 'Hi {{ #if roa}}good{{/if}}', 1, 4, /: a block tag has a space after \{\{: write it as \{\{#if …\}\}, with no space before the #\.$/],
    ['a closing tag with a space after {{~', '{{#if roa}}good{{~ /if}}', 1, 16, /write it as \{\{~\/if\}\}/],
  ];
  for (const [description, template, line, column, reason] of syntaxErrors) {
    it(`reports ${description} with its line and column`, () => {
      let thrown: unknown;
      try {
        renderTemplate(template, values);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).to.be.instanceOf(PlaceholderSyntaxError);
      const error = thrown as PlaceholderSyntaxError;
      expect({ line: error.line, column: error.column }).to.deep.equal({ line, column });
      expect(error.message).to.match(reason).and.to.match(new RegExp(`^Template syntax error at line ${line}, column ${column}: `));
    });
  }

  const misusedHelpers: Array<[description: string, template: string, column: number, reason: RegExp]> = [
    ['a formatting helper with no value', 'Assets: {{money}}', 9, /\{\{money\}\} takes one number placeholder, as in \{\{money totalAssets\}\}/],
    ['a formatting helper given two values', '{{Percent roa roe}}', 1, /\{\{percent\}\} takes one number placeholder/],
    ['money of a text placeholder', 'Hi {{money BankName}}', 4, /\{\{money\}\} formats a number and bankName is not one: write \{\{bankName\}\} alone/],
    ['date of a money placeholder', '{{date totalAssets}}', 1, /\{\{date\}\} formats a date and totalAssets is not one/],
    ['a date style that does not exist', 'As of {{date reportDate "weird"}}', 7, /style of \{\{date\}\} is "long", "short" or "iso"/],
    ['a fallback without its text', '{{fallback contactFirstName}}', 1, /\{\{fallback\}\} takes a placeholder and the text/],
    ['a fallback with nothing', 'Hi {{fallback}},', 4, /\{\{fallback\}\} takes a placeholder and the text/],
    ['a misused helper inside a sub-expression', '{{fallback (money) "unknown"}}', 12, /\{\{money\}\} takes one number placeholder/],
  ];
  for (const [description, template, column, reason] of misusedHelpers) {
    it(`refuses ${description} where it was written, instead of sending N/A or [object Object]`, () => {
      const check = checkTemplate(template);
      expect(check).to.include({ ok: false, line: 1, column });
      expect(check.ok === false && check.message).to.match(reason);
    });
  }

  it('accepts helpers given what they take, in any letter case', () => {
    expect(checkTemplate('{{MONEY totalAssets}} {{percent ROA}} {{count officeCount}} {{date today}} {{Date reportDate "ISO"}} {{fallback contactTitle "friend"}} {{money a}}')).to.deep.equal({ ok: true, unknown: ['a'] });
  });

  it('names the part of an email that has the syntax error', () => {
    expect(() => renderEmail({ subject: 'Hi {{bankName', body: 'ok' }, values)).to.throw(/in the subject at line 1, column 6/);
    expect(() => renderEmail({ subject: 'ok', body: 'a\n{{#if x}}' }, values)).to.throw(/in the body at line 2/);
    expect(checkTemplate('{{#if x}}')).to.include({ ok: false, line: 1 });
    expect(checkTemplate('{{Foo}} {{bankName}}')).to.deep.equal({ ok: true, unknown: ['Foo'] });
  });

  it('refuses blocks or helpers nested over 100 deep at once, where the nesting goes too deep, and reads 100 deep', function () {
    this.timeout(5000);
    const blocks = (depth: number) => '{{#if a}}'.repeat(depth) + 'x' + '{{/if}}'.repeat(depth);
    const started = Date.now();
    const deep = checkTemplate(blocks(5000));
    expect(Date.now() - started).to.be.below(1000);
    expect(deep).to.include({ ok: false, line: 1, column: 100 * 9 + 1 });
    expect(deep.ok === false && deep.message).to.match(/blocks are nested more than 100 deep/);
    expect(checkTemplate(blocks(100))).to.deep.equal({ ok: true, unknown: ['a'] });
    const chain = (links: number) => '{{#if a}}x' + '{{else if b}}y'.repeat(links) + '{{/if}}';
    expect(checkTemplate(chain(99))).to.include({ ok: true });
    expect(checkTemplate(chain(500))).to.include({ ok: false });
    expect(checkTemplate('{{#if a}}x{{else}}y{{/if}}{{#unless a}}x{{^}}y{{/unless}}'.repeat(200))).to.include({ ok: true });
    const helpers = (depth: number) => `{{fallback ${'(fallback '.repeat(depth)}a${' "x")'.repeat(depth)} "y"}}`;
    expect(checkTemplate(helpers(100))).to.include({ ok: true });
    const nested = checkTemplate(`line one\n${helpers(3000)}`);
    expect(nested).to.include({ ok: false, line: 2, column: 1 });
    expect(nested.ok === false && nested.message).to.match(/helpers in parentheses are nested more than 100 deep/);
  });

  it('checks a whole email template: the names subject and body do not know, each once, or the syntax error naming its part', () => {
    expect(checkEmailTemplate({ subject: 'Hi {{FirstName}}', body: '{{firstName}} {{FirstName}} {{bankName}}' })).to.deep.equal({ ok: true, unknown: ['FirstName', 'firstName'] });
    expect(checkEmailTemplate({ subject: 'Hi', body: 'a\n{{#if x}}' })).to.deep.include({ ok: false, part: 'body' });
    expect(checkEmailTemplate({ subject: 'Hi {{bankName', body: '' })).to.have.property('message').that.matches(/^Template syntax error in the subject at line 1/);
  });

  it('checks a template without generating code, as a browser whose content security policy forbids eval does', () => {
    const realFunction = globalThis.Function;
    globalThis.Function = function refused() {
      throw new EvalError("Refused to evaluate a string as JavaScript because 'unsafe-eval' is not allowed.");
    } as unknown as FunctionConstructor;
    try {
      expect(checkTemplate('A note for {{BANKNAME}} from {{Unknown}}')).to.deep.equal({ ok: true, unknown: ['Unknown'] });
      expect(checkTemplate('{{#if bankName}}x{{/each}}')).to.include({ ok: false, line: 1 });
    } finally {
      globalThis.Function = realFunction;
    }
  });

  it('renders the subject on one line, each line break in a value a single space, and keeps the body as written', () => {
    const email = renderEmail({ subject: 'For the {{contactTitle}} of {{bankName}}', body: '{{bankName}}' }, { contactTitle: 'Chief Financial \r\n Officer', bankName: 'Acme\nBank' });
    expect(email).to.include({ subject: 'For the Chief Financial Officer of Acme Bank', body: 'Acme\nBank' });
  });

  it('renders subject as plain text even when the body is HTML', () => {
    const email = renderEmail({ subject: '{{bankName}}', body: '{{bankName}}' }, { bankName: 'A & B' }, { format: 'html' });
    expect(email).to.deep.equal({ subject: 'A & B', body: 'A &amp; B', unknown: [], missing: [] });
  });
});

describe('placeholder catalogue and values', () => {
  it('has every group of the product, each placeholder with a unique name, label, description and sample', () => {
    expect(placeholderCatalogue.map((group) => group.label)).to.deep.equal([
      'Contact and user', 'Institution and location', 'AI analysis', 'Key ratios', 'Balance sheet', 'Income statement',
      'Asset quality and delinquency', 'Capital adequacy', 'Loan portfolio', 'Off-balance sheet',
    ]);
    const names = placeholderCatalogue.flatMap((group) => group.placeholders.map((placeholder) => placeholder.name.toLowerCase()));
    expect(new Set(names).size).to.equal(names.length);
    for (const placeholder of placeholderCatalogue.flatMap((group) => group.placeholders)) {
      expect(placeholder.label && placeholder.description && String(placeholder.sample), placeholder.name).to.be.ok;
    }
  });

  it('builds values from the bank, contact, sender and analysis', () => {
    const built = placeholderValues({
      bank: { name: 'First Bank', assets: 5e9, repdte: '20260630', roa: 0.9, rawData: { UC: 1500 } },
      contact: { name: 'Jane Q Doe', title: 'CFO', email: 'jane@first.example' },
      sender: { name: ' ', email: 'alex@charterline.example' },
      analysis: { summary: 'Solid.' },
      today: new Date('2026-11-25T23:30:00Z'),
    });
    expect(built).to.include({ bankName: 'First Bank', totalAssets: 5e9, reportDate: '2026-06-30', roa: 0.9, unusedCommitments: 1_500_000 });
    expect(built).to.include({ contactName: 'Jane Q Doe', contactFirstName: 'Jane', contactLastName: 'Doe', contactTitle: 'CFO', senderName: 'alex@charterline.example', aiSummary: 'Solid.', aiRiskAnalysis: null, today: '2026-11-25' });
  });

  it("greets a contact by the given name, not by a title before it, and takes the last name before a suffix", () => {
    const names = (name: string) => {
      const built = placeholderValues({ contact: { name } });
      return [built.contactFirstName, built.contactLastName];
    };
    expect(names('Dr. José María García')).to.deep.equal(['José', 'García']);
    expect(names('MRS Nguyễn Thị Minh Khai')).to.deep.equal(['Nguyễn', 'Khai']);
    expect(names('John Smith, Jr.')).to.deep.equal(['John', 'Smith']);
    expect(names('Prof. Ahmed Al-Farsi PhD')).to.deep.equal(['Ahmed', 'Al-Farsi']);
    expect(names('陈美玲')).to.deep.equal(['陈美玲', null]);
    expect(names('Dr. Who')).to.deep.equal(['Who', null]);
    expect(names('Miss')).to.deep.equal(['Miss', null]);
    expect(names('Hon Wong')).to.deep.equal(['Hon', 'Wong']);
  });

  it('reads a name written last name first, "Smith, John", as first name John and last name Smith', () => {
    const names = (name: string) => {
      const built = placeholderValues({ contact: { name } });
      return [built.contactFirstName, built.contactLastName];
    };
    expect(names('Smith, John')).to.deep.equal(['John', 'Smith']);
    expect(names('Smith,John')).to.deep.equal(['John', 'Smith']);
    expect(names('García López, José María')).to.deep.equal(['José', 'García López']);
    expect(names('Smith, Dr. John Q., Jr.')).to.deep.equal(['John', 'Smith']);
    expect(renderTemplate('Hi {{contactFirstName}},', placeholderValues({ contact: { name: 'Smith, John' } })).output).to.equal('Hi John,');
  });

  it('renders the starter template from sample values with nothing unknown or missing', () => {
    const email = renderEmail(defaultEmailTemplate, exampleValues());
    expect(email.unknown).to.deep.equal([]);
    expect(email.missing).to.deep.equal([]);
    expect(email.subject).to.equal('First Community Bank: a look at your Jun 30, 2026 results');
    expect(email.body).to.contain('Total assets: $1.23B').and.to.contain('Return on assets: 1.12%').and.to.contain('Alex Morgan');
  });
});

describe('placeholder catalogue', () => {
  it('describes {{creConcentration}} as it is computed, CRE loans over gross loans, with an example of that scale', () => {
    const cre = placeholderCatalogue.flatMap((group) => group.placeholders).find((placeholder) => placeholder.name === 'creConcentration')!;
    expect(cre.description).to.match(/percent of gross loans/);
    expect(cre.description).not.to.match(/capital/);
    expect(cre.sample).to.be.below(100);
  });
});
