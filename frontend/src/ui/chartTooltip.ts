import { useTheme } from '@mui/material/styles';

/**
 * Recharts' tooltip in the app's theme. Its own box is white with inherited text, unreadable in dark
 * mode, and a bar chart's hover band is a fixed light grey that glares on a dark page.
 */
export function useChartTooltip() {
  const theme = useTheme();
  return {
    /** Props for any chart's `<Tooltip>`. */
    tooltipProps: {
      contentStyle: { background: theme.palette.background.paper, border: `1px solid ${theme.palette.divider}`, color: theme.palette.text.primary },
      labelStyle: { color: theme.palette.text.primary },
    },
    /** A bar chart's hover band. */
    barCursor: { fill: theme.palette.action.hover },
  };
}
