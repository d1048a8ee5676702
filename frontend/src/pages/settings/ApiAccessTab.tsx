import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import { useCreate, useDelete, useGetList } from 'react-admin';
import { useOnPhone } from '../../resources/shared/ListBody.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { fieldErrorsOf } from '../../resources/shared/problem.ts';
import { formatLocalMoment } from '../../../../domain/format.ts';

type ApiKey = { id: string; name: string; keyPreview: string; createdAt: string; lastUsedAt: string | null };
type CreatedApiKey = ApiKey & { key: string };

function when(iso: string | null): string {
  return iso ? formatLocalMoment(iso) : 'Never';
}

/** Copies text; pages served over plain http have no clipboard API, so a hidden text area does it there. */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('Copy failed');
}

function DeleteKeyButton({ apiKey, onDelete }: { apiKey: ApiKey; onDelete: (key: ApiKey) => void }) {
  return (
    <IconButton size="small" aria-label={`Delete API key ${apiKey.name}`} onClick={() => onDelete(apiKey)}>
      <DeleteIcon fontSize="small" />
    </IconButton>
  );
}

/** The keys as a table, or on a phone a key a block: the table's last columns and its delete buttons fell off a 390 px screen. */
function ApiKeyList({ keys, onDelete }: { keys: ApiKey[]; onDelete: (key: ApiKey) => void }) {
  if (useOnPhone()) {
    return (
      <Box component="ul" aria-label="API keys" sx={{ listStyle: 'none', p: 0, m: 0, borderBottom: 1, borderColor: 'divider' }}>
        {keys.map((key) => (
          <Stack component="li" key={key.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start', py: 1.5, borderTop: 1, borderColor: 'divider' }} data-testid="api-key-row">
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {key.name}
              </Typography>
              <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                {key.keyPreview}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                Created {when(key.createdAt)}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                Last used {when(key.lastUsedAt)}
              </Typography>
            </Box>
            <DeleteKeyButton apiKey={key} onDelete={onDelete} />
          </Stack>
        ))}
      </Box>
    );
  }
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="API keys">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Key</TableCell>
            <TableCell>Created</TableCell>
            <TableCell>Last used</TableCell>
            <TableCell align="right" />
          </TableRow>
        </TableHead>
        <TableBody>
          {keys.map((key) => (
            <TableRow key={key.id} data-testid="api-key-row">
              <TableCell sx={{ fontWeight: 600 }}>{key.name}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{key.keyPreview}</TableCell>
              <TableCell>{when(key.createdAt)}</TableCell>
              <TableCell>{when(key.lastUsedAt)}</TableCell>
              <TableCell align="right">
                <DeleteKeyButton apiKey={key} onDelete={onDelete} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * API Access: the user's keys for the public API (name, preview, created, last used), a new key by name
 * (shown in full once, with a copy button) and deletion after a confirm.
 */
export function ApiAccessTab() {
  const toast = useToast();
  const keys = useGetList<ApiKey>('api-keys', { pagination: { page: 1, perPage: 100 }, sort: { field: 'createdAt', order: 'DESC' } });
  const [create, { isPending: creating }] = useCreate<CreatedApiKey>();
  const [remove, { isPending: deleting }] = useDelete<ApiKey>();
  const [name, setName] = useState('');
  // why the server refused the name (too long), under the field; the toast says only that creating failed
  const [nameError, setNameError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [pendingDelete, setPendingDelete] = useState<ApiKey | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    try {
      const answer = await create('api-keys', { data: { name: name.trim() } }, { returnPromise: true });
      setCreated(answer as CreatedApiKey);
      setName('');
    } catch (error) {
      setNameError(fieldErrorsOf(error).name ?? null);
      toast.error('Failed to create API key.');
    }
  };

  const copy = async (text: string) => {
    try {
      await copyText(text);
      toast.success('API key copied to clipboard!');
    } catch {
      toast.error('Could not copy: select the key and copy it by hand.');
    }
  };

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    try {
      await remove('api-keys', { id: pendingDelete.id, previousData: pendingDelete }, { mutationMode: 'pessimistic', returnPromise: true });
      toast.success('API key deleted successfully.');
      if (created?.id === pendingDelete.id) setCreated(null);
    } catch {
      toast.error('Failed to delete API key.');
    } finally {
      setPendingDelete(null);
    }
  };

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          API Keys
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Keys let other tools read your target banks through the public API (send the key in the X-API-Key header). A key is shown in full only once, when it is created.
        </Typography>
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} component="form" onSubmit={submit} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label="Key name"
          placeholder="e.g. CRM sync"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setNameError(null);
          }}
          error={nameError !== null}
          helperText={nameError}
          sx={{ flex: 1, maxWidth: { sm: 400 } }}
        />
        <Button type="submit" variant="contained" startIcon={<KeyIcon />} disabled={!name.trim() || creating}>
          Create API Key
        </Button>
      </Stack>
      {created && (
        <Alert severity="success" onClose={() => setCreated(null)} data-testid="new-api-key">
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            Your new key "{created.name}". Copy it now: it will not be shown again.
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
            <Box component="code" sx={{ fontFamily: 'monospace', bgcolor: 'action.hover', px: 1, py: 0.5, borderRadius: 1, overflowWrap: 'anywhere' }} data-testid="new-api-key-value">
              {created.key}
            </Box>
            <Tooltip title="Copy">
              <IconButton size="small" aria-label="Copy API key" onClick={() => void copy(created.key)}>
                <ContentCopyIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        </Alert>
      )}
      {keys.error ? (
        <Alert severity="error">{(keys.error as Error).message}</Alert>
      ) : keys.isPending ? (
        <Typography color="text.secondary">Loading API keys...</Typography>
      ) : (keys.data ?? []).length === 0 ? (
        <Typography color="text.secondary">No API keys yet.</Typography>
      ) : (
        <ApiKeyList keys={keys.data ?? []} onDelete={setPendingDelete} />
      )}
      <ConfirmDialog
        open={pendingDelete !== null}
        title="Delete API Key"
        body={pendingDelete ? `Delete the key "${pendingDelete.name}"? Tools using it will stop working at once.` : ''}
        confirmText="Delete"
        destructive
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPendingDelete(null)}
      />
    </Stack>
  );
}
