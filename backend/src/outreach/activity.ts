/**
 * How an aggregate's events read in the activity feed: which resource and record they belong to,
 * and a one-line summary of each event type.
 */
export type ActivityDescription<Event extends { type: string; data: unknown }> = {
  resource: string;
  recordId: (streamId: string) => string;
  summaries: { [Type in Event['type']]: (data: Extract<Event, { type: Type }>['data']) => string };
};

export function quoted(text: string, max = 60): string {
  return `"${text.length > max ? `${text.slice(0, max - 1)}…` : text}"`;
}
