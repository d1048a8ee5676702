/**
 * The server answers invalid input with 400 `{ message, issues: [{ path, message }] }`: each issue's
 * message belongs under the field its path names; what names no field is shown for the whole form.
 */
export type ServerProblems = { fields: Record<string, string>; form?: string };

export function serverProblemsOf(error: unknown, fields: readonly string[]): ServerProblems {
  const body = (error as { body?: { issues?: Array<{ path?: string; message?: string }> } } | null)?.body;
  const found: Record<string, string> = {};
  for (const issue of body?.issues ?? []) {
    if (issue.path && issue.message && fields.includes(issue.path) && !found[issue.path]) found[issue.path] = issue.message;
  }
  const message = (error as Error | null)?.message;
  return { fields: found, form: Object.keys(found).length ? undefined : message || 'Something went wrong. Please try again.' };
}
