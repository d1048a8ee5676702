/**
 * The records of the outreach API, one zod schema each: the server's answers are typed by them and
 * the screens' types are inferred from them, so a field renamed on one side fails the other's typecheck.
 */
export * from './contact.ts';
export * from './do-not-contact.ts';
export * from './sent-email.ts';
export * from './task.ts';
export * from './template.ts';
export * from './tracked-bank.ts';
export * from './workflow.ts';
export * from './enrolment.ts';
export * from './read-models.ts';
export * from './event-source.ts';
