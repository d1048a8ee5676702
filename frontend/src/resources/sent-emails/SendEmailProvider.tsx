import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useGetOne } from 'react-admin';
import { SendEmailSlot, type OpenSendEmail } from '../contacts/sendEmailSlot.tsx';
import { useRefreshOutreach } from '../shared/useRefreshOutreach.ts';
import { useToast } from '../../ui/Toast.tsx';
import { awaitingOutcome, type SentEmail } from './mailbox.ts';
import { SendEmailModal, type SendEmailTarget } from './SendEmailModal.tsx';
import { sendFailedText, sentText } from './send.ts';

const OUTCOME_REFRESH_MS = 1500;

/** Follows one queued email until it is sent or fails, then says so once (even when its modal was closed). */
function OutcomeWatcher({ id, name, onKnown }: { id: string; name: string; onKnown: (id: string) => void }) {
  const toast = useToast();
  const refresh = useRefreshOutreach();
  const announced = useRef(false);
  const { data } = useGetOne<SentEmail>('sent-emails', { id }, { refetchInterval: (query) => (query.state.data && !awaitingOutcome(query.state.data.status) ? false : OUTCOME_REFRESH_MS) });
  useEffect(() => {
    if (!data || awaitingOutcome(data.status) || announced.current) return;
    announced.current = true;
    if (data.status === 'sent') toast.success(sentText(name));
    else if (data.status === 'failed') toast.error(sendFailedText(data.failureReason));
    else toast.error(sendFailedText('The mail service did not confirm it: check Sent Mailbox before sending it again.'));
    void refresh('sent-emails');
    onKnown(id);
  }, [data, id, name, onKnown, refresh, toast]);
  return null;
}

/**
 * Provides 'Send Email' to every contact list of the app (Targets, bank detail, contact screens):
 * one modal, and one watcher per email still on its way.
 */
export function SendEmailProvider({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<SendEmailTarget | null>(null);
  const [watching, setWatching] = useState<Array<{ id: string; name: string }>>([]);
  const open = useCallback<OpenSendEmail>((contact, bank) => setTarget({ contact, bank }), []);
  const known = useCallback((id: string) => setWatching((current) => current.filter((entry) => entry.id !== id)), []);
  return (
    <SendEmailSlot.Provider value={open}>
      {children}
      <SendEmailModal target={target} onClose={() => setTarget(null)} onQueued={(id, name) => setWatching((current) => [...current, { id, name }])} />
      {watching.map((entry) => (
        <OutcomeWatcher key={entry.id} id={entry.id} name={entry.name} onKnown={known} />
      ))}
    </SendEmailSlot.Provider>
  );
}
