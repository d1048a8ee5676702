import { useEffect, useLayoutEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-admin';

/**
 * Keeps what a screen shows in its address, so the address copied, shared or bookmarked opens the
 * same screen: `arrive` is given the address's query once, as the screen opens, to take it up; from
 * then on the address follows `query`, replacing its history entry (Back leaves the screen instead
 * of stepping back through its filters).
 */
export function useScreenAddress(query: string, arrive: (query: string) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const [arrivedWith] = useState(() => location.search.replace(/^\?/, ''));
  const [ready, setReady] = useState(false);
  useLayoutEffect(() => {
    arrive(arrivedWith);
    setReady(true);
    // Once, on arrival: the address is taken up before the screen is first painted.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (!ready || location.search.replace(/^\?/, '') === query) return;
    navigate({ pathname: location.pathname, search: query ? `?${query}` : '' }, { replace: true });
  }, [ready, query, location.pathname, location.search, navigate]);
}
