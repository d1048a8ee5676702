/** Code tables of the regulator's records, read the same way by the demo data, the server and the screens. */

/** Minority depository institution status (MDI_STATUS_CODE) and what each code means. */
export const minorityStatuses: Record<number, string> = {
  0: 'Not a Minority Depository Institution',
  1: 'American Indian or Alaska Native',
  2: 'Asian or Pacific Islander American',
  3: 'Black or African American',
  4: 'Hispanic American',
  5: 'Multiracial',
  6: 'Women-Owned',
};
