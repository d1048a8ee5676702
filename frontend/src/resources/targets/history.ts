import { bankDetailLabels, bankFigureLabel, formatBankFigure, orderedFigures } from '../../../../domain/bank-fields.ts';
import { fixedReading } from '../shared/history.ts';

/**
 * How a tracked bank's History reads: its details by their labels, its figures (tens of them from a
 * quarter) gathered into one line the reader opens, each labelled and written as the screens write it.
 */
export const useTrackedBankHistory = fixedReading({
  fields: {
    ...Object.fromEntries(Object.entries(bankDetailLabels).map(([field, label]) => [field, { label }])),
    // The bank's cert is the record's own id; a quarter alert reads in the event's summary.
    cert: { hidden: true },
    ratioAlert: { hidden: true },
    lastAlertQuarter: { hidden: true },
    isTarget: { label: 'Target' },
    linkedinCompanyUrl: { label: 'LinkedIn company page' },
  },
  group: {
    name: 'figures',
    prefix: 'financials.',
    field: (name) => ({ label: bankFigureLabel(name), value: (value) => formatBankFigure(name, value) }),
    order: orderedFigures,
  },
});
