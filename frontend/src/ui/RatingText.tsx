import type { RatingColor } from '../../../domain/format.ts';
import { RatingCue } from './RatingCue.tsx';
import { useRatingPalette } from './useRatingPalette.ts';

/**
 * A figure coloured by its rating (the thresholds of domain/format.ts), with the rating's cue after it
 * (its word, or in a table's column its shape alone) so the rating does not rest on the colour; only
 * a figure whose rating its list already names (a risk category's scores) goes without. A plain span
 * with its colour inline: tables and cards show dozens of these, and a styled component per figure
 * costs a style computation each.
 */
export function RatingText({ value, rating, cue, bold = true }: { value: string; rating: RatingColor; cue?: 'word' | 'shape'; bold?: boolean }) {
  const ratingPalette = useRatingPalette();
  return (
    <span style={{ color: ratingPalette[rating], fontWeight: bold ? 600 : undefined }}>
      {value}
      {cue && <RatingCue rating={rating} compact={cue === 'shape'} />}
    </span>
  );
}
