import { useState } from 'react';
import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { formatLocalDay } from '../../../../domain/format.ts';
import { recordKinds } from '../activity/timeline.ts';
import type { UseHistoryReading } from './history.ts';
import { RecordHistory } from './RecordHistory.tsx';
import { useRestoreRecords } from './restore.ts';
import type { Deletion } from './useRecordLoadFailure.ts';

/**
 * The page of a deleted record of the user's own, reached by its address (an old link, a bookmark,
 * the Activity feed): when it was deleted, Restore (which shows the record once it is back; an
 * erased contact cannot come back, so it has none) and its History, which is still the user's.
 */
export function DeletedRecord({ deletion, useHistoryReading, onRestored }: { deletion: Deletion; useHistoryReading?: UseHistoryReading; onRestored: () => void }) {
  const restore = useRestoreRecords();
  const [restoring, setRestoring] = useState(false);
  const kind = (recordKinds[deletion.resource] ?? 'Record').toLowerCase();
  return (
    <>
      <Title title={`Deleted ${kind}`} />
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Stack spacing={2}>
            <Alert
              severity="warning"
              action={
                deletion.erased ? undefined : (
                  <Button
                    color="inherit"
                    size="small"
                    disabled={restoring}
                    onClick={async () => {
                      setRestoring(true);
                      if (await restore(deletion.resource, [deletion.id])) onRestored();
                      else setRestoring(false);
                    }}
                  >
                    Restore
                  </Button>
                )
              }
            >
              This {kind} was deleted on {formatLocalDay(deletion.deletedAt)}.
              {deletion.erased ? ' Its personal data was erased since: it cannot be restored.' : null}
            </Alert>
            <Typography variant="h6" component="h2">
              History
            </Typography>
            <RecordHistory resource={deletion.resource} id={deletion.id} useReading={useHistoryReading} />
          </Stack>
        </CardContent>
      </Card>
    </>
  );
}
