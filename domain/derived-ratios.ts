/**
 * Ratios Charterline derives from a quarter's reported amounts, where the FDIC reports no ratio of
 * its own: one definition for the server, which stores them with the quarter's financials, and the
 * Benchmark view, which computes them for the bank and its peers.
 */

/**
 * numerator / denominator as a percentage: null (not available) when the numerator is not in the
 * data or the denominator is not positive. A ratio whose inputs are not reported is not 0%.
 */
export function percentOf(numerator: number | null | undefined, denominator: number | null | undefined): number | null {
  const below = denominator ?? 0;
  if (numerator === null || numerator === undefined || !Number.isFinite(numerator) || !(below > 0)) return null;
  return (numerator / below) * 100;
}

/**
 * A year-to-date flow (income, expense) of the quarter ending on `repdte` (YYYYMMDD) as a full
 * year's: the FDIC reports flows summed from January 1, so a March figure is a quarter of a year's
 * and a September one three quarters. The date may be written YYYYMMDD or YYYY-MM-DD. Null when
 * either is missing or the date is not a quarter's end.
 */
export function annualised(yearToDate: number | null | undefined, repdte: string | number | null | undefined): number | null {
  if (yearToDate === null || yearToDate === undefined) return null;
  const month = Number(String(repdte ?? '').replace(/\D/g, '').slice(4, 6));
  if (![3, 6, 9, 12].includes(month)) return null;
  return (yearToDate * 12) / month;
}

/**
 * Cost of funds: the year-to-date interest expense, annualised, as a percentage of deposits at the
 * quarter's end, so a March quarter and a December one read on the same yearly scale.
 */
export function costOfFunds(interestExpenseYearToDate: number | null | undefined, deposits: number | null | undefined, repdte: string | number | null | undefined): number | null {
  return percentOf(annualised(interestExpenseYearToDate, repdte), deposits);
}

/**
 * Non-interest income's share of revenue (interest plus non-interest income), as a percentage. Both
 * incomes must be reported: without the interest income the share would read 100%, a figure the
 * data does not give.
 */
export function nonInterestIncomeShare(interestIncome: number | null | undefined, nonInterestIncome: number | null | undefined): number | null {
  if (interestIncome === null || interestIncome === undefined || !Number.isFinite(interestIncome)) return null;
  return percentOf(nonInterestIncome, interestIncome + (nonInterestIncome ?? 0));
}

/**
 * Equity to assets: the regulator's own ratio (EQV) where reported, else total equity over total
 * assets, the same definition, so data that carries the two amounts but not the ratio still shows it.
 */
export function equityToAssets(reported: number | null | undefined, totalEquity: number | null | undefined, assets: number | null | undefined): number | null {
  return reported ?? percentOf(totalEquity, assets);
}
