import { useEffect, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import AiIcon from '@mui/icons-material/AutoAwesome';
import { Markdown } from '../ui/Markdown.tsx';
import { useToast } from '../ui/Toast.tsx';
import { aiApi, providerNames, type AnalysisKind, type ProviderName } from './api.ts';
import { formatLocalMoment } from '../../../domain/format.ts';

type Shown = { content: string; provider: ProviderName; updatedAt?: string };

/**
 * A saved AI text about a bank (summary, risk commentary, peer analysis) with its Generate button:
 * shows what was saved before, generates on request (the server saves it as the AI's words), and
 * says which provider wrote it and when.
 */
export function AiAnalysis({
  cert,
  kind,
  generate,
  buttonLabel,
  successText,
  failureText,
  emptyText,
  disabled,
  testId,
}: {
  cert: number;
  kind: AnalysisKind;
  /** `again`: the user asked to regenerate a text already shown. */
  generate: (again: boolean) => Promise<{ analysis: string; provider: ProviderName }>;
  buttonLabel: string;
  successText: string;
  failureText: string;
  emptyText: string;
  disabled?: boolean;
  testId?: string;
}) {
  const toast = useToast();
  const [shown, setShown] = useState<Shown | null>(null);
  const [loadingSaved, setLoadingSaved] = useState(true);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    setLoadingSaved(true);
    aiApi
      .saved(cert, kind)
      .then((saved) => current && setShown(saved))
      .catch(() => current && setShown(null))
      .finally(() => current && setLoadingSaved(false));
    return () => {
      current = false;
    };
  }, [cert, kind]);

  const run = async () => {
    setRunning(true);
    setError(null);
    try {
      const answer = await generate(shown !== null);
      setShown({ content: answer.analysis, provider: answer.provider, updatedAt: new Date().toISOString() });
      toast.success(successText);
    } catch (failure) {
      setError((failure as Error).message);
      toast.error(failureText);
    } finally {
      setRunning(false);
    }
  };

  return (
    <Box data-testid={testId}>
      {loadingSaved ? (
        <CircularProgress size={18} aria-label="Loading the saved analysis" />
      ) : shown ? (
        <>
          <Markdown text={shown.content} testId={testId ? `${testId}-text` : undefined} />
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
            Written by {providerNames[shown.provider] ?? shown.provider}
            {shown.updatedAt ? ` on ${formatLocalMoment(shown.updatedAt)}` : ''}
          </Typography>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {emptyText}
        </Typography>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      <Stack direction="row" sx={{ mt: 1.5 }}>
        <Button size="small" variant="outlined" color="secondary" startIcon={running ? <CircularProgress size={14} /> : <AiIcon />} disabled={running || disabled} onClick={run}>
          {shown ? 'Regenerate' : buttonLabel}
        </Button>
      </Stack>
    </Box>
  );
}
