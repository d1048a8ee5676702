import { bankDetailApi } from './api.ts';
import { useLoad } from './useLoad.ts';

let cached: Promise<Record<string, string>> | null = null;

/** Field code to description, fetched once per page load and shared by every panel that labels raw fields. */
export function useFieldMap() {
  return useLoad(() => {
    cached ??= bankDetailApi.fieldMap().catch((error: unknown) => {
      cached = null;
      throw error;
    });
    return cached;
  }, []);
}
