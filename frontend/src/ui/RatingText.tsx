import type { RatingColor } from '../../../domain/format.ts';
import { useRatingPalette } from './useRatingPalette.ts';

/**
 * A figure coloured by its rating (the thresholds of domain/format.ts). A plain span with its colour
 * inline: tables and cards show dozens of these, and a styled component per figure costs a style
 * computation each.
 */
export function RatingText({ value, rating, bold = true }: { value: string; rating: RatingColor; bold?: boolean }) {
  const ratingPalette = useRatingPalette();
  return <span style={{ color: ratingPalette[rating], fontWeight: bold ? 600 : undefined }}>{value}</span>;
}
