import { Button, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useGetResourceLabel, useListContext, useResourceContext } from 'react-admin';

/**
 * A list with no rows: 'No contacts yet.', or when filtered 'No contacts found with the current
 * filters.' with a Clear filters button; then `children` (a hint of how records come to be).
 * react-admin's own text renders Clear filters as an icon button on a phone, and it has no icon,
 * so nothing showed.
 */
export function NoResults({ children }: { children?: ReactNode }) {
  const { filterValues, setFilters } = useListContext();
  const resource = useResourceContext();
  const name = useGetResourceLabel()(resource ?? '', 0).toLowerCase();
  const filtered = Object.keys(filterValues ?? {}).length > 0;
  return (
    <>
      <CardContent>
        <Typography variant="body2">
          {filtered ? `No ${name} found with the current filters.` : `No ${name} yet.`}{' '}
          {filtered && (
            <Button size="small" onClick={() => setFilters({}, [])}>
              Clear filters
            </Button>
          )}
        </Typography>
      </CardContent>
      {children}
    </>
  );
}
