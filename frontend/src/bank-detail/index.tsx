/** What the rest of the app uses of the bank detail: its address and the hook that opens it. */
export { bankDetailPath, screenUnderDetail, useBankDetail } from './address.ts';
export type { BankDetailView } from './views.ts';
