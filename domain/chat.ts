/**
 * The longest Analyst Chat message, question or answer. Every message goes back to the model with
 * the next question, so the server refuses a longer one and the question box stops at it.
 */
export const maxChatMessageLength = 20_000;
