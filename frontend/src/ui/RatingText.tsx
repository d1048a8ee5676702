import { Typography } from '@mui/material';
import { ratingPalette, type RatingColor } from '../../../domain/format.ts';

/** A figure coloured by its rating (the thresholds of domain/format.ts). */
export function RatingText({ value, rating, bold = true }: { value: string; rating: RatingColor; bold?: boolean }) {
  return (
    <Typography component="span" variant="inherit" sx={{ color: ratingPalette[rating], fontWeight: bold ? 600 : undefined }}>
      {value}
    </Typography>
  );
}
