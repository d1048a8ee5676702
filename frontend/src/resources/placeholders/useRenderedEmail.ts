import { useQuery } from '@tanstack/react-query';
import { http } from '../../providers/http.ts';
import { useDebounced } from '../../ui/useDebounced.ts';

export type RenderedEmail = { subject: string; body: string; unknown: string[]; missing: string[] };

/** The template's subject and body rendered by the server on a bank and contact (values as a real send would use). */
export function renderEmail(request: { subject: string; body: string; cert: number | null; contactId: string | null }): Promise<RenderedEmail> {
  return http.post<RenderedEmail>('/api/services/placeholders/render', request);
}

/** A live preview: re-rendered a moment after the text, bank or contact stop changing; nothing without a bank. */
export function useRenderedEmail(request: { subject: string; body: string; cert: number | null; contactId: string | null }) {
  const settled = useDebounced(request, 400);
  return useQuery({
    queryKey: ['placeholders', 'render', settled],
    queryFn: () => renderEmail(settled),
    enabled: settled.cert !== null,
    placeholderData: (previous) => previous,
    retry: false,
  });
}
