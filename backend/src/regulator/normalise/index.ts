/** The normalisers of every FDIC and Census dataset, one file per dataset (values.ts: what they share). */
export * from './values.ts';
export * from './institutions.ts';
export * from './financials.ts';
export * from './branches.ts';
export * from './history.ts';
export * from './failures.ts';
export * from './census.ts';
export * from './definitions.ts';
