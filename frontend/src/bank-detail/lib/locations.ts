/**
 * Branch records (locations and Summary of Deposits) in one shape, and what the Branch Locations
 * and Summary of Deposits panels compute from them.
 */

import { firstNum, isoDate, text, type RawRecord } from '../../banks/records.ts';
import { formatDate } from '../../../../domain/format.ts';

export type Branch = {
  id: string;
  name: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  county: string | null;
  serviceType: string | null;
  establishedDate: string | null;
  isMainOffice: boolean;
  latitude: number | null;
  longitude: number | null;
  /** Thousands of dollars, as the regulator reports it. */
  deposits: number | null;
};

function flag(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  return ['1', 'Y', 'YES', 'TRUE'].includes(String(value ?? '').trim().toUpperCase());
}

/** A branch from the normalised shape or the FDIC codes of the locations (OFFNAME, MAINOFF...) and SOD (NAMEBR, ...BR) records. */
export function branchOf(record: RawRecord, index = 0): Branch {
  return {
    id: text(record, 'id', 'UNINUM', 'UNINUMBR', 'ID') ?? `branch-${index}`,
    name: text(record, 'name', 'OFFNAME', 'NAMEBR', 'NAME') ?? 'Unnamed Branch',
    address: text(record, 'address', 'ADDRESS', 'ADDRESBR'),
    city: text(record, 'city', 'CITY', 'CITYBR'),
    state: text(record, 'state', 'STALP', 'STALPBR'),
    zip: text(record, 'zip', 'ZIP', 'ZIPBR'),
    county: text(record, 'county', 'COUNTY', 'CNTYNAMB'),
    serviceType: text(record, 'serviceType', 'SERVTYPE_DESC', 'SERVTYPE', 'BRSERTYP'),
    establishedDate: isoDate(record.establishedDate ?? record.ESTYMD ?? record.SIMS_ESTABLISHED_DATE),
    isMainOffice: flag(record.isMainOffice ?? record.MAINOFF ?? record.BKMO),
    latitude: firstNum(record, 'latitude', 'LATITUDE', 'SIMS_LATITUDE'),
    longitude: firstNum(record, 'longitude', 'LONGITUDE', 'SIMS_LONGITUDE'),
    deposits: firstNum(record, 'deposits', 'DEPSUMBR', 'DEPSUM'),
  };
}

/** 'street, city, ST zip'. */
export function branchAddress(branch: Branch): string {
  const stateZip = [branch.state, branch.zip].filter(Boolean).join(' ');
  return [branch.address, branch.city, stateZip].filter(Boolean).join(', ') || 'N/A';
}

/** Branches the map can place: both coordinates present and on the globe. */
export function geocoded(branches: Branch[]): Array<Branch & { latitude: number; longitude: number }> {
  return branches.filter(
    (branch): branch is Branch & { latitude: number; longitude: number } =>
      branch.latitude !== null && branch.longitude !== null && Math.abs(branch.latitude) <= 90 && Math.abs(branch.longitude) <= 180 && !(branch.latitude === 0 && branch.longitude === 0),
  );
}

/** 'Office Count by State': offices per state, most first (ties by state code). */
export function officesByState(branches: Branch[]): Array<{ state: string; count: number }> {
  const counts = new Map<string, number>();
  for (const branch of branches) {
    const state = branch.state ?? 'Unknown';
    counts.set(state, (counts.get(state) ?? 0) + 1);
  }
  return [...counts.entries()].map(([state, count]) => ({ state, count })).sort((a, b) => b.count - a.count || a.state.localeCompare(b.state));
}

/**
 * The day a bank's Summary of Deposits speaks for, 'Jun 30, 2025': the survey counts each branch's
 * deposits on June 30 of its year. Null when the records carry no year.
 */
export function summaryOfDepositsAsOf(records: RawRecord[]): string | null {
  const year = firstNum(records[0], 'year', 'YEAR');
  return year !== null && Number.isInteger(year) ? formatDate(`${year}-06-30`) : null;
}

/** 'Top 10 Branches by Deposits': the first ten branches of the page, deposits in dollars. */
export function topBranchesByDeposits(branches: Branch[], count = 10): Array<{ name: string; deposits: number }> {
  return branches.slice(0, count).map((branch) => ({ name: branch.name, deposits: (branch.deposits ?? 0) * 1000 }));
}

/** South-west and north-east corners of the markers, padded by 10% of the span on each side (Leaflet's bounds.pad(0.1)). */
export function paddedBounds(points: Array<{ latitude: number; longitude: number }>, padding = 0.1): [[number, number], [number, number]] | null {
  if (points.length === 0) return null;
  const latitudes = points.map((point) => point.latitude);
  const longitudes = points.map((point) => point.longitude);
  const [south, north] = [Math.min(...latitudes), Math.max(...latitudes)];
  const [west, east] = [Math.min(...longitudes), Math.max(...longitudes)];
  const latPad = (north - south) * padding;
  const lngPad = (east - west) * padding;
  return [
    [south - latPad, west - lngPad],
    [north + latPad, east + lngPad],
  ];
}
