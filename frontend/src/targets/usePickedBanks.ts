import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { http } from '../providers/http.ts';
import { messageOf } from '../resources/shared/problem.ts';
import { useRememberedState } from '../ui/useRememberedState.ts';
import { useToast } from '../ui/Toast.tsx';
import { bulkTargetedText, togglePick, type PickedBank } from './bulkTargets.ts';

/**
 * Banks picked from a list (across its pages, kept while the user looks elsewhere) and made targets
 * together: each is tracked as `POST /api/data/banks {cert, name}` does (its details and newest
 * figures from the regulator mirror); the user stays on the list, and a bank that could not be
 * added stays picked.
 */
export function usePickedBanks(storageKey: string, targetCerts: ReadonlySet<number>) {
  const [picked, setPicked] = useRememberedState<PickedBank[]>(storageKey, []);
  const [adding, setAdding] = useState(false);
  const queryClient = useQueryClient();
  const toast = useToast();

  const addToTargets = async () => {
    setAdding(true);
    const already = picked.filter((bank) => targetCerts.has(bank.cert)).length;
    const failed: PickedBank[] = [];
    let reason: string | undefined;
    let added = 0;
    for (const bank of picked.filter((each) => !targetCerts.has(each.cert))) {
      try {
        await http.post('/api/data/banks', { cert: bank.cert, name: bank.name }, { once: true });
        added += 1;
      } catch (error) {
        failed.push(bank);
        reason = messageOf(error, 'the server refused it');
      }
    }
    await queryClient.invalidateQueries({ queryKey: ['banks'] });
    setPicked(failed);
    setAdding(false);
    (failed.length > 0 ? toast.error : toast.success)(bulkTargetedText({ added, already, failed: failed.length, reason }));
  };

  return {
    picked,
    adding,
    isPicked: (cert: number) => picked.some((bank) => bank.cert === cert),
    toggle: (bank: PickedBank) => setPicked((current) => togglePick(current, bank)),
    clear: () => setPicked([]),
    addToTargets,
  };
}
