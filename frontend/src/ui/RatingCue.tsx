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

const besideTheFigure = { display: 'inline-flex', alignItems: 'center', gap: 0.25, ml: 0.75, whiteSpace: 'nowrap', verticalAlign: 'top' } as const;
// In the small type of the line under a bank's name, aligned as its cell is: a word of its own
// beside each figure would widen every rated column of a table by its longest word.
const belowTheFigure = { display: 'block', fontSize: '0.75rem', lineHeight: 1.66, whiteSpace: 'nowrap', '& svg': { mr: 0.25, verticalAlign: '-0.15em' } } as const;

/**
 * A figure's rating in a shape and a word ('Strong' to 'Poor', or the words given), in the colour of the text it follows:
 * the colour alone told a reader who does not see it (or sees the page in forced colours) nothing.
 * The word is the cue's text, so a screen reader says it; the shape is decoration. In a table's column
 * the cue stands below the figure, in small type; a shape alone, named only on hover, was a code
 * to learn, told apart by strokes a few pixels wide.
 */
export function RatingCue({ rating, placement = 'beside', words = ratingWords }: { rating: RatingColor; placement?: 'beside' | 'below'; words?: Record<RatingColor, string> }) {
  if (rating === 'gray') return null;
  const Icon = ratingIcons[rating];
  return (
    <Box component="span" sx={placement === 'beside' ? besideTheFigure : belowTheFigure} data-rating={rating}>
      <Icon aria-hidden sx={{ fontSize: '1em' }} />
      {words[rating]}
    </Box>
  );
}
