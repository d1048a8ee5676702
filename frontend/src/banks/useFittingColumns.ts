import { useCallback, useLayoutEffect, useState } from 'react';
import { visibleColumns, type BankColumn } from './columns.ts';
import { usePickedColumns } from './usePickedColumns.ts';

/**
 * The columns a bank list shows: the user's pick (kept in this browser under `storageKey`), else the
 * columns that fit the list's width. The fit starts from estimated widths and, when the rendered
 * table still scrolls sideways (long headers, wide figures), leaves out one more optional column at a
 * time until it does not. Attach `listRef` to the element around the table; `rows` are what it shows.
 */
export function useFittingColumns<Row>(columns: BankColumn<Row>[], storageKey: string, rows: readonly Row[]) {
  const [picked, pick] = usePickedColumns(storageKey);
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [fit, setFit] = useState({ width: 0, dropped: 0 });

  const listRef = useCallback((node: HTMLElement | null) => setElement(node), []);
  useLayoutEffect(() => {
    if (!element) return;
    // Only a new width starts the fit again (the height changes with every page of rows).
    const measure = (width: number) => setFit((current) => (current.width === width ? current : { width, dropped: 0 }));
    measure(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => measure(Math.round(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);

  const estimated = visibleColumns(columns, fit.width, picked);
  const optionalShown = estimated.filter((column) => column.optional !== undefined).sort((a, b) => b.optional! - a.optional!);
  const leftOut = new Set(picked ? [] : optionalShown.slice(0, fit.dropped).map((column) => column.id));
  const shown = estimated.filter((column) => !leftOut.has(column.id));

  // Once rendered: one more optional column goes while the table is wider than its place.
  useLayoutEffect(() => {
    if (picked || !element || fit.dropped >= optionalShown.length) return;
    const table = element.querySelector<HTMLElement>('[data-testid="bank-table"]');
    if (table && table.scrollWidth > table.clientWidth) setFit((current) => ({ ...current, dropped: current.dropped + 1 }));
  }, [picked, element, fit, optionalShown.length, rows]);

  return { listRef, shown, pick };
}
