import { Box } from '@mui/material';
import type { SvgIconComponent } from '@mui/icons-material';
import StrongIcon from '@mui/icons-material/CheckCircle';
import GoodIcon from '@mui/icons-material/CheckCircleOutline';
import FairIcon from '@mui/icons-material/RemoveCircleOutline';
import WeakIcon from '@mui/icons-material/ErrorOutline';
import PoorIcon from '@mui/icons-material/Cancel';
import { ratingWords, type RatingColor } from '../../../domain/format.ts';

/** A shape per rating, from a filled tick (strong) to a filled cross (poor), told apart without their colour. */
const ratingIcons: Record<Exclude<RatingColor, 'gray'>, SvgIconComponent> = { green: StrongIcon, lime: GoodIcon, yellow: FairIcon, orange: WeakIcon, red: PoorIcon };

/**
 * A figure's rating in a shape and a word ('Strong' to 'Poor', or the words given), in the colour of the text it follows:
 * the colour alone told a reader who does not see it (or sees the page in forced colours) nothing.
 * The word is the cue's text, so a screen reader says it; the shape is decoration. Where a table's
 * column has no room for the word, the compact cue is the shape alone, named by the word (a screen
 * reader says it, a pointer resting on it shows it).
 */
export function RatingCue({ rating, compact = false, words = ratingWords }: { rating: RatingColor; compact?: boolean; words?: Record<RatingColor, string> }) {
  if (rating === 'gray') return null;
  const Icon = ratingIcons[rating];
  if (compact) return <Icon titleAccess={words[rating]} data-rating={rating} sx={{ fontSize: '1em', ml: 0.5, verticalAlign: '-0.125em' }} />;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, ml: 0.75, whiteSpace: 'nowrap', verticalAlign: 'top' }} data-rating={rating}>
      <Icon aria-hidden sx={{ fontSize: '1em' }} />
      {words[rating]}
    </Box>
  );
}
