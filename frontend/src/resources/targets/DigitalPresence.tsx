import { useState, type FormEvent } from 'react';
import { Box, Button, CircularProgress, IconButton, Link, Stack, TextField, Tooltip, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/EditOutlined';
import { useToast } from '../../ui/Toast.tsx';
import { webAddressInput } from '../../ui/webAddressInput.ts';
import { isLinkedinCompanyPage, notLinkedinCompanyPageMessage, parseLinkedinUrl } from '../../../../domain/enrichment/web-address.ts';
import { websiteHref } from '../contacts/links.ts';
import { withScheme } from '../contacts/form.ts';
import { reasonOf } from '../shared/problem.ts';
import { useRefreshOutreach } from '../shared/useRefreshOutreach.ts';
import { targetsApi } from './api.ts';
import type { TrackedBank } from './types.ts';

const INVALID = 'The provided LinkedIn URL is not valid.';

/**
 * Website and LinkedIn company page of a target. A new LinkedIn URL is checked by the server first:
 * invalid is refused with its message, a valid one is saved as the address its redirects end at.
 * An unchanged URL just closes the editor; an empty one clears it; a LinkedIn page other than an
 * organisation's (a person's profile) is refused on the field. What was typed stays on failure.
 */
export function DigitalPresence({ bank }: { bank: TrackedBank }) {
  const toast = useToast();
  const refresh = useRefreshOutreach();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(bank.linkedinCompanyUrl ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const website = websiteHref(bank.website);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const typed = value.trim();
    if (typed === (bank.linkedinCompanyUrl ?? '')) {
      setEditing(false);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      let url = '';
      let unchecked: string | null = null;
      if (typed) {
        // A person's profile (or another LinkedIn page) is refused as it is typed, as the server would refuse it.
        const page = parseLinkedinUrl(typed);
        if (page && !isLinkedinCompanyPage(page)) {
          setError(notLinkedinCompanyPageMessage);
          return;
        }
        const check = await targetsApi.verifyLinkedin(withScheme(typed));
        if (!check.isValid && check.checked) {
          setError(INVALID);
          toast.error(INVALID);
          return;
        }
        // When LinkedIn could not be asked, the address is saved as typed and the toast says it was not checked.
        if (!check.checked) unchecked = check.reason;
        url = check.finalUrl || withScheme(typed);
      }
      await targetsApi.setLinkedinCompanyUrl(bank.cert, url);
      await refresh('banks');
      toast.success(unchecked ? `LinkedIn URL updated. ${unchecked} It was saved unchecked.` : 'LinkedIn URL updated.');
      setValue(url);
      setEditing(false);
    } catch (failure) {
      toast.error(`Failed to update URL. ${reasonOf(failure, '')}`.trim());
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack spacing={1.5}>
      <Box>
        <Typography variant="caption" color="text.secondary" component="div">
          Website
        </Typography>
        {website ? (
          <Link href={website} target="_blank" rel="noopener noreferrer" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {bank.website}
          </Link>
        ) : (
          <Typography variant="body2">Not available</Typography>
        )}
      </Box>
      <Box>
        <Typography variant="caption" color="text.secondary" component="div">
          LinkedIn Company Page
        </Typography>
        {editing ? (
          <Stack component="form" spacing={1} onSubmit={save}>
            <TextField
              size="small"
              autoFocus
              value={value}
              onChange={(event) => {
                setValue(event.target.value);
                setError(null);
              }}
              placeholder="https://www.linkedin.com/company/..."
              error={Boolean(error)}
              helperText={error}
              slotProps={{ htmlInput: { ...webAddressInput, 'aria-label': 'LinkedIn company page URL' } }}
            />
            <Stack direction="row" spacing={1}>
              <Button type="submit" size="small" variant="contained" disabled={saving} startIcon={saving ? <CircularProgress size={14} /> : undefined}>
                Save
              </Button>
              <Button
                size="small"
                disabled={saving}
                onClick={() => {
                  setEditing(false);
                  setValue(bank.linkedinCompanyUrl ?? '');
                  setError(null);
                }}
              >
                Cancel
              </Button>
            </Stack>
          </Stack>
        ) : (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            {bank.linkedinCompanyUrl ? (
              <Link href={bank.linkedinCompanyUrl} target="_blank" rel="noopener noreferrer" variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="linkedin-company-url">
                {bank.linkedinCompanyUrl}
              </Link>
            ) : (
              <Typography variant="body2" data-testid="linkedin-company-url">
                Not set
              </Typography>
            )}
            <Tooltip title="Edit LinkedIn company page">
              <IconButton size="small" aria-label="Edit LinkedIn company page" onClick={() => setEditing(true)}>
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
