import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { CharterlineDataProvider } from '../../providers/dataProvider.ts';
import type { RenderRequest } from '../../providers/services.ts';
import { useDebounced } from '../../ui/useDebounced.ts';

/** A live preview: re-rendered a moment after the text, bank or contact stop changing; nothing without a bank. */
export function useRenderedEmail(request: RenderRequest) {
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  const settled = useDebounced(request, 400);
  return useQuery({
    queryKey: ['placeholders', 'render', settled],
    queryFn: () => dataProvider.renderEmail(settled),
    enabled: settled.cert !== null,
    placeholderData: (previous) => previous,
    retry: false,
  });
}
