import { useState } from 'react';
import { ApiError } from '../../providers/http.ts';
import { useToast } from '../../ui/Toast.tsx';
import { enrolmentsApi } from './api.ts';

/** How a start went: started, or refused with the server's reason and the contacts that cannot go (their ids). */
export type StartOutcome = { started: true } | { started: false; message: string; cannotStart: string[] };

function refusalOf(error: unknown): StartOutcome {
  const body = error instanceof ApiError ? (error.body as { cannotStart?: unknown } | null) : null;
  const cannotStart = Array.isArray(body?.cannotStart) ? body.cannotStart.map(String) : [];
  return { started: false, message: error instanceof Error ? error.message : 'Failed to start the automation.', cannotStart };
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
      return refusalOf(error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, start };
}
