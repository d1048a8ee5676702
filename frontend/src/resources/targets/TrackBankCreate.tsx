import { useState } from 'react';
import { Create, TextInput, required, useDataProvider, useInput } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Autocomplete, TextField as MuiTextField } from '@mui/material';
import { formatMoney } from '../../../../domain/format.ts';
import { bankPickerQuery } from '../../lib/directory.ts';
import { bankRowsOf, type BankRow } from '../../lib/fdic-row.ts';
import type { CharterlineDataProvider } from '../../providers/dataProvider.ts';
import { useTargetToggle } from '../../targets/useTargetToggle.ts';
import { useDebounced } from '../../ui/useDebounced.ts';
import { TagsInput } from '../shared/TagsInput.tsx';
import { RecordForm } from '../shared/RecordForm.tsx';

const place = (bank: BankRow) => [bank.city, bank.state].filter(Boolean).join(', ');

/**
 * The bank to track, found in the regulator directory by name or cert. Sets `cert`, and `name` as
 * the directory has it; a bank already a target is shown but cannot be picked again.
 */
function BankPicker() {
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  const { targetCerts } = useTargetToggle();
  const { setValue } = useFormContext();
  const { field, fieldState, isRequired } = useInput({ source: 'cert', validate: required('Choose the bank to track.') });
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<BankRow | null>(null);
  const typed = useDebounced(text);
  // Two letters of a name, or a cert of any length (some are one digit); a picked bank's name is no search.
  const enough = typed.trim().length >= 2 || /^\d+$/.test(typed.trim());
  const searching = enough && typed !== picked?.name;
  const choices = useQuery({
    queryKey: ['fdic', 'track-bank', typed],
    queryFn: ({ signal }) => dataProvider.institutions(bankPickerQuery(typed), signal),
    enabled: searching,
    placeholderData: keepPreviousData,
  });
  const banks = searching ? bankRowsOf(choices.data) : picked ? [picked] : [];
  return (
    <Autocomplete<BankRow>
      options={banks}
      value={picked}
      filterOptions={(options) => options}
      getOptionLabel={(bank) => bank.name}
      isOptionEqualToValue={(option, value) => option.cert === value.cert}
      getOptionDisabled={(bank) => targetCerts.has(bank.cert)}
      loading={searching && choices.isFetching}
      noOptionsText={!enough ? 'Type two letters of the name, or the cert.' : choices.isError ? 'The directory could not be searched. Try again.' : 'No active bank matches.'}
      onInputChange={(_event, value) => setText(value)}
      onChange={(_event, bank) => {
        setPicked(bank);
        field.onChange(bank ? bank.cert : null);
        setValue('name', bank?.name ?? '', { shouldDirty: true });
      }}
      onBlur={field.onBlur}
      renderOption={({ key, ...props }, bank) => (
        <li key={key} {...props}>
          <span>
            <strong>{bank.name}</strong>
            <br />
            <small>
              {[place(bank), `cert ${bank.cert}`, bank.assets !== null ? `${formatMoney(bank.assets)} assets` : null, targetCerts.has(bank.cert) ? 'already a target' : null]
                .filter(Boolean)
                .join(' · ')}
            </small>
          </span>
        </li>
      )}
      renderInput={(params) => (
        <MuiTextField
          {...params}
          label="Bank"
          required={isRequired}
          placeholder="Name or cert, e.g. First National or 628"
          error={fieldState.invalid}
          helperText={fieldState.error?.message ?? (picked ? `${place(picked)} · cert ${picked.cert}` : 'Any active FDIC-insured bank.')}
        />
      )}
      sx={{ width: '100%', maxWidth: 560, mb: 2 }}
    />
  );
}

/**
 * Notes and tags only when given: a bank tracked before (and no longer a target) keeps its own when
 * tracked again.
 */
function withoutEmptyFields({ cert, name, notes, tags }: { cert: number; name: string; notes?: string | null; tags?: string[] }) {
  return { cert, name, ...(notes?.trim() ? { notes } : {}), ...(tags?.length ? { tags } : {}) };
}

/**
 * Tracks a bank as a target from the Tracked Banks screen, as starring it in the Bank Directory does:
 * the server takes its details and latest figures from the regulator data.
 */
export function TrackBankCreate() {
  return (
    <Create redirect="show" title="Track a Bank" transform={withoutEmptyFields}>
      <RecordForm defaultValues={{ name: '', tags: [] }}>
        <BankPicker />
        <TextInput source="notes" multiline minRows={3} fullWidth helperText="Why this bank, and what to do next (optional)." />
        <TagsInput source="tags" />
      </RecordForm>
    </Create>
  );
}
