import { Box, Button, Card, CardActions, CardContent, Chip, CircularProgress, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import AiIcon from '@mui/icons-material/AutoAwesome';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { clampLines } from '../../ui/clampLines.ts';
import { templateCategoryLabel, type EmailTemplate } from './template.ts';

/** One template in the Automation Outreach grid: category, favourite star, name, subject, a two-line body preview, Improve with AI, Edit and Delete. */
export function TemplateCard({
  template,
  onToggleFavorite,
  onImprove,
  improving,
  onEdit,
  onDelete,
}: {
  template: EmailTemplate;
  onToggleFavorite: () => void;
  onImprove: () => void;
  /** Whether the AI is rewriting this template now (its button then waits). */
  improving: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Card sx={{ display: 'flex', flexDirection: 'column', height: '100%' }} data-testid="template-card">
      <CardContent sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Chip size="small" label={templateCategoryLabel(template.category)} color="primary" variant="outlined" />
          <Tooltip title={template.isFavorite ? 'Remove from favorites' : 'Mark as favorite'}>
            <IconButton
              size="small"
              onClick={onToggleFavorite}
              aria-label={template.isFavorite ? `Remove ${template.name} from favorites` : `Mark ${template.name} as favorite`}
              aria-pressed={template.isFavorite}
              sx={{ color: template.isFavorite ? 'warning.main' : 'text.secondary' }}
            >
              {template.isFavorite ? <StarIcon fontSize="small" /> : <StarBorderIcon fontSize="small" />}
            </IconButton>
          </Tooltip>
        </Stack>
        {/* Cut to two lines each, the whole text on hover. */}
        <Typography variant="subtitle1" component="h3" title={template.name} sx={{ fontWeight: 700, ...clampLines(2) }} data-testid="template-name">
          {template.name}
        </Typography>
        <Typography variant="body2" title={template.subject} sx={{ fontWeight: 500, ...clampLines(2) }} data-testid="template-subject">
          {template.subject}
        </Typography>
        <Box component="p" sx={{ m: 0, mt: 1, color: 'text.secondary', fontSize: 14, ...clampLines(2) }} data-testid="template-preview">
          {template.body.trim() || 'No content'}
        </Box>
      </CardContent>
      <CardActions sx={{ pt: 0 }}>
        <Button
          size="small"
          color="secondary"
          startIcon={improving ? <CircularProgress size={14} color="inherit" /> : <AiIcon fontSize="small" />}
          onClick={onImprove}
          disabled={improving}
          aria-label={`Improve with AI: ${template.name}`}
          sx={{ mr: 'auto' }}
        >
          {improving ? 'Improving...' : 'Improve with AI'}
        </Button>
        <IconButton size="small" onClick={onEdit} aria-label={`Edit ${template.name}`}>
          <EditIcon fontSize="small" />
        </IconButton>
        <IconButton size="small" onClick={onDelete} aria-label={`Delete ${template.name}`}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </CardActions>
    </Card>
  );
}
