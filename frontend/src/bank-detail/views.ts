/** The views of the bank detail modal (its left navigation). */
export type BankDetailView =
  | 'financials'
  | 'benchmark'
  | 'news'
  | 'trends'
  | 'community'
  | 'contacts'
  | 'tasks'
  | 'summary'
  | 'locations'
  | 'history'
  | 'demographics'
  | 'raw'
  | 'failures'
  | 'deposits';
