import { InvalidRecordError, type RawRecord, parseFdicDate, requireCert, stateCode, thousandsToDollars, toFlag, toInteger, toNumber, toText } from './values.ts';

/** fdic_locations and fdic_sod rows: branches from the locations endpoint and the Summary of Deposits. */

export type LocationRow = {
  id: string;
  cert: number;
  name: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  county: string | null;
  service_type: string | null;
  established_date: string | null;
  is_main_office: boolean;
  latitude: number | null;
  longitude: number | null;
  deposits: number | null;
  cbsa_code: string | null;
  /** The Summary of Deposits year the branch was listed in; null from the locations endpoint. */
  sod_year: number | null;
  raw: RawRecord;
  is_demo: boolean;
};

/** A fdic_locations row from a locations-endpoint record (UNINUM identifies the office). */
export function normaliseLocation(record: RawRecord): LocationRow {
  const cert = requireCert(record);
  const id = toText(record.UNINUM) ?? toText(record.ID);
  if (!id) throw new InvalidRecordError(`The location record for CERT ${cert} has no UNINUM.`);
  return {
    id,
    cert,
    name: toText(record.OFFNAME ?? record.NAME),
    address: toText(record.ADDRESS),
    city: toText(record.CITY),
    state: stateCode(record),
    zip: toText(record.ZIP),
    county: toText(record.COUNTY),
    service_type: toText(record.SERVTYPE_DESC ?? record.SERVTYPE),
    established_date: parseFdicDate(record.ESTYMD),
    is_main_office: toFlag(record.MAINOFF) ?? false,
    latitude: toNumber(record.LATITUDE),
    longitude: toNumber(record.LONGITUDE),
    deposits: thousandsToDollars(record.DEPSUMBR),
    cbsa_code: toText(record.CBSA_NO),
    sod_year: toInteger(record.YEAR),
    raw: record,
    is_demo: false,
  };
}

export type SodRow = {
  id: string;
  year: number;
  cert: number;
  branch_id: string | null;
  branch_number: number | null;
  name: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  county: string | null;
  deposits: number | null;
  is_main_office: boolean;
  latitude: number | null;
  longitude: number | null;
  cbsa_code: string | null;
  cbsa_name: string | null;
  csa_code: string | null;
  raw: RawRecord;
  is_demo: boolean;
};

/** A fdic_sod row from a Summary of Deposits record (API or bulk file: branch fields end in BR). */
export function normaliseSod(record: RawRecord): SodRow {
  const cert = requireCert(record);
  const year = toInteger(record.YEAR);
  if (year === null) throw new InvalidRecordError(`The Summary of Deposits record for CERT ${cert} has no YEAR.`);
  const branchId = toText(record.UNINUMBR);
  const branchNumber = toInteger(record.BRNUM);
  const id = toText(record.ID) ?? `${year}-${branchId ?? `${cert}-${branchNumber ?? 0}`}`;
  return {
    id,
    year,
    cert,
    branch_id: branchId,
    branch_number: branchNumber,
    name: toText(record.NAMEBR),
    address: toText(record.ADDRESBR),
    city: toText(record.CITYBR),
    state: toText(record.STALPBR)?.toUpperCase() ?? null,
    zip: toText(record.ZIPBR),
    county: toText(record.CNTYNAMB),
    deposits: thousandsToDollars(record.DEPSUMBR),
    // BRSERTYP 11 is a full-service main office; BKMO is the main-office flag.
    is_main_office: toFlag(record.BKMO) ?? toInteger(record.BRSERTYP) === 11,
    latitude: toNumber(record.SIMS_LATITUDE ?? record.LATITUDE),
    longitude: toNumber(record.SIMS_LONGITUDE ?? record.LONGITUDE),
    cbsa_code: toText(record.MSABR ?? record.CBSABR),
    cbsa_name: toText(record.MSANAMB ?? record.CBSANAMB),
    csa_code: toText(record.CSABR),
    raw: record,
    is_demo: false,
  };
}
