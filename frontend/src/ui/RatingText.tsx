import { ratingWords, type RatingColor } from '../../../domain/format.ts';
import { RatingCue } from './RatingCue.tsx';
import { useRatingPalette } from './useRatingPalette.ts';

/**
 * A figure coloured by its rating (the thresholds of domain/format.ts), with the rating's cue (its
 * word, beside the figure or in a table's column below it) so the rating does not rest on the colour.
 * A plain span with its colour inline: tables and cards show dozens of these, and a styled component
 * per figure costs a style computation each.
 */
export function RatingText({
  value,
  rating,
  cue,
  words = ratingWords,
  bold = true,
}: {
  value: string;
  rating: RatingColor;
  cue?: 'beside' | 'below';
  words?: Record<RatingColor, string>;
  bold?: boolean;
}) {
  const ratingPalette = useRatingPalette();
  return (
    <span style={{ color: ratingPalette[rating], fontWeight: bold ? 600 : undefined }}>
      {value}
      {cue && <RatingCue rating={rating} placement={cue} words={words} />}
    </span>
  );
}
