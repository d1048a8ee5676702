import { Alert, Box, Button, Chip, CircularProgress, Divider, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useDataProvider, useRecordContext, useResourceContext } from 'react-admin';
import type { CharterlineDataProvider, HistoryEntry } from '../../providers/dataProvider.ts';
import { countOf, formatLocalMoment, withLocalMoments } from '../../../../domain/format.ts';
import { changesOf, HISTORY_SHOWN, readChanges, sourceLabels, type ChangeLine, type HistoryReading, type UseHistoryReading, readAsStored } from './history.ts';
import { labelOf } from './labels.ts';
import { rowsShown } from '../../ui/rowsShown.ts';
import { useOnPhone } from './ListBody.tsx';

const noEntries: HistoryEntry[] = [];
/** A group of up to this many changes reads inline like the others. */
const groupShownWhole = 4;

/**
 * The History of one outreach record: its events oldest first, each with who, when, what happened,
 * what changed field by field (before → after) and where it came from (the app, the API, AI, a
 * workflow, an import). Works for any resource with `/history` (contacts, tasks, banks, templates,
 * workflows, sent emails); in a Show it takes the record and resource from the context.
 * `after` (a section of the record's own, such as the emails sent to a contact) shows below it once
 * the history is in: shown before, it was pushed down as the history came, under the user's pointer.
 * `useReading` says how the resource's fields read (labels, values as the screens write them).
 */
export function RecordHistory({
  resource: resourceProp,
  id: idProp,
  after,
  useReading = readAsStored,
}: {
  resource?: string;
  id?: string | number;
  after?: ReactNode;
  useReading?: UseHistoryReading;
}) {
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  const contextResource = useResourceContext();
  const record = useRecordContext();
  const resource = resourceProp ?? contextResource;
  const id = idProp ?? record?.id;
  const history = useQuery({
    queryKey: ['history', resource, id],
    queryFn: () => dataProvider.history(resource!, id!),
    enabled: Boolean(resource) && id !== undefined && id !== null,
  });

  const reading = useReading(history.data ?? noEntries);

  if (history.isPending) return <CircularProgress size={20} aria-label="Loading history" />;
  return (
    <>
      {history.error ? (
        <Alert severity="error">The history could not be loaded. {history.error.message}</Alert>
      ) : history.data.length === 0 ? (
        <Typography color="text.secondary">No history yet.</Typography>
      ) : (
        <HistoryTable entries={history.data} reading={reading} />
      )}
      {after}
    </>
  );
}

/** One change: 'Label: before → after', the value before struck through. */
function ChangeText({ line }: { line: ChangeLine }) {
  return (
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {line.label}:{' '}
      </Box>
      {line.from !== null && (
        <>
          <Box component="span" sx={{ textDecoration: 'line-through', color: 'text.secondary' }}>
            {line.from}
          </Box>
          {' → '}
        </>
      )}
      {line.to}
    </Typography>
  );
}

/**
 * Many changes of one kind (a quarter's figures) as one line the reader opens: tens of figures listed
 * in every such event buried the rest of the record's history.
 */
function ChangeGroup({ name, lines }: { name: string; lines: ChangeLine[] }) {
  const [open, setOpen] = useState(false);
  return (
    <Box>
      <Button size="small" onClick={() => setOpen(!open)} aria-expanded={open} sx={{ px: 0, minWidth: 0, textTransform: 'none' }}>
        {open ? `Hide ${name}` : `Show ${name}`}
      </Button>
      {open && (
        <Stack spacing={0.25} data-testid="history-figures">
          {lines.map((line) => (
            <ChangeText key={line.field} line={line} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** What happened: the event's name, and its summary under it. */
function EventText({ entry }: { entry: HistoryEntry }) {
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {labelOf(entry.type)}
      </Typography>
      {entry.summary && (
        <Typography variant="caption" color="text.secondary">
          {withLocalMoments(entry.summary)}
        </Typography>
      )}
    </>
  );
}

/** What the event changed, field by field ('—' for nothing), a long group folded. */
function Changes({ entry, reading, hideNone = false }: { entry: HistoryEntry; reading: HistoryReading; hideNone?: boolean }) {
  const { lines, group } = readChanges(changesOf(entry), reading);
  if (lines.length === 0 && group.length === 0) {
    return hideNone ? null : (
      <Typography variant="body2" color="text.secondary">
        —
      </Typography>
    );
  }
  return (
    <Stack spacing={0.25}>
      {lines.map((line) => (
        <ChangeText key={line.field} line={line} />
      ))}
      {group.length > groupShownWhole ? <ChangeGroup name={reading.group!.name} lines={group} /> : group.map((line) => <ChangeText key={line.field} line={line} />)}
    </Stack>
  );
}

function SourceChip({ entry }: { entry: HistoryEntry }) {
  return <Chip size="small" variant="outlined" label={sourceLabels[entry.source] ?? entry.source} />;
}

function HistoryTable({ entries: all, reading }: { entries: HistoryEntry[]; reading: HistoryReading }) {
  const [showAll, setShowAll] = useState(false);
  const onPhone = useOnPhone();
  // The newest events, still oldest first: hundreds drawn at once held the page still for seconds.
  const { shown: entries, hidden: earlier } = rowsShown(all, showAll ? all.length : HISTORY_SHOWN, 'last');
  return (
    <Box sx={{ overflowX: 'auto' }}>
      {earlier > 0 && (
        <Button size="small" onClick={() => setShowAll(true)} sx={{ mb: 1 }}>
          Show {countOf(earlier, 'earlier event')}
        </Button>
      )}
      {onPhone ? (
        // On a phone an event a block, its parts one under another: the table's five columns ran 750 px
        // wide, and what changed was off the screen's edge.
        <Stack component="ol" aria-label="Record history" data-testid="record-history" divider={<Divider component="li" aria-hidden />} spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {entries.map((entry) => (
            <Stack component="li" key={entry.version} data-testid="history-entry" data-event-type={entry.type} spacing={0.5}>
              <Box>
                <EventText entry={entry} />
              </Box>
              <Typography variant="caption" color="text.secondary">
                {formatLocalMoment(entry.occurredAt)} · {entry.user.name ?? 'Unknown user'}
              </Typography>
              <Changes entry={entry} reading={reading} hideNone />
              <Box>
                <SourceChip entry={entry} />
              </Box>
            </Stack>
          ))}
        </Stack>
      ) : (
        <Table size="small" aria-label="Record history" data-testid="record-history">
          <TableHead>
            <TableRow>
              <TableCell>When</TableCell>
              <TableCell>Who</TableCell>
              <TableCell>Event</TableCell>
              <TableCell>What changed</TableCell>
              <TableCell>Source</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map((entry) => (
              <TableRow key={entry.version} data-testid="history-entry" data-event-type={entry.type} sx={{ verticalAlign: 'top' }}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatLocalMoment(entry.occurredAt)}</TableCell>
                <TableCell>{entry.user.name ?? 'Unknown user'}</TableCell>
                <TableCell>
                  <EventText entry={entry} />
                </TableCell>
                <TableCell>
                  <Changes entry={entry} reading={reading} />
                </TableCell>
                <TableCell>
                  <SourceChip entry={entry} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
