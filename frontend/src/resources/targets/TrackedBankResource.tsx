import {
  BooleanField,
  BooleanInput,
  DeleteButton,
  DatagridConfigurable,
  FunctionField,
  List,
  NullableBooleanInput,
  NumberField,
  SaveButton,
  SimpleList,
  Tab,
  TextField,
  TextInput,
  Toolbar,
  useRecordContext,
} from 'react-admin';
import { Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { countOf, formatMoney, formatPercent } from '../../../../domain/format.ts';
import { ActivityTimeline } from '../activity/ActivityList.tsx';
import { EnrolmentTable } from '../enrolments/EnrolmentTable.tsx';
import { ConflictAwareEdit } from '../shared/ConflictAwareEdit.tsx';
import { csvExporter } from '../shared/csvExporter.ts';
import { TagsInput } from '../shared/TagsInput.tsx';
import type { TrackedBank } from './types.ts';
import { UNTARGETED_KEEPS } from '../../targets/useTargetToggle.ts';
import { RecordShow, RecordTitle, YesNoField } from '../shared/RecordShow.tsx';
import { useTrackedBankHistory } from './history.ts';
import { webAddressInput } from '../../ui/webAddressInput.ts';
import { onlyFilter, searchFilter } from '../shared/filters.tsx';
import { RowEditButton } from '../shared/RowEditButton.tsx';
import { ListBody } from '../shared/ListBody.tsx';
import { NoResults } from '../shared/NoResults.tsx';
import { RecordListActions } from '../shared/RecordListActions.tsx';
import { bulkActions, BulkDeleteThenReload } from '../shared/bulkActions.tsx';
import { MomentField } from '../shared/MomentField.tsx';
import { RecordForm } from '../shared/RecordForm.tsx';

const num = (value: unknown) => (typeof value === 'number' ? value : null);

const bankFilters = [
  searchFilter('Search banks'),
  <NullableBooleanInput key="isTarget" source="isTarget" label="Target" />,
  <TextInput key="state" source="state" label="State (e.g. TX)" />,
  onlyFilter('hasContacts', 'With contacts'),
  onlyFilter('hasHotLeads', 'With hot leads'),
];

const exportBanks = csvExporter<TrackedBank>('tracked-banks', [
  { header: 'Cert', value: (bank) => bank.cert },
  { header: 'Bank', value: (bank) => bank.name },
  { header: 'City', value: (bank) => bank.city },
  { header: 'State', value: (bank) => bank.state },
  { header: 'Website', value: (bank) => bank.website },
  { header: 'LinkedIn company page', value: (bank) => bank.linkedinCompanyUrl },
  { header: 'Target', value: (bank) => (bank.isTarget ? 'yes' : 'no') },
  { header: 'Assets ($)', value: (bank) => num(bank.assets) },
  { header: 'ROA %', value: (bank) => num(bank.roa) },
  { header: 'NPL %', value: (bank) => num(bank.nplRatio) },
  { header: 'Tags', value: (bank) => bank.tags },
  { header: 'Notes', value: (bank) => bank.notes },
  { header: 'Added', value: (bank) => bank.createdAt, moments: true },
]);

function Figure({ kind, field }: { kind: 'money' | 'percent'; field: string }) {
  const bank = useRecordContext<TrackedBank>();
  const value = num(bank?.[field]);
  return <span>{kind === 'money' ? formatMoney(value) : formatPercent(value)}</span>;
}

/** No bank in the list, and how a bank comes to be tracked. */
const noTrackedBanks = (
  <NoResults>
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ px: 2, pb: 2, alignItems: { sm: 'center' } }}>
      <Typography variant="body2" color="text.secondary">
        A bank is tracked once you star it in the Bank Directory, the Credit Box or its detail view, or track it here.
      </Typography>
      <Button component={RouterLink} to="/banks/create" size="small">
        Track a Bank
      </Button>
      <Button component={RouterLink} to="/bank-directory" size="small">
        Open the Bank Directory
      </Button>
    </Stack>
  </NoResults>
);

function TrackedBankListActions() {
  return (
    <RecordListActions createLabel="Track a Bank" />
  );
}

/** The user's tracked banks as records: targets and banks tracked before (notes and tags kept). */
export function TrackedBankList() {
  return (
    <List filters={bankFilters} filterDefaultValues={{ isTarget: true }} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={exportBanks} actions={<TrackedBankListActions />} title="Tracked Banks">
      <ListBody phone={<SimpleList<TrackedBank> primaryText={(bank) => bank.name} secondaryText={(bank) => [bank.city, bank.state].filter(Boolean).join(', ')} tertiaryText={(bank) => countOf(bank.contactCount, 'contact')} linkType="show" />} empty={noTrackedBanks}>
        <DatagridConfigurable rowClick="show" {...bulkActions(<BulkDeleteThenReload label="Remove from targets" confirmTitle="Remove the selected banks from targets?" confirmContent={keptWhenUntargeted} />)}>
          <TextField source="name" label="Bank" />
          <TextField source="city" />
          <TextField source="state" />
          <FunctionField label="Assets" sortBy="assets" render={() => <Figure kind="money" field="assets" />} />
          <FunctionField label="ROA" sortable={false} render={() => <Figure kind="percent" field="roa" />} />
          <NumberField source="contactCount" label="Contacts" emptyText="—" />
          <NumberField source="openTaskCount" label="Open tasks" emptyText="—" />
          <BooleanField source="isTarget" label="Target" />
          <MomentField source="createdAt" label="Added" />
          <RowEditButton />
        </DatagridConfigurable>
      </ListBody>
    </List>
  );
}

/** Deleting a tracked bank only takes it off the targets (as its star does): nothing of it is lost. */
const keptWhenUntargeted = `${UNTARGETED_KEEPS} Star the bank again to make it a target.`;

function RemoveFromTargetsButton() {
  const bank = useRecordContext<TrackedBank>();
  if (bank?.isTarget === false) return null;
  return <DeleteButton label="Remove from targets" confirmTitle={`Remove ${bank?.name ?? 'this bank'} from targets?`} confirmContent={keptWhenUntargeted} />;
}

export function TrackedBankEdit() {
  return (
    <ConflictAwareEdit redirect="show" title={<RecordTitle prefix="Edit " source="name" fallback="Tracked Bank" />} useHistoryReading={useTrackedBankHistory}>
      <RecordForm
        toolbar={
          <Toolbar sx={{ justifyContent: 'space-between' }}>
            <SaveButton />
            <RemoveFromTargetsButton />
          </Toolbar>
        }
      >
        <TextInput source="linkedinCompanyUrl" label="LinkedIn company page" fullWidth helperText="Checked on the Targets screen before saving there; here it must be a linkedin.com company page address." slotProps={{ htmlInput: webAddressInput }} />
        <TextInput source="notes" multiline minRows={4} fullWidth />
        <TagsInput source="tags" />
        <BooleanInput source="isTarget" label="Target" />
      </RecordForm>
    </ConflictAwareEdit>
  );
}

/** Everything that happened at this bank: the bank, its contacts, tasks and emails. */
function BankTimeline() {
  const bank = useRecordContext<TrackedBank>();
  return bank ? <ActivityTimeline bankId={bank.cert} /> : null;
}

/** The automations going or gone through the bank's contacts, with Pause, Resume and Stop. */
function BankAutomations() {
  const bank = useRecordContext<TrackedBank>();
  return bank ? <EnrolmentTable filter={{ bankId: bank.cert }} show={['contact', 'workflow']} emptyText="No automations for this bank yet." /> : null;
}

export function TrackedBankShow() {
  return (
    <RecordShow
      title={<RecordTitle source="name" fallback="Tracked bank" />}
      useHistoryReading={useTrackedBankHistory}
      tabs={[
        <Tab key="timeline" label="Timeline" path="timeline">
          <BankTimeline />
        </Tab>,
        <Tab key="automations" label="Automations" path="automations">
          <BankAutomations />
        </Tab>,
      ]}
    >
      <TextField source="name" label="Bank" />
      <TextField source="cert" label="Cert" />
      <FunctionField label="Place" render={(bank: TrackedBank) => [bank.city, bank.state].filter(Boolean).join(', ') || '—'} />
      <TextField source="website" emptyText="—" />
      <TextField source="linkedinCompanyUrl" label="LinkedIn company page" emptyText="Not set" />
      <FunctionField label="Assets" render={() => <Figure kind="money" field="assets" />} />
      <FunctionField label="ROA" render={() => <Figure kind="percent" field="roa" />} />
      <FunctionField label="NPL %" render={() => <Figure kind="percent" field="nplRatio" />} />
      <YesNoField source="isTarget" label="Target" />
      <TextField source="notes" emptyText="—" sx={{ whiteSpace: 'pre-wrap' }} />
      <FunctionField label="Tags" render={(bank: TrackedBank) => (bank.tags.length ? bank.tags.join(', ') : '—')} />
      <MomentField source="createdAt" label="Added" showTime />
    </RecordShow>
  );
}
