/**
 * The longest request a user may write for the AI to draft a template or a workflow from (a few
 * paragraphs): the server refuses a longer one, and the prompt box says so before it is sent.
 */
export const maxAiPromptLength = 4_000;
