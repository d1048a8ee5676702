import { useTheme } from '@mui/material';
import { ratingPalettes } from '../../../domain/format.ts';

/** The rating colours readable on the current theme's background. */
export const useRatingPalette = () => ratingPalettes[useTheme().palette.mode];
