import { Alert, Box, Typography } from '@mui/material';
import { formatMoney, formatPercent } from '../../../../domain/format.ts';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { CharterlineDataProvider } from '../../providers/dataProvider.ts';
import type { CommunityProfile } from '../api.ts';
import { KeyValueGrid } from '../components/KeyValueGrid.tsx';
import { PanelEmpty, PanelError, PanelLoading } from '../components/PanelState.tsx';
import { PanelTitle, Section } from '../components/Section.tsx';
import type { NormalisedBank } from '../../banks/bank.ts';
import { communitySource } from '../lib/community.ts';

/** Census figures are negative when the Census withholds them (e.g. -666666666): those and missing ones read N/A. */
function usable(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

export function communityFigures(profile: CommunityProfile): Array<{ label: string; value: string }> {
  const percent = (value: number | null | undefined) => (usable(value) ? formatPercent(value) : 'N/A');
  return [
    { label: 'Median Household Income', value: usable(profile.medianHouseholdIncome) ? formatMoney(profile.medianHouseholdIncome) : 'N/A' },
    { label: 'Unemployment Rate', value: percent(profile.unemploymentRate) },
    { label: 'Poverty Rate', value: percent(profile.povertyRate) },
    { label: 'Renter-Occupied Housing', value: percent(profile.renterOccupiedRate) },
    { label: 'Median Age', value: usable(profile.medianAge) ? profile.medianAge.toFixed(1) : 'N/A' },
    { label: 'College Educated', value: percent(profile.collegeEducatedRate) },
    { label: 'White (Non-Hispanic)', value: percent(profile.whiteNonHispanicRate) },
    { label: 'Hispanic or Latino', value: percent(profile.hispanicOrLatinoRate) },
    { label: 'Black or African American', value: percent(profile.blackOrAfricanAmericanRate) },
    { label: 'Asian', value: percent(profile.asianRate) },
    { label: 'Spanish Speaking', value: percent(profile.spanishSpeakingRate) },
  ];
}

type Lookup = { profile: CommunityProfile | null; area: 'cbsa' | 'csa' | null };

/** The CBSA profile, falling back to the broader Combined Statistical Area when the CBSA has none. */
async function lookUp(dataProvider: CharterlineDataProvider, bank: NormalisedBank): Promise<Lookup> {
  if (bank.cbsaCode) {
    const profile = await dataProvider.communityProfile('cbsa', bank.cbsaCode);
    if (profile) return { profile, area: 'cbsa' };
  }
  if (bank.csaCode) {
    const profile = await dataProvider.communityProfile('csa', bank.csaCode);
    if (profile) return { profile, area: 'csa' };
  }
  return { profile: null, area: null };
}

/** Community Profile (Census). */
export function CommunityProfilePanel({ bank }: { bank: NormalisedBank }) {
  const hasCode = Boolean(bank.cbsaCode || bank.csaCode);
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  const lookup = useQuery({ queryKey: ['census', bank.cbsaCode, bank.csaCode], queryFn: () => lookUp(dataProvider, bank), enabled: hasCode });
  let body;
  if (!hasCode) body = <PanelEmpty>No statistical area code available for this bank.</PanelEmpty>;
  else if (lookup.isPending) body = <PanelLoading text="Loading community profile..." />;
  else if (lookup.isError) body = <PanelError>Demographic data not available.</PanelError>;
  else if (!lookup.data?.profile)
    body = <PanelEmpty>No demographic data found for this statistical area, even after checking the broader Combined Statistical Area.</PanelEmpty>;
  else {
    const { profile, area } = lookup.data;
    body = (
      <>
        {area === 'csa' && (
          <Alert severity="info" sx={{ mb: 2 }}>
            No figures were found for the bank&apos;s own statistical area; showing its broader Combined Statistical Area.
          </Alert>
        )}
        <Section title={profile.name ?? (area === 'csa' ? `CSA ${bank.csaCode}` : `CBSA ${bank.cbsaCode}`)}>
          <KeyValueGrid items={communityFigures(profile)} />
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5 }}>
            Source: {communitySource(profile)}
          </Typography>
        </Section>
      </>
    );
  }
  return (
    <Box data-testid="community-panel">
      <PanelTitle>Community Profile</PanelTitle>
      {body}
    </Box>
  );
}
