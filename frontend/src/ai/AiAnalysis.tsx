import { useEffect, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import AiIcon from '@mui/icons-material/AutoAwesome';
import { Markdown } from '../ui/Markdown.tsx';
import { useToast } from '../ui/Toast.tsx';
import { aiApi, providerNames, type Analysis, type AnalysisKind, type ProviderName } from './api.ts';
import { formatLocalMoment, quarterReports } from '../../../domain/format.ts';

type Shown = { content: string; provider: ProviderName; quarter: string | null; updatedAt?: string };

/**
 * A saved AI text about a bank (summary, risk commentary, peer analysis) with its Generate button:
 * shows what was saved before, generates on request (the server saves it as the AI's words), and
 * says which quarter's figures it comments on, which provider wrote it and when. Given a `quarter`,
 * it shows only a text of that quarter: one of another quarter would comment on figures not shown.
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
  quarter,
}: {
  cert: number;
  kind: AnalysisKind;
  /** `again`: the user asked to regenerate a text already shown. */
  generate: (again: boolean) => Promise<Analysis>;
  buttonLabel: string;
  successText: string;
  failureText: string;
  emptyText: string;
  disabled?: boolean;
  testId?: string;
  /** The report date (YYYYMMDD) whose figures the text must comment on. */
  quarter?: string;
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
      .saved(cert, kind, quarter)
      .then((saved) => current && setShown(saved))
      .catch(() => current && setShown(null))
      .finally(() => current && setLoadingSaved(false));
    return () => {
      current = false;
    };
  }, [cert, kind, quarter]);

  // A text of no known quarter is one saved before texts named theirs: the server gives it for the bank's newest quarter only.
  const current = shown && (quarter === undefined || shown.quarter === quarter || shown.quarter === null) ? shown : null;

  const run = async () => {
    setRunning(true);
    setError(null);
    try {
      const answer = await generate(current !== null);
      setShown({ content: answer.analysis, provider: answer.provider, quarter: answer.quarter, updatedAt: new Date().toISOString() });
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
      ) : current ? (
        <>
          {current.quarter && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 0.5 }} data-testid={testId ? `${testId}-quarter` : undefined}>
              Written from {quarterReports(current.quarter)}.
            </Typography>
          )}
          <Markdown text={current.content} testId={testId ? `${testId}-text` : undefined} />
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
            Written by {providerNames[current.provider] ?? current.provider}
            {current.updatedAt ? ` on ${formatLocalMoment(current.updatedAt)}` : ''}
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
          {current ? 'Regenerate' : buttonLabel}
        </Button>
      </Stack>
    </Box>
  );
}
