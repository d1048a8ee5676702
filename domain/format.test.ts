import { expect } from 'chai';
import { inTimeZone } from '../test/support/time-zone.ts';
import {
  capitalColor,
  chargeOffColor,
  concentrationColor,
  CONCENTRATION_CUTS,
  delinquencyColor,
  efficiencyColor,
  formatCount,
  countOf,
  foldText,
  formatDate,
  formatLocalDay,
  formatLocalMoment,
  formatMoney,
  formatMoneyTick,
  formatPercent,
  isCalendarDate,
  isOnCalendarDay,
  quarterLabel,
  quarterReports,
  ratingWords,
  roaColor,
  scoreColor,
  scoreWords,
  withLocalMoments,
} from './format.ts';
import { riskCategory } from './risk.ts';

describe('frontend formats', () => {
  describe('formatMoneyTick', () => {
    it('drops the decimals that are zero and keeps the others, with the same suffixes and sign', () => {
      expect(formatMoneyTick(600_000_000)).to.equal('$600M');
      expect(formatMoneyTick(1_500_000_000)).to.equal('$1.5B');
      expect(formatMoneyTick(12_345_678)).to.equal('$12.35M');
      expect(formatMoneyTick(-2_000)).to.equal('-$2K');
      expect(formatMoneyTick(0)).to.equal('$0');
    });
  });

  describe('formatMoney', () => {
    it('uses T, B, M and K with two decimals at each threshold', () => {
      expect(formatMoney(1e12)).to.equal('$1.00T');
      expect(formatMoney(3_456_000_000_000)).to.equal('$3.46T');
      expect(formatMoney(999_999_999_999)).to.equal('$1000.00B');
      expect(formatMoney(1e9)).to.equal('$1.00B');
      expect(formatMoney(12_345_678)).to.equal('$12.35M');
      expect(formatMoney(1000)).to.equal('$1.00K');
      expect(formatMoney(999)).to.equal('$999.00');
      expect(formatMoney(0)).to.equal('$0.00');
    });
    it('keeps the sign of negative amounts', () => {
      expect(formatMoney(-2_500_000)).to.equal('-$2.50M');
    });
    it("answers 'N/A' for missing values", () => {
      expect(formatMoney(null)).to.equal('N/A');
      expect(formatMoney(undefined)).to.equal('N/A');
      expect(formatMoney(Number.NaN)).to.equal('N/A');
    });
  });

  describe('formatPercent', () => {
    it('prints two decimals and a percent sign', () => {
      expect(formatPercent(1.234)).to.equal('1.23%');
      expect(formatPercent(-0.5)).to.equal('-0.50%');
      expect(formatPercent(0)).to.equal('0.00%');
    });
    it("answers 'N/A' for missing values", () => {
      expect(formatPercent(null)).to.equal('N/A');
    });
  });

  describe('quarterLabel', () => {
    it('labels a report date Q{ceil(month/3)} {year}', () => {
      expect(quarterLabel('20240331')).to.equal('Q1 2024');
      expect(quarterLabel('20240630')).to.equal('Q2 2024');
      expect(quarterLabel(20230930)).to.equal('Q3 2023');
      expect(quarterLabel('20231231')).to.equal('Q4 2023');
      expect(quarterLabel('20240101')).to.equal('Q1 2024');
      expect(quarterLabel('20240401')).to.equal('Q2 2024');
    });
    it('returns anything that is not an 8-digit date unchanged', () => {
      expect(quarterLabel('2024-03-31')).to.equal('2024-03-31');
    });
  });

  describe('quarterReports', () => {
    it('names the quarter of the reports and the day they speak for', () => {
      expect(quarterReports('20250930')).to.equal('the Q3 2025 reports, as of Sep 30, 2025');
      expect(quarterReports(20231231)).to.equal('the Q4 2023 reports, as of Dec 31, 2023');
    });
  });

  it('formats due dates without shifting the day', () => {
    expect(formatDate('2025-01-05')).to.equal('Jan 5, 2025');
    expect(formatDate('2025-01-05T23:30:00-08:00')).to.equal('Jan 5, 2025');
    expect(formatDate(null)).to.equal('N/A');
    expect(formatDate('2025-13-01')).to.equal('2025-13-01');
  });

  it('folds a text for searching, case and accents aside', () => {
    expect(foldText('José NÚÑEZ')).to.equal('jose nunez');
    expect(foldText('Zoë Brandt-Øster, Łódź')).to.equal('zoe brandt-oster, lodz');
    expect(foldText('Nguyễn Thị, Ștefan Weiß, Æsir Cœur')).to.equal('nguyen thi, stefan weiss, aesir coeur');
  });

  it('takes as calendar days only dates of years 0001 to 9999 the calendar has, date-times by their date', () => {
    for (const day of ['2026-12-31', '2024-02-29', '0001-01-01', '9999-12-31']) expect(isCalendarDate(day), day).to.equal(true);
    for (const day of ['0000-01-01', '2026-02-30', '2025-02-29', '10000-01-01', '2026-1-1', '2026-12-31T00:00:00Z']) expect(isCalendarDate(day), day).to.equal(false);
    expect(isOnCalendarDay('2026-12-31T23:59:59+05:00')).to.equal(true);
    expect(isOnCalendarDay('0000-01-01T00:00:00Z')).to.equal(false);
  });

  it('writes a count with its noun, singular for one', () => {
    expect(countOf(1, 'row')).to.equal('1 row');
    expect(countOf(0, 'row')).to.equal('0 rows');
    expect(countOf(1200, 'duplicate')).to.equal('1,200 duplicates');
    expect(countOf(2, 'match', 'matches')).to.equal('2 matches');
  });

  it('writes the day a moment falls on in the local time zone', () => {
    const added = '2026-11-29T01:30:00Z';
    expect(inTimeZone('America/New_York', () => formatLocalDay(added))).to.equal('Nov 28, 2026');
    expect(inTimeZone('UTC', () => formatLocalDay(added))).to.equal('Nov 29, 2026');
    expect(formatLocalDay(null)).to.equal('N/A');
    expect(formatLocalDay('not a date')).to.equal('not a date');
  });

  it('writes a moment on the local clock, and the moments a text holds in UTC as well', () => {
    expect(inTimeZone('America/Chicago', () => formatLocalMoment('2026-12-01T14:00:00.000Z'))).to.equal('Dec 1, 2026, 8:00 AM');
    expect(inTimeZone('UTC', () => formatLocalMoment('2026-12-01T00:05:00Z'))).to.equal('Dec 1, 2026, 12:05 AM');
    expect(inTimeZone('UTC', () => formatLocalMoment('2026-12-01T12:30:00Z'))).to.equal('Dec 1, 2026, 12:30 PM');
    expect(formatLocalMoment('not a moment')).to.equal('not a moment');
    const summary = 'Scheduled step 2 for 2026-12-01T14:00:00.000Z (outside the send window)';
    expect(inTimeZone('America/New_York', () => withLocalMoments(summary))).to.equal('Scheduled step 2 for Dec 1, 2026, 9:00 AM (outside the send window)');
    // a calendar date has no clock to move to
    expect(withLocalMoments('Due 2026-12-01, task 2026-12-01T14')).to.equal('Due 2026-12-01, task 2026-12-01T14');
  });

  it('writes every day of a leap year as en-US Intl writes it', () => {
    const intl = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    for (let day = 0; day < 366; day += 1) {
      const date = new Date(Date.UTC(2024, 0, 1 + day));
      expect(formatDate(date.toISOString().slice(0, 10))).to.equal(intl.format(date));
    }
  });

  it('groups thousands as en-US Intl does, rounding to a whole number', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    for (const value of [0, 7, 999, 1000, -1000, 12_345.6, -999_999.5, 1_234_567, 4_500_000_000_123]) {
      expect(formatCount(value), String(value)).to.equal(intl.format(Math.round(value)));
    }
    expect(formatCount(null)).to.equal('N/A');
  });

  describe('colour thresholds', () => {
    it('rates ROA green at 1.25, lime 0.75, yellow 0.25, orange 0, else red', () => {
      expect([1.25, 1.24, 0.75, 0.74, 0.25, 0.24, 0, -0.01].map(roaColor)).to.deep.equal([
        'green', 'lime', 'lime', 'yellow', 'yellow', 'orange', 'orange', 'red',
      ]);
    });
    it('rates delinquency ratios green under 1, lime under 2, yellow under 3.5, orange under 5, else red', () => {
      expect([0.99, 1, 1.99, 2, 3.49, 3.5, 4.99, 5].map(delinquencyColor)).to.deep.equal([
        'green', 'lime', 'lime', 'yellow', 'yellow', 'orange', 'orange', 'red',
      ]);
    });
    it('rates the Tier 1 risk-based capital ratio green at 10, yellow 8, orange 6, else red', () => {
      expect([10, 9.99, 8, 7.99, 6, 5.99].map(capitalColor.tier1RiskBased)).to.deep.equal(['green', 'yellow', 'yellow', 'orange', 'orange', 'red']);
    });
    it('rates each capital ratio against its own well- and adequately-capitalized lines', () => {
      expect([7, 6.99, 5, 4.99, 4, 3.99].map(capitalColor.tier1Leverage)).to.deep.equal(['green', 'yellow', 'yellow', 'orange', 'orange', 'red']);
      expect([8.5, 8.49, 6.5, 6.49, 4.5, 4.49].map(capitalColor.commonEquityTier1)).to.deep.equal(['green', 'yellow', 'yellow', 'orange', 'orange', 'red']);
      expect([12, 11.99, 10, 9.99, 8, 7.99].map(capitalColor.totalRiskBased)).to.deep.equal(['green', 'yellow', 'yellow', 'orange', 'orange', 'red']);
    });
    it('rates a 7.7% Tier 1 leverage ratio, well above its 5% line, as strong', () => {
      expect(ratingWords[capitalColor.tier1Leverage(7.7)]).to.equal('Strong');
    });
    it('rates charge-off ratios green under 0.5, yellow under 1, orange under 1.5, else red', () => {
      expect([0.49, 0.5, 0.99, 1, 1.49, 1.5].map(chargeOffColor)).to.deep.equal(['green', 'yellow', 'yellow', 'orange', 'orange', 'red']);
    });
    it('rates concentration shares against each of the three cut sets', () => {
      expect([0.7, 0.69, 0.5, 0.3, 0.29].map((share) => concentrationColor(share, CONCENTRATION_CUTS.broad))).to.deep.equal([
        'red', 'orange', 'orange', 'yellow', 'green',
      ]);
      expect([0.25, 0.15, 0.05, 0.04].map((share) => concentrationColor(share, CONCENTRATION_CUTS.moderate))).to.deep.equal([
        'red', 'orange', 'yellow', 'green',
      ]);
      expect([0.2, 0.1, 0.05, 0.04].map((share) => concentrationColor(share, CONCENTRATION_CUTS.narrow))).to.deep.equal([
        'red', 'orange', 'yellow', 'green',
      ]);
    });
    it('rates efficiency green under 50, lime 60, yellow 70, orange 80, else red', () => {
      expect([49.9, 50, 59.9, 60, 69.9, 70, 79.9, 80].map(efficiencyColor)).to.deep.equal([
        'green', 'lime', 'lime', 'yellow', 'yellow', 'orange', 'orange', 'red',
      ]);
    });
    it('rates scores green under 33.3, orange under 66.6, else red', () => {
      expect([33.2, 33.3, 66.5, 66.6].map(scoreColor)).to.deep.equal(['green', 'orange', 'orange', 'red']);
    });
    it("names a score's colour by the score's risk category", () => {
      for (const score of [0, 20.7, 33.2, 33.3, 50, 66.5, 66.6, 100]) expect(scoreWords[scoreColor(score)], String(score)).to.equal(riskCategory(score));
    });
    it('answers gray when the value is missing', () => {
      for (const rate of [roaColor, delinquencyColor, ...Object.values(capitalColor), chargeOffColor, efficiencyColor, scoreColor]) {
        expect(rate(null)).to.equal('gray');
      }
      expect(concentrationColor(undefined)).to.equal('gray');
    });
  });
});
