import { useState } from 'react';
import { ApiError } from '../../providers/http.ts';
import { useToast } from '../../ui/Toast.tsx';
import { enrolmentsApi } from './api.ts';

/**
 * How a start went: started, or refused with the server's reason. The server refuses the whole set,
 * so nobody is enrolled by half; `others` are the contacts asked for that could go (none when the
 * refusal names no contact: a workflow gone, a service down).
 */
export type Refusal = { message: string; others: string[] };
export type StartOutcome = { started: true } | ({ started: false } & Refusal);

function refusalOf(error: unknown, contactIds: string[]): StartOutcome {
  const body = error instanceof ApiError ? (error.body as { cannotStart?: unknown } | null) : null;
  const cannotStart = new Set(Array.isArray(body?.cannotStart) ? body.cannotStart.map(String) : []);
  return {
    started: false,
    message: error instanceof Error ? error.message : 'Failed to start the automation.',
    others: cannotStart.size ? contactIds.filter((id) => !cannotStart.has(id)) : [],
  };
}

/** Enrols contacts in a workflow, with `startedText` as a toast when it worked; a refusal is the caller's to show. */
export function useStartEnrolments() {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const start = async (workflowId: string, contactIds: string[], startedText: string): Promise<StartOutcome> => {
    setBusy(true);
    try {
      await enrolmentsApi.start(workflowId, contactIds);
      toast.success(startedText);
      return { started: true };
    } catch (error) {
      return refusalOf(error, contactIds);
    } finally {
      setBusy(false);
    }
  };
  return { busy, start };
}
