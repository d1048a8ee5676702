import { useTheme } from '@mui/material';
import { chartPalettes } from '../lib/chart-colors.ts';

/** The chart colours readable on the current theme's background. */
export const useChartPalette = () => chartPalettes[useTheme().palette.mode];
