import type { GeneratedTemplate } from '../provider.ts';

/**
 * The offline analyst's edit of an email template: the rules an editor applies to outreach mail,
 * each only where the template lacks it, so a template that already follows them comes back as it
 * was. Placeholders are kept as written.
 * - white space tidied: no spaces at line ends, at most one blank line in a row, a subject on one
 *   spaced line that starts with a capital;
 * - a greeting by name (`Hi {{contactName}},`) when the body opens without one;
 * - a question asking for a call when the body asks nothing, before the sign-off;
 * - a sign-off with the sender's name (`Best regards,` / `{{senderName}}`) when the body ends without one.
 */
export function editTemplate(template: GeneratedTemplate): GeneratedTemplate {
  const subject = template.subject.replace(/\s+/g, ' ').trim();
  const lines = template.body
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd());
  let body = lines.join('\n').replace(/\n{3,}/g, '\n\n').trim();

  if (!greetingPattern.test(body)) body = `Hi {{contactName}},\n\n${body}`;
  const signOff = signOffPattern.exec(body);
  const main = signOff ? body.slice(0, signOff.index).trimEnd() : body;
  const ending = signOff ? body.slice(signOff.index).trimStart() : senderSignOff;
  const asks = main.includes('?');
  body = `${main}${asks ? '' : `\n\n${callToAction}`}\n\n${ending}`;

  return { ...template, subject: subject.charAt(0).toUpperCase() + subject.slice(1), body };
}

const greetingPattern = /^(hi|hello|dear|good (morning|afternoon|evening)|greetings)\b/i;
/** A sign-off line near the end: the last lines from it on are kept as the template's own ending. */
const signOffPattern = /\n(best|best regards|kind regards|regards|warm regards|many thanks|thanks|thank you|sincerely|cheers|all the best)\b[^\n]*(\n[^\n]*){0,3}$/i;
/** The question and the sign-off the offline analyst ends its emails with. */
export const callToAction = 'Would you be open to a 20-minute call in the coming weeks?';
export const senderSignOff = 'Best regards,\n{{senderName}}';
