import { useCallback, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useGetList, useNavigate } from 'react-admin';
import { normaliseBank, targetPayload } from '../banks/bank.ts';
import { recordsOf, type RawRecord } from '../banks/records.ts';
import { ApiError, http } from '../providers/http.ts';
import { services } from '../providers/services.ts';
import { useToast } from '../ui/Toast.tsx';

/** The messages a failed tracking shows, word for word. */
export const MISSING_NAME = 'Failed to fetch essential institutional details, which includes the bank name.';
export const TOGGLE_FAILED = 'Failed to update target status.';
/** A bank that becomes a target takes the user to Targets, where it is opened, after this delay. */
export const TARGET_NAVIGATION_DELAY_MS = 500;
/** From the Dashboard's risk category modal the delay is longer, with a message saying what is happening. */
export const RISK_MODAL_NAVIGATION_DELAY_MS = 700;
export const TARGETS_PATH = '/outreach/targets';
/** What stays and what ends when a bank stops being a target (the automation stops writing to a bank that is not a target). */
export const UNTARGETED_KEEPS = 'Its contacts, tasks, notes, tags and history stay; automations to its contacts stop.';

/** The most target certs loaded to draw the stars (the API's page limit). */
const TARGET_LIST_LIMIT = 500;

/**
 * Tracks a bank as a target: fetches its institution record, latest financials and
 * demographics, folds them into the normalised bank and saves it; aborts when the name is missing.
 */
export async function trackAsTarget(cert: number): Promise<void> {
  const [institution, latestFinancials, demographics] = await Promise.all([
    firstRecord(services.institution(cert)),
    services.financials(cert).then(newestRecord, () => undefined),
    firstRecord(services.demographics(cert)).catch(() => undefined),
  ]);
  const bank = normaliseBank(cert, institution, { ...demographics, ...latestFinancials });
  if (!institution || !bank.name || bank.name === 'Unknown Bank') throw new Error(MISSING_NAME);
  await http.post('/api/data/banks', targetPayload(bank));
}

/** The first record of an FDIC-style answer; undefined when the server has none (404). */
async function firstRecord(call: Promise<unknown>): Promise<RawRecord | undefined> {
  try {
    return recordsOf(await call)[0];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

/** The latest quarter's record among a bank's financials. */
function newestRecord(answer: unknown): RawRecord | undefined {
  return recordsOf(answer).sort((a, b) => String(b.REPDTE ?? '').localeCompare(String(a.REPDTE ?? '')))[0];
}

/**
 * Which banks are targets, and a toggle that marks or un-marks one. A bank that becomes a target
 * takes the user to Targets, where it is opened, after `navigationDelayMs`; `announceNavigation`
 * says so while the bank is being added.
 */
export function useTargetToggle(options: { navigationDelayMs?: number; announceNavigation?: boolean } = {}) {
  const { navigationDelayMs = TARGET_NAVIGATION_DELAY_MS, announceNavigation = false } = options;
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const targets = useGetList<{ id: number; cert: number; isTarget: boolean }>('banks', {
    filter: { isTarget: true },
    pagination: { page: 1, perPage: TARGET_LIST_LIMIT },
    sort: { field: 'name', order: 'ASC' },
  });
  const targetCerts = useMemo(() => new Set((targets.data ?? []).map((bank) => Number(bank.cert ?? bank.id))), [targets.data]);

  const toggle = useCallback(
    async (bank: { cert: number; name: string }) => {
      const wasTarget = targetCerts.has(bank.cert);
      setBusy((current) => new Set(current).add(bank.cert));
      try {
        if (wasTarget) {
          await http.delete(`/api/data/banks/${bank.cert}`);
          await queryClient.invalidateQueries({ queryKey: ['banks'] });
          toast.success(`"${bank.name}" is no longer a target. ${UNTARGETED_KEEPS}`);
        } else {
          if (announceNavigation) toast.info(`Adding "${bank.name}" to targets and navigating...`);
          await trackAsTarget(bank.cert);
          await queryClient.invalidateQueries({ queryKey: ['banks'] });
          window.setTimeout(() => navigate(TARGETS_PATH, { state: { newTargetCert: bank.cert } }), navigationDelayMs);
        }
      } catch (error) {
        const message = (error as Error).message;
        toast.error(message === MISSING_NAME ? MISSING_NAME : `${TOGGLE_FAILED} ${message && message !== 'API request failed' ? message : ''}`.trim());
        throw error;
      } finally {
        setBusy((current) => {
          const next = new Set(current);
          next.delete(bank.cert);
          return next;
        });
      }
    },
    [targetCerts, navigationDelayMs, announceNavigation, queryClient, navigate, toast],
  );

  return { targetCerts, isBusy: (cert: number) => busy.has(cert), toggle };
}
