import { useState, type ChangeEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  LinearProgress,
  MenuItem,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import UploadIcon from '@mui/icons-material/UploadFile';
import { Modal } from '../../ui/Modal.tsx';
import { countOf } from '../../../../domain/format.ts';
import { useToast } from '../../ui/Toast.tsx';
import { fieldErrorsOf, messageOf } from '../shared/problem.ts';
import { useRefreshOutreach } from '../shared/useRefreshOutreach.ts';
import { cleanMapping, contactImportApi, decodeCsvFile, IMPORT_FIELDS, importFieldLabel, missingRequired, requiredNow, type ImportDryRun, type ImportMapping, type ImportPreview, type ImportRowError } from './importApi.ts';

const steps = ['Upload', 'Map columns', 'Check', 'Import'];

function RowErrors({ errors }: { errors: ImportRowError[] }) {
  if (errors.length === 0) return null;
  return (
    <Box sx={{ maxHeight: 240, overflowY: 'auto', mt: 1 }}>
      <Table size="small" aria-label="Rows with problems" data-testid="import-errors">
        <TableHead>
          <TableRow>
            <TableCell>Row</TableCell>
            <TableCell>Field</TableCell>
            <TableCell>Problem</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {errors.map((error, index) => (
            <TableRow key={`${error.row}-${error.field}-${index}`}>
              <TableCell>{error.row}</TableCell>
              <TableCell>{importFieldLabel(error.field)}</TableCell>
              <TableCell>{error.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * Contact CSV import in four steps: upload a file, map its columns to contact fields (with the first
 * rows as they would be read), a dry run listing every row's problems and the duplicates that will be
 * skipped, then the import itself (one event per contact, one correlation id for the whole file).
 * Once a file is read, closing the dialog before the import asks before dropping the file and its mapping.
 */
export function ImportContactsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const refresh = useRefreshOutreach();
  const [step, setStep] = useState(0);
  const [fileName, setFileName] = useState('');
  const [csv, setCsv] = useState('');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [dryRun, setDryRun] = useState<ImportDryRun | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const reset = () => {
    setStep(0);
    setFileName('');
    setCsv('');
    setPreview(null);
    setMapping({});
    setDryRun(null);
    setProblem(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      const fields = Object.values(fieldErrorsOf(error));
      setProblem(fields.length ? fields.join(' ') : messageOf(error, 'The file could not be read.'));
    } finally {
      setBusy(false);
    }
  };

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    void run(async () => {
      const text = decodeCsvFile(await file.arrayBuffer());
      const answer = await contactImportApi.preview(text);
      setFileName(file.name);
      setCsv(text);
      setPreview(answer);
      setMapping(answer.mapping ?? {});
      setStep(1);
    });
  };

  const check = () =>
    run(async () => {
      setDryRun(await contactImportApi.dryRun(csv, cleanMapping(mapping)));
      setStep(2);
    });

  const importNow = (skipInvalid: boolean) =>
    run(async () => {
      const result = await contactImportApi.run(csv, cleanMapping(mapping), skipInvalid);
      await refresh('contacts');
      setStep(3);
      const skipped = [result.duplicates ? `${countOf(result.duplicates, 'duplicate')} skipped` : '', result.invalid ? `${countOf(result.invalid, 'invalid row')} skipped` : ''].filter(Boolean).join(', ');
      toast.success(`Imported ${countOf(result.imported, 'contact')}${skipped ? ` (${skipped})` : ''}.`);
      close();
    });

  const missing = missingRequired(mapping);

  return (
    <Modal open={open} onClose={close} title="Import Contacts from CSV" maxWidth="md" unsavedChanges={preview !== null}>
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
        {steps.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      {step === 0 && (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography color="text.secondary">
            A CSV file with a header row: one contact a row, with at least a full name (or a first and a last name) and a job title. A bank is found from a cert
            column, or from a bank name matching one of your tracked banks. Rows already imported (same email at the same bank) are skipped.
          </Typography>
          <Button component="label" variant="contained" startIcon={busy ? <CircularProgress size={16} /> : <UploadIcon />} disabled={busy}>
            Choose CSV file
            {/* Excel saves Unicode Text as .txt and other tools tab-separated files as .tsv; both are read */}
            <input hidden type="file" accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain" aria-label="CSV file" onChange={chooseFile} />
          </Button>
        </Stack>
      )}
      {step === 1 && preview && (
        <Stack spacing={2}>
          <Typography variant="body2">
            {fileName}: {preview.rowCount.toLocaleString('en-US')} rows, {preview.columns.length} columns.
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            {IMPORT_FIELDS.map((entry) => (
              <TextField
                key={entry.field}
                select
                size="small"
                label={entry.label}
                required={requiredNow(entry.field, mapping)}
                value={mapping[entry.field] ?? ''}
                onChange={(event) => setMapping((current) => ({ ...current, [entry.field]: event.target.value || undefined }))}
              >
                <MenuItem value="">
                  <em>Not imported</em>
                </MenuItem>
                {preview.columns.map((column) => (
                  <MenuItem key={column} value={column}>
                    {column}
                  </MenuItem>
                ))}
              </TextField>
            ))}
          </Box>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="First rows as mapped" data-testid="import-preview">
              <TableHead>
                <TableRow>
                  {IMPORT_FIELDS.filter((entry) => mapping[entry.field]).map((entry) => (
                    <TableCell key={entry.field}>{entry.label}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.sampleRows.map((row, index) => (
                  <TableRow key={index}>
                    {IMPORT_FIELDS.filter((entry) => mapping[entry.field]).map((entry) => (
                      <TableCell key={entry.field}>{row[mapping[entry.field]!] ?? ''}</TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          {missing.length > 0 && <Alert severity="info">Map a column to {missing.join(' and ')}.</Alert>}
          <Stack direction="row" spacing={1}>
            <Button onClick={reset} disabled={busy}>
              Choose another file
            </Button>
            <Button variant="contained" onClick={check} disabled={busy || missing.length > 0} startIcon={busy ? <CircularProgress size={16} /> : undefined}>
              Check rows
            </Button>
          </Stack>
        </Stack>
      )}
      {step === 2 && dryRun && (
        <Stack spacing={2} data-testid="import-dry-run">
          <Alert severity={dryRun.invalid ? 'warning' : 'success'}>
            {dryRun.valid.toLocaleString('en-US')} of {countOf(dryRun.total, 'row')} will be imported.
            {dryRun.duplicates ? ` ${countOf(dryRun.duplicates, 'duplicate')} will be skipped.` : ''}
            {dryRun.invalid ? ` ${countOf(dryRun.invalid, 'row')} ${dryRun.invalid === 1 ? 'has' : 'have'} problems.` : ''}
          </Alert>
          <RowErrors errors={dryRun.errors} />
          {busy && (
            // one request imports the whole file: tens of thousands of rows take a while, and the dialog says it is at work
            <Box role="status">
              <LinearProgress aria-label="Importing contacts" />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Importing {countOf(dryRun.valid, 'contact')}… Keep this window open; a large file takes a little while.
              </Typography>
            </Box>
          )}
          <Stack direction="row" spacing={1}>
            <Button onClick={() => setStep(1)} disabled={busy}>
              Back to mapping
            </Button>
            {dryRun.invalid > 0 ? (
              <Button variant="contained" color="warning" disabled={busy || dryRun.valid === 0} onClick={() => void importNow(true)} startIcon={busy ? <CircularProgress size={16} /> : undefined}>
                Import {countOf(dryRun.valid, 'valid row')}, skip the rest
              </Button>
            ) : (
              <Button variant="contained" disabled={busy || dryRun.valid === 0} onClick={() => void importNow(false)} startIcon={busy ? <CircularProgress size={16} /> : undefined}>
                Import {countOf(dryRun.valid, 'contact')}
              </Button>
            )}
          </Stack>
        </Stack>
      )}
    </Modal>
  );
}

/** The Contacts list's Import button. */
export function ImportContactsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={<UploadIcon />} onClick={() => setOpen(true)}>
        Import
      </Button>
      <ImportContactsDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
