import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useMediaQuery } from '@mui/material';

/**
 * Whether the page is laid out for paper: the print media query (print preview, emulated print
 * media), or the time between the browser's beforeprint and afterprint. The events render at once
 * (flushSync), since the browser lays the page out for paper as soon as beforeprint has run.
 */
export function usePrinting(): boolean {
  const printMedia = useMediaQuery('print', { noSsr: true });
  const [printEvent, setPrintEvent] = useState(false);
  useEffect(() => {
    const before = () => flushSync(() => setPrintEvent(true));
    const after = () => setPrintEvent(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  return printMedia || printEvent;
}
