import type { CommunityProfile } from '../api.ts';

const CENSUS_SOURCE = 'ACS 5-Year Estimates 2022';

/**
 * The survey a profile's figures come from, as stored with them: imported Census files are of other
 * vintages than the sync's (economic figures of one ACS period, race and education of an older one)
 * and demo profiles are fictional. The sync's own survey names a profile stored without one.
 */
export function communitySource(profile: CommunityProfile): string {
  return profile.source?.trim() || CENSUS_SOURCE;
}
