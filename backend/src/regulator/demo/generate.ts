import { minorityStatuses } from '../../../../domain/codes.ts';
import type { RawRecord } from '../normalise/index.ts';
import { demoStates, type DemoState } from './geography.ts';
import { Random, seedOf } from './random.ts';

/**
 * A deterministic set of fictional banks in the FDIC's own record format (field codes, money in
 * thousands), so the demo goes through the same normalisation as real data. Names carry the word
 * "Demo" so nobody mistakes them for real institutions; CBSA codes start at 90000 and CSA codes at
 * 900, outside the real code ranges.
 *
 * Distributions: assets are log-normal (a community-bank body plus a heavy tail of large banks);
 * each bank has a persistent "quality" that moves ROA, NPL, capital, efficiency and margin together,
 * with small per-quarter shocks.
 */

export const demoQuarters = ['20231231', '20240331', '20240630', '20240930', '20241231', '20250331', '20250630', '20250930'] as const;
export const demoSodYear = 2025;
export const demoSeed = 20250930;

const nameRoots = [
  'Amberlyn', 'Bellwick', 'Briarstone', 'Caldermoor', 'Cobblefield', 'Copperlane', 'Dunmarrow', 'Elderglen', 'Emberton',
  'Fairhollow', 'Fernwick', 'Foxmere', 'Glimmerdale', 'Goldcrest', 'Greywater', 'Hallowmere', 'Hazelbrook', 'Highcairn',
  'Ironvale', 'Juniper Hollow', 'Kestrelford', 'Larkspire', 'Lindenmoor', 'Marrowfield', 'Meadowlark', 'Millbrae Glen',
  'Mistral Ridge', 'Northwold', 'Oakenshaw', 'Opal Prairie', 'Pebblecreek', 'Pinecrest Hollow', 'Quillmere', 'Ravenholt',
  'Redfern', 'Rosewarren', 'Saltmarsh', 'Silverbirch', 'Starling Vale', 'Stonebridge Fen', 'Sunhaven', 'Thistledown',
  'Thornbury Flats', 'Tidewell', 'Umberlake', 'Valewood', 'Westerhaven', 'Whisperwood', 'Willowmere', 'Wrenfield',
  'Yarrowby', 'Zephyr Plains', 'Ashgrove', 'Bramblecott', 'Cindervale', 'Dovecrest', 'Eastmarch', 'Frostfield',
  'Gildenbrook', 'Harrowgate Fen', 'Ivywick', 'Jasperton', 'Kingsreach', 'Lanternfield',
];
const nameMiddles = ['', 'Lakes ', 'Plains ', 'Valley ', 'Prairie ', 'Harbor ', 'Heritage ', 'Frontier ', 'Pioneer ', 'Summit ', 'River ', 'County '];
const charterOptions = [
  { bkclass: 'NM', regulator: 'FDIC', weight: 58, suffix: ['Demo Bank', 'Demo State Bank', 'Demo Bank & Trust'] },
  { bkclass: 'N', regulator: 'OCC', weight: 16, suffix: ['Demo National Bank', 'Demo Bank, N.A.'] },
  { bkclass: 'SM', regulator: 'FRS', weight: 16, suffix: ['Demo Bank', 'Demo Trust Company', 'Demo Bank & Trust'] },
  { bkclass: 'SB', regulator: 'FDIC', weight: 7, suffix: ['Demo Savings Bank', 'Demo Savings'] },
  { bkclass: 'SA', regulator: 'OCC', weight: 3, suffix: ['Demo Federal Savings', 'Demo Savings Association'] },
];
const cityEndings = ['ville', 'ton', 'field', 'burg', ' Falls', ' Springs', ' Crossing', ' Junction', 'ford', ' Bluff'];
const cityRoots = ['Alder', 'Birch', 'Cedar', 'Dale', 'Elm', 'Fall', 'Glen', 'Hart', 'Iris', 'Jay', 'Kerr', 'Lark', 'Maple', 'Nettle', 'Otter', 'Pike', 'Quail', 'Reed', 'Sable', 'Tansy', 'Upton', 'Vesper', 'Wick', 'Yew'];
const streetNames = ['Main St', 'Commerce Ave', 'Market St', 'Oak Blvd', 'Bank Plaza', 'Center St', 'Harvest Rd', 'Union Ave', 'Prairie Way', 'Mill St'];

export type DemoArea = { kind: 'cbsa' | 'csa'; code: string; name: string; state: string; metro: boolean };

export type DemoBank = {
  institution: RawRecord;
  financials: RawRecord[];
  locations: RawRecord[];
  sod: RawRecord[];
  history: RawRecord[];
  failure: RawRecord | null;
};

const round = (value: number, digits = 0) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function cityName(random: Random): string {
  return random.pick(cityRoots) + random.pick(cityEndings);
}

function pointIn(state: DemoState, random: Random): { latitude: number; longitude: number } {
  return {
    latitude: round(random.between(state.latitude[0], state.latitude[1]), 5),
    longitude: round(random.between(state.longitude[0], state.longitude[1]), 5),
  };
}

/** The fictional statistical areas: a few metros and micros per state, each state's metros grouped in one CSA. */
export function demoAreas(): DemoArea[] {
  const random = new Random(demoSeed);
  const areas: DemoArea[] = [];
  demoStates.forEach((state, stateIndex) => {
    const count = clamp(Math.round(state.weight / 40) + 2, 2, 9);
    for (let index = 0; index < count; index += 1) {
      const metro = index < Math.ceil(count / 2);
      const city = cityName(random);
      areas.push({
        kind: 'cbsa',
        code: String(90000 + stateIndex * 20 + index),
        name: `${city}, ${state.code} Demo ${metro ? 'Metro' : 'Micro'} Area`,
        state: state.code,
        metro,
      });
    }
    areas.push({ kind: 'csa', code: String(900 + stateIndex), name: `Greater ${cityName(random)}, ${state.code} Demo Combined Area`, state: state.code, metro: true });
  });
  return areas;
}

/** A community profile (the Census fields the screen shows) for a demo area. */
export function demoCensusProfile(area: DemoArea): RawRecord {
  const random = new Random(seedOf(`census-${area.kind}-${area.code}`));
  const hispanic = clamp(random.logNormal(9, 0.8), 1, 60);
  const black = clamp(random.logNormal(7, 0.9), 0.5, 45);
  const asian = clamp(random.logNormal(2.5, 0.9), 0.2, 30);
  const white = clamp(100 - hispanic - black - asian - random.between(2, 6), 5, 95);
  return {
    name: area.name,
    population: Math.round(random.logNormal(area.metro ? 350_000 : 45_000, 0.9)),
    medianHouseholdIncome: Math.round(random.logNormal(68_000, 0.2)),
    unemploymentRate: round(clamp(random.logNormal(4.6, 0.3), 1.5, 14), 1),
    povertyRate: round(clamp(random.logNormal(12.5, 0.3), 3, 35), 1),
    renterOccupiedRate: round(clamp(random.normal() * 6 + (area.metro ? 35 : 27), 12, 60), 1),
    medianAge: round(clamp(random.normal() * 3.5 + 39, 28, 55), 1),
    collegeEducatedRate: round(clamp(random.logNormal(29, 0.3), 10, 65), 1),
    whiteNonHispanicRate: round(white, 1),
    hispanicOrLatinoRate: round(hispanic, 1),
    blackOrAfricanAmericanRate: round(black, 1),
    asianRate: round(asian, 1),
    spanishSpeakingRate: round(clamp(hispanic * random.between(0.45, 0.75), 0.5, 45), 1),
  };
}

type LoanMix = { residential: number; commercialRe: number; ci: number; consumer: number; creditCard: number; auto: number; ag: number; other: number; leases: number };

function loanMix(random: Random, state: DemoState): LoanMix {
  const agricultural = ['IA', 'KS', 'NE', 'ND', 'SD', 'MN', 'MT', 'WY', 'OK'].includes(state.code);
  const profile = random.weighted(['community', 'residential', 'commercial', 'consumer', 'agricultural'], [45, 18, 22, 5, agricultural ? 25 : 4]);
  const bases: Record<typeof profile, LoanMix> = {
    community: { residential: 30, commercialRe: 30, ci: 15, consumer: 6, creditCard: 1, auto: 3, ag: 8, other: 5, leases: 2 },
    residential: { residential: 60, commercialRe: 15, ci: 8, consumer: 5, creditCard: 1, auto: 3, ag: 2, other: 4, leases: 2 },
    commercial: { residential: 15, commercialRe: 42, ci: 28, consumer: 3, creditCard: 1, auto: 2, ag: 2, other: 5, leases: 2 },
    consumer: { residential: 10, commercialRe: 8, ci: 10, consumer: 14, creditCard: 35, auto: 18, ag: 0, other: 3, leases: 2 },
    agricultural: { residential: 15, commercialRe: 12, ci: 12, consumer: 4, creditCard: 0.5, auto: 2, ag: 50, other: 3, leases: 1.5 },
  };
  const base = bases[profile];
  const mix = {} as LoanMix;
  let total = 0;
  for (const [key, weight] of Object.entries(base) as Array<[keyof LoanMix, number]>) {
    mix[key] = weight * random.logNormal(1, 0.35);
    total += mix[key];
  }
  for (const key of Object.keys(mix) as Array<keyof LoanMix>) mix[key] /= total;
  return mix;
}

const cert0 = 90_001;

/** Bank number `index` of the demo set (0-based): the same index always gives the same bank. */
/** A stable fraction in [0, 1) per bank and purpose, so added figures do not shift the seeded random stream. */
function bankFraction(cert: number, salt: number): number {
  const x = Math.sin(cert * 12.9898 + salt * 78.233) * 43758.5453;
  return x - Math.floor(x);
}

/** Cash, securities, liabilities, taxes and off-balance-sheet items, consistent with the figures already drawn. */
function balanceSheetDetail(bank: { cert: number; asset: number; equity: number; loans: number; netinc: number; tier1Capital: number; nonaccrual: number }): RawRecord {
  const { cert, asset, equity, loans, netinc, tier1Capital, nonaccrual } = bank;
  const preTax = round(netinc / 0.79);
  const unusedCommitments = round(loans * (0.08 + 0.14 * bankFraction(cert, 4)));
  const commercialLettersOfCredit = round(loans * 0.004 * bankFraction(cert, 5));
  const standbyLettersOfCredit = round(loans * 0.012 * bankFraction(cert, 6));
  return {
    CHBAL: round(asset * (0.03 + 0.07 * bankFraction(cert, 1))),
    SC: round(asset * (0.08 + 0.22 * bankFraction(cert, 2))),
    INTAN: round(asset * 0.008 * bankFraction(cert, 3)),
    LIAB: asset - equity,
    EQTOT: equity,
    RBCT1: tier1Capital,
    PTAXNETINC: preTax,
    ITAX: preTax - netinc,
    NAASSET: round(nonaccrual),
    UC: unusedCommitments,
    LOCCOM: commercialLettersOfCredit,
    LOCFPSB: standbyLettersOfCredit,
    OBSDIR: unusedCommitments + commercialLettersOfCredit + standbyLettersOfCredit,
  };
}

/** Who the bank is and what drives its figures: name, place, charter, size, quality and the bases its ratios wander around. */
function demoBankProfile(index: number, areas: DemoArea[]) {
  const random = new Random(seedOf(`demo-bank-${index}`));
  const cert = cert0 + index;
  const state = random.weighted(demoStates, demoStates.map((s) => s.weight));
  const charter = random.weighted(charterOptions, charterOptions.map((option) => option.weight));
  // Root, middle word and a number together are unique per index; the suffix follows the charter.
  const nameCycle = Math.floor(index / (nameRoots.length * nameMiddles.length));
  const name = `${nameRoots[index % nameRoots.length]} ${nameMiddles[Math.floor(index / nameRoots.length) % nameMiddles.length]}${random.pick(charter.suffix)}${
    nameCycle > 0 ? ` ${nameCycle + 1}` : ''
  }`;
  const city = cityName(random);
  const home = pointIn(state, random);
  const stateAreas = areas.filter((area) => area.state === state.code);
  const cbsa = random.chance(0.78) ? random.pick(stateAreas.filter((area) => area.kind === 'cbsa')) : null;
  const csa = cbsa?.metro ? stateAreas.find((area) => area.kind === 'csa') ?? null : null;
  const minority = random.chance(0.035) ? random.integer(1, 5) : random.chance(0.006) ? 6 : 0;
  const established = random.integer(1870, 2012);
  // Heavy tail: most banks are community banks around $300M; a few percent are regional or national.
  const large = random.chance(0.025);
  const assets0 = clamp(large ? random.logNormal(25_000_000, 1.4) : random.logNormal(320_000, 1.1), 8_000, 3_800_000_000);
  const quality = random.normal();
  const growth = random.normal() * 0.012 + 0.008;
  const mix = loanMix(random, state);
  const depositShare = clamp(0.83 + random.normal() * 0.05, 0.6, 0.93);
  const loanShare = clamp(0.63 + random.normal() * 0.1 + quality * 0.02, 0.25, 0.88);
  const tier1Base = clamp(13.5 + quality * 1.8 + random.normal() * 2.2, 6, 40);
  const efficiencyBase = clamp(63 - quality * 7 + random.normal() * 7, 32, 140);
  const nimBase = clamp(3.35 + quality * 0.25 + random.normal() * 0.45, 1.2, 7.5);
  const costOfFundsBase = clamp(1.9 + random.normal() * 0.5, 0.3, 4);
  const failed = random.chance(0.012);
  const failYear = random.integer(2009, 2023);

  const offices = clamp(Math.round(Math.pow(assets0 / 90_000, 0.55) * random.logNormal(1, 0.3)), 1, 120);
  const website = `www.${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example`;
  const address = `${random.integer(10, 9999)} ${random.pick(streetNames)}`;
  const zip = String(random.integer(10000, 99899)).padStart(5, '0');
  const county = `${random.pick(cityRoots)} County`;

  return { index, random, cert, state, charter, name, city, home, cbsa, csa, minority, established, assets0, quality, growth, mix, depositShare, loanShare, tier1Base, efficiencyBase, nimBase, costOfFundsBase, failed, failYear, offices, website, address, zip, county };
}

type DemoBankProfile = ReturnType<typeof demoBankProfile>;

/** One Call Report per demo quarter (none for a failed bank), each quarter moved by its own shock. */
function demoFinancials(bank: DemoBankProfile): RawRecord[] {
  const { random, cert, state, name, city, assets0, quality, growth, mix, depositShare, loanShare, tier1Base, efficiencyBase, nimBase, costOfFundsBase, failed, offices } = bank;
  const financials: RawRecord[] = [];
  if (!failed) {
    demoQuarters.forEach((repdte, quarterIndex) => {
      const shock = random.normal();
      const month = Number(repdte.slice(4, 6));
      const ytd = month / 12;
      const asset = round(assets0 * Math.pow(1 + growth, quarterIndex) * (1 + random.normal() * 0.01));
      const dep = round(asset * clamp(depositShare + random.normal() * 0.01, 0.5, 0.95));
      const loans = round(asset * clamp(loanShare + random.normal() * 0.01, 0.2, 0.9));
      const roa = round(clamp(1.02 + quality * 0.42 + shock * 0.12 + random.normal() * 0.08, -3.5, 4.5), 4);
      const roaq = round(clamp(roa + random.normal() * 0.15, -4, 5), 4);
      const npl = round(clamp(0.55 * Math.exp(-0.5 * quality + 0.25 * shock) * random.logNormal(1, 0.25), 0, 15), 4);
      const tier1 = round(clamp(tier1Base + random.normal() * 0.3, 5, 45), 4);
      const efficiency = round(clamp(efficiencyBase + random.normal() * 2.5, 25, 160), 4);
      const nimy = round(clamp(nimBase + random.normal() * 0.08, 1, 8), 4);
      const netChargeOffRatio = round(clamp(0.18 * Math.exp(-0.45 * quality + 0.3 * shock), 0, 5), 4);
      const equity = round(asset * clamp((tier1 * 0.72 + random.normal() * 0.4) / 100, 0.04, 0.35));
      const rwa = round(asset * clamp(0.7 + random.normal() * 0.05, 0.4, 0.95));
      const tier1Capital = round((tier1 / 100) * rwa);
      const netinc = round((roa / 100) * asset * ytd);
      const eintexp = round((costOfFundsBase / 100) * dep * ytd);
      const earning = round(asset * 0.92);
      const nimAmount = round((nimy / 100) * earning * ytd);
      const intinc = nimAmount + eintexp;
      const nonii = round(nimAmount * clamp(0.22 + random.normal() * 0.06, 0.02, 0.9));
      const nonix = round((efficiency / 100) * (nimAmount + nonii));
      const ntlnls = round((netChargeOffRatio / 100) * loans * ytd);
      const drlnls = round(ntlnls * 1.35);
      const noncurrent = (npl / 100) * loans;
      const pastDue30 = loans * clamp(0.006 * Math.exp(-0.3 * quality + 0.2 * shock), 0.0005, 0.05);
      const amounts = {
        re: (mix.residential + mix.commercialRe) * loans,
        ci: mix.ci * loans,
        consumer: (mix.consumer + mix.creditCard + mix.auto) * loans,
        ag: mix.ag * loans,
      };
      const family = (share: number, code: string, family: keyof typeof amounts) => ({
        [code]: round(share * (amounts[family] / loans) * random.logNormal(1, 0.2)),
      });
      const lnatres = round(loans * clamp(0.0125 + 0.002 * -quality + random.normal() * 0.001, 0.004, 0.04));
      const record: RawRecord = {
        ID: `${cert}_${repdte}`,
        CERT: cert,
        REPDTE: repdte,
        NAME: name,
        CITY: city,
        STALP: state.code,
        STNAME: state.name.toUpperCase(),
        ACTIVE: 1,
        ASSET: asset,
        DEP: dep,
        EQ: equity,
        NETINC: netinc,
        ROA: roa,
        ROAQ: roaq,
        ROE: round((netinc / ytd / Math.max(equity, 1)) * 100, 4),
        ROEQ: round((roaq / 100) * asset / Math.max(equity, 1) * 100, 4),
        NCLNLSR: npl,
        NTLNLS: ntlnls,
        NTLNLSR: netChargeOffRatio,
        DRLNLS: drlnls,
        CRLNLS: drlnls - ntlnls,
        RBC1RWAJ: tier1,
        RBC1AAJ: round(clamp(tier1 * 0.7 + random.normal() * 0.3, 3, 35), 4),
        RBCRWAJ: round(tier1 + 1.2 + random.normal() * 0.1, 4),
        IDT1CER: round(tier1 - 0.1, 4),
        RBCT1J: tier1Capital,
        RBC: round(tier1Capital * 1.09),
        RWAJT: rwa,
        EQV: round((equity / asset) * 100, 4),
        EEFFR: efficiency,
        NIMY: nimy,
        NIMYQ: round(nimy + random.normal() * 0.05, 4),
        NIM: nimAmount,
        INTINC: intinc,
        EINTEXP: eintexp,
        NONII: nonii,
        NONIX: nonix,
        ELNATR: round(ntlnls * clamp(1.1 + random.normal() * 0.2, 0.5, 2)),
        IBEFTAX: round(netinc / 0.79),
        ERNAST: earning,
        LNLSGR: loans,
        LNLSNET: loans - lnatres,
        LNATRES: lnatres,
        LNATRESR: round((lnatres / loans) * 100, 4),
        LNLSDEPR: round(((loans - lnatres) / dep) * 100, 4),
        LNRE: round(amounts.re),
        LNRERES: round(mix.residential * loans),
        LNRERSFM: round(mix.residential * loans * 0.86),
        LNRENRES: round(mix.commercialRe * loans * 0.6),
        LNREMULT: round(mix.commercialRe * loans * 0.15),
        LNRECONS: round(mix.commercialRe * loans * 0.25),
        LNCI: round(mix.ci * loans),
        LNCON: round(amounts.consumer),
        LNCRCD: round(mix.creditCard * loans),
        LNAUTO: round(mix.auto * loans),
        LNAG: round(mix.ag * loans),
        LNOTHER: round(mix.other * loans),
        LS: round(mix.leases * loans),
        NALNLS: round(noncurrent * 0.7),
        P3ASSET: round(pastDue30),
        P9ASSET: round(noncurrent * 0.3),
        P9CRCD: round(mix.creditCard * loans * clamp(0.012 * Math.exp(-0.3 * quality), 0, 0.1)),
        P9AUTO: round(mix.auto * loans * clamp(0.004 * Math.exp(-0.3 * quality), 0, 0.05)),
        ...(['re', 'ci', 'consumer', 'ag'] as const).reduce<RawRecord>((codes, key) => {
          const suffix = { re: 'RE', ci: 'CI', consumer: 'CON', ag: 'AG' }[key];
          return {
            ...codes,
            ...family(pastDue30, `P3${suffix}`, key),
            ...family(noncurrent * 0.3, `P9${suffix}`, key),
            ...family(noncurrent * 0.7, `NA${suffix}`, key),
            ...family(drlnls, `DR${suffix}`, key),
          };
        }, {}),
        ORE: round(asset * clamp(0.0006 * Math.exp(-0.6 * quality) * random.logNormal(1, 0.5), 0, 0.03)),
        COREDEP: round(dep * clamp(0.84 + random.normal() * 0.05, 0.5, 0.98)),
        BRO: round(dep * clamp(Math.abs(random.normal()) * 0.03, 0, 0.3)),
        OFFDOM: offices,
        ...balanceSheetDetail({ cert, asset, equity, loans, netinc, tier1Capital, nonaccrual: noncurrent * 0.7 }),
      };
      financials.push(record);
    });
  }

  return financials;
}

/** The institution record: where the bank is, its charter and its latest figures. */
function demoInstitution(bank: DemoBankProfile, latest: RawRecord): RawRecord {
  const { random, cert, state, charter, name, city, home, cbsa, csa, minority, established, assets0, depositShare, failed, failYear, offices, website, address, zip, county } = bank;
  return {
    CERT: cert,
    NAME: name,
    CITY: city,
    STALP: state.code,
    STNAME: state.name,
    ZIP: zip,
    ADDRESS: address,
    COUNTY: county,
    WEBADDR: website,
    REGAGNT: charter.regulator,
    BKCLASS: charter.bkclass,
    ACTIVE: failed ? 0 : 1,
    ASSET: failed ? round(assets0) : latest.ASSET,
    DEP: failed ? round(assets0 * depositShare) : latest.DEP,
    EQ: latest.EQ,
    NETINC: latest.NETINC,
    ROA: latest.ROA,
    ROAQ: latest.ROAQ,
    ROE: latest.ROE,
    OFFICES: failed ? 0 : offices,
    CBSA_NO: cbsa?.code,
    CBSA: cbsa?.name,
    CBSA_METRO_FLG: cbsa ? (cbsa.metro ? 1 : 0) : 0,
    CBSA_MICRO_FLG: cbsa ? (cbsa.metro ? 0 : 1) : 0,
    CSA_NO: csa?.code,
    CSA: csa?.name,
    MDI_STATUS_CODE: minority,
    MDI_STATUS_DESC: minorityStatuses[minority],
    NAMEHCR: random.chance(0.75) ? `${name.split(' ')[0]} Demo Bancshares, Inc.` : undefined,
    SPECGRPN: random.pick(['Commercial Lending Specialization', 'Mortgage Lending Specialization', 'Agricultural Specialization', 'All Other Under 1 Billion', 'All Other Over 1 Billion']),
    ESTYMD: `01/${String(random.integer(1, 28)).padStart(2, '0')}/${established}`,
    INSDATE: `01/01/${Math.max(established, 1934)}`,
    ENDEFYMD: failed ? `06/15/${failYear}` : undefined,
    LATITUDE: home.latitude,
    LONGITUDE: home.longitude,
    REPDTE: failed ? undefined : demoQuarters[demoQuarters.length - 1],
  };
}

/** Branches: the main office at head office, the others elsewhere in the home state, with their Summary of Deposits rows. */
function demoBranches(bank: DemoBankProfile, latest: RawRecord): { locations: RawRecord[]; sod: RawRecord[] } {
  const { random, cert, state, name, city, home, cbsa, csa, established, failed, offices, address, zip, county } = bank;
  const locations: RawRecord[] = [];
  const sod: RawRecord[] = [];
  const branchCount = failed ? 0 : offices;
  const deposits = Number(latest.DEP ?? 0);
  const shares = Array.from({ length: branchCount }, (_, branch) => (branch === 0 ? 3 : 1) * random.logNormal(1, 0.6));
  const shareTotal = shares.reduce((sum, share) => sum + share, 0);
  for (let branch = 0; branch < branchCount; branch += 1) {
    const main = branch === 0;
    const point = main ? home : pointIn(state, random);
    const branchCity = main ? city : cityName(random);
    const uninum = String(cert * 1000 + branch);
    const branchName = main ? name : `${branchCity} Branch`;
    const branchDeposits = round((deposits * shares[branch]) / shareTotal);
    const establishedYear = main ? established : random.integer(Math.max(established, 1950), 2024);
    locations.push({
      UNINUM: uninum,
      CERT: cert,
      NAME: name,
      OFFNAME: branchName,
      OFFNUM: branch,
      ADDRESS: main ? address : `${random.integer(10, 9999)} ${random.pick(streetNames)}`,
      CITY: branchCity,
      STALP: state.code,
      STNAME: state.name,
      ZIP: main ? zip : String(random.integer(10000, 99899)),
      COUNTY: main ? county : `${random.pick(cityRoots)} County`,
      SERVTYPE: main ? 11 : random.weighted([11, 12, 23], [80, 15, 5]),
      SERVTYPE_DESC: main ? 'Full Service Brick and Mortar Office' : 'Full Service Brick and Mortar Office',
      ESTYMD: `${String(random.integer(1, 12)).padStart(2, '0')}/01/${establishedYear}`,
      MAINOFF: main ? 1 : 0,
      LATITUDE: point.latitude,
      LONGITUDE: point.longitude,
      CBSA_NO: cbsa?.code,
      DEPSUMBR: branchDeposits,
    });
    sod.push({
      YEAR: demoSodYear,
      CERT: cert,
      UNINUMBR: uninum,
      BRNUM: branch,
      NAMEFULL: name,
      NAMEBR: branchName,
      ADDRESBR: locations[branch].ADDRESS,
      CITYBR: branchCity,
      STALPBR: state.code,
      ZIPBR: locations[branch].ZIP,
      CNTYNAMB: locations[branch].COUNTY,
      DEPSUMBR: branchDeposits,
      BKMO: main ? 1 : 0,
      SIMS_LATITUDE: point.latitude,
      SIMS_LONGITUDE: point.longitude,
      MSABR: cbsa?.code,
      MSANAMB: cbsa?.name,
      CSABR: csa?.code,
    });
  }

  return { locations, sod };
}

/** Structure events: establishment, then up to six branch openings, mergers, renames and moves. */
function demoHistory(bank: DemoBankProfile): RawRecord[] {
  const { random, cert, state, name, city, established } = bank;
  const history: RawRecord[] = [
    { ID: `${cert}-1`, CERT: cert, INSTNAME: name, EFFDATE: `${established}-01-02T00:00:00`, CHANGECODE: 110, CHANGECODE_DESC: 'Established and insured', PCITY: city, PSTALP: state.code },
  ];
  const extraEvents = random.integer(0, 6);
  for (let event = 0; event < extraEvents; event += 1) {
    const year = random.integer(Math.max(established + 1, 1960), 2024);
    const kind = random.weighted(['branch', 'merger', 'rename', 'move'], [50, 20, 15, 15]);
    const date = `${year}-${String(random.integer(1, 12)).padStart(2, '0')}-${String(random.integer(1, 28)).padStart(2, '0')}T00:00:00`;
    const base = { ID: `${cert}-${event + 2}`, CERT: cert, INSTNAME: name, EFFDATE: date, PCITY: city, PSTALP: state.code };
    if (kind === 'branch') history.push({ ...base, CHANGECODE: 711, CHANGECODE_DESC: 'Branch opened', DETAILS: `Opened a branch in ${cityName(random)}, ${state.code}.` });
    if (kind === 'merger') history.push({ ...base, CHANGECODE: 223, CHANGECODE_DESC: 'Merger', OUT_INSTNAME: `${random.pick(nameRoots)} Demo Bank`, ACQ_INSTNAME: name });
    if (kind === 'rename') history.push({ ...base, CHANGECODE: 520, CHANGECODE_DESC: 'Name change', DETAILS: `Formerly ${random.pick(nameRoots)} Demo Bank.` });
    if (kind === 'move') history.push({ ...base, CHANGECODE: 530, CHANGECODE_DESC: 'Main office relocated', DETAILS: `Head office moved within ${state.name}.` });
  }
  return history;
}

/** The failure record of a failed bank; null for one still active. */
function demoFailure(bank: DemoBankProfile): RawRecord | null {
  const { index, random, cert, state, name, city, assets0, depositShare, failed, failYear } = bank;
  return failed
    ? {
        ID: `demo-failure-${cert}`,
        CERT: cert,
        NAME: name,
        CITYST: `${city.toUpperCase()}, ${state.code}`,
        FAILDATE: `6/15/${failYear}`,
        QBFASSET: round(assets0),
        QBFDEP: round(assets0 * depositShare),
        COST: round(assets0 * random.between(0.05, 0.3)),
        FIN: String(10_000 + index),
        RESTYPE1: random.pick(['PA', 'PO', 'IDT']),
        RESTYPE: 'FAILURE',
        PSTALP: state.code,
        BIDNAME: random.chance(0.8) ? `${random.pick(nameRoots)} Demo National Bank` : undefined,
      }
    : null;
}

/** The failure as the last structure event of a failed bank. */
function failureEvent(bank: DemoBankProfile): RawRecord {
  const { cert, name, city, state, failYear } = bank;
  return { ID: `${cert}-failed`, CERT: cert, INSTNAME: name, EFFDATE: `${failYear}-06-15T00:00:00`, CHANGECODE: 211, CHANGECODE_DESC: 'Failed; deposits assumed by another institution', PCITY: city, PSTALP: state.code };
}

/** One demo bank, its random draws taken step by step in a fixed order so the same index always gives the same bank. */
export function generateDemoBank(index: number, areas: DemoArea[]): DemoBank {
  const bank = demoBankProfile(index, areas);
  const financials = demoFinancials(bank);
  const latest = financials[financials.length - 1] ?? {};
  const institution = demoInstitution(bank, latest);
  const { locations, sod } = demoBranches(bank, latest);
  const history = demoHistory(bank);
  const failure = demoFailure(bank);
  if (bank.failed) history.push(failureEvent(bank));
  return { institution, financials, locations, sod, history, failure };
}
