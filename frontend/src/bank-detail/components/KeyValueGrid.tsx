import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export type KeyValue = { label: string; value: ReactNode; hint?: string; color?: string };

/** Label/value pairs in a responsive grid. */
export function KeyValueGrid({ items, minWidth = 200 }: { items: KeyValue[]; minWidth?: number }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: `repeat(auto-fill, minmax(${minWidth}px, 1fr))`, gap: 1.5 }}>
      {items.map((item) => (
        <Box key={item.label} title={item.hint} sx={{ p: 1.25, borderRadius: 1, bgcolor: 'action.hover' }}>
          <Typography variant="caption" color="text.secondary" component="div">
            {item.label}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600, color: item.color, wordBreak: 'break-word' }} component="div">
            {item.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
