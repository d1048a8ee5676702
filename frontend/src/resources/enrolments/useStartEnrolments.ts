import { useState } from 'react';
import { useToast } from '../../ui/Toast.tsx';
import { enrolmentsApi } from './api.ts';

/**
 * Enrols contacts in a workflow with its toasts: `startedText` on success, the server's reason
 * (every contact that cannot go, and why) on refusal. Resolves whether they were enrolled.
 */
export function useStartEnrolments() {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const start = async (workflowId: string, contactIds: string[], startedText: string): Promise<boolean> => {
    setBusy(true);
    try {
      await enrolmentsApi.start(workflowId, contactIds);
      toast.success(startedText);
      return true;
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Failed to start the automation.');
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, start };
}
