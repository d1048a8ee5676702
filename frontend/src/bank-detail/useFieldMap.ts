import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { CharterlineDataProvider } from '../providers/dataProvider.ts';

/** Field code to description, fetched once per page load and shared by every panel that labels raw fields. */
export function useFieldMap() {
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  return useQuery({ queryKey: ['fdic', 'field-map'], queryFn: () => dataProvider.fieldMap(), staleTime: Infinity });
}
