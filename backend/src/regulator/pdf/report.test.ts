import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describeWithDatabase } from '../../../../test/support/database.ts';
import { startTestApp, type TestApp } from '../../../../test/support/app.ts';
import { normaliseFinancials, normaliseInstitution } from '../normalise/index.ts';
import { upsertFinancials, upsertInstitutions } from '../store.ts';
import { loadBankReportData } from './report-data.ts';
import { generatedText, renderBankReport } from './report.ts';
import { pdfReportFeature } from './routes.ts';

const run = promisify(execFile);

/**
 * The text a PDF shows, from uncompressed content streams: pdfkit writes standard-font text as hex
 * strings inside TJ arrays (split where it kerns), so each array is decoded and joined.
 */
function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const shown: string[] = [];
  for (const array of source.matchAll(/\[((?:<[0-9a-fA-F]*>|\s|-?\d+(?:\.\d+)?)*)\]\s*TJ/g)) {
    shown.push([...array[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => Buffer.from(hex[1], 'hex').toString('latin1')).join(''));
  }
  return shown.join('\n');
}

const quarters = ['20241231', '20250331', '20250630', '20250930'];

function institution(cert: number, name: string, assets: number, state = 'TX') {
  return normaliseInstitution({ CERT: cert, NAME: name, CITY: 'Austin', STALP: state, ZIP: '78701', ADDRESS: '100 Congress Ave', ASSET: assets, OFFICES: 7, REGAGNT: 'FDIC', BKCLASS: 'NM', ACTIVE: 1 });
}

function financials(cert: number, repdte: string, assets: number, roa: number, extra: Record<string, unknown> = {}) {
  return normaliseFinancials({
    CERT: cert,
    REPDTE: repdte,
    ASSET: assets,
    DEP: Math.round(assets * 0.8),
    EQ: Math.round(assets * 0.11),
    NETINC: Math.round(assets * 0.009),
    ROA: roa,
    ROE: 9.5,
    NIMY: 3.45,
    EEFFR: 61.2,
    NCLNLSR: 0.8,
    NTLNLSR: 0.12,
    RBC1RWAJ: 13.2,
    RBC1AAJ: 10.1,
    EQV: 11,
    LNLSDEPR: 78,
    LNATRESR: 1.3,
    P3RE: 1234,
    P9RE: 210,
    NARE: 987,
    P3CI: 300,
    ...extra,
  });
}

describeWithDatabase('PDF report', (context) => {
  let app: TestApp;
  let token: string;

  before(async () => {
    const knex = context.db.knex;
    await upsertInstitutions(knex, [
      institution(501, 'Lone Star Community Bank', 1_000_000),
      institution(502, 'Peer One Bank', 900_000),
      institution(503, 'Peer Two Bank', 1_200_000),
      institution(504, 'Too Big Bank', 9_000_000),
      institution(505, 'Other State Bank', 1_000_000, 'OK'),
    ]);
    await upsertFinancials(knex, [
      ...quarters.map((repdte, index) => financials(501, repdte, 940_000 + index * 20_000, 0.9 + index * 0.1)),
      financials(502, '20250930', 900_000, 1.0, { RBC1RWAJ: 12, EEFFR: 55 }),
      financials(503, '20250930', 1_200_000, 2.0, { RBC1RWAJ: 16, EEFFR: 65 }),
      financials(504, '20250930', 9_000_000, 9.0),
      financials(505, '20250930', 1_000_000, 9.0),
    ]);
    app = await startTestApp(context.db, { features: [pdfReportFeature] });
    token = (await app.signUp()).token;
  });

  after(async () => {
    await app?.stop();
  });

  it('gathers tiles, peer averages over the default peer group, asset quality, trend and risk', async () => {
    const data = await loadBankReportData(context.db.knex, 501, new Date('2026-01-02T03:04:05Z'));
    expect(data).to.not.equal(null);
    expect(data!.repdte).to.equal('20250930');
    expect(data!.tiles.totalAssets).to.equal(1_000_000_000);
    expect(data!.peerCount).to.equal(2);
    const roa = data!.ratios.find((ratio) => ratio.label === 'Return on Assets (ROA)')!;
    expect(roa.value).to.be.closeTo(1.2, 1e-9);
    expect(roa.peerAverage).to.be.closeTo(1.5, 1e-9);
    expect(data!.ratios.find((ratio) => ratio.label === 'Tier 1 Risk-Based Capital Ratio')!.peerAverage).to.be.closeTo(14, 1e-9);
    expect(data!.assetQuality[0]).to.deep.equal({ label: 'Real Estate', pastDue30: 1_234_000, pastDue90: 210_000, nonaccrual: 987_000 });
    expect(data!.trend.map((quarter) => quarter.repdte)).to.deep.equal(quarters);
    expect(data!.risk?.category).to.be.oneOf(['Low Risk', 'Medium Risk', 'High Risk']);
    expect(await loadBankReportData(context.db.knex, 999_999)).to.equal(null);
  });

  it("totals asset quality with the past due and nonaccrual totals the bank reports, as the Financials panel does, and with the rows' sum only where it reports none", async () => {
    const knex = context.db.knex;
    await upsertInstitutions(knex, [institution(506, 'Leasing Heavy Bank', 700_000, 'NM')]);
    // Leases and other loans past due are in the reported totals and in none of the four rows. Its
    // report is of the quarter before, so it is no peer of the bank the other tests report on.
    await upsertFinancials(knex, [financials(506, '20250630', 700_000, 1.1, { P3ASSET: 2_000, P9ASSET: 400, NAASSET: 1_500 })]);
    const data = (await loadBankReportData(knex, 506))!;
    expect(data.assetQualityTotal).to.deep.equal({ label: 'Total', pastDue30: 2_000_000, pastDue90: 400_000, nonaccrual: 1_500_000 });
    const text = pdfText(await renderBankReport(data, { compress: false }));
    expect(text).to.contain('$2.00M');
    expect(text).to.contain('$1.50M');

    const withoutTotals = (await loadBankReportData(knex, 501))!;
    expect(withoutTotals.assetQualityTotal).to.deep.equal({ label: 'Total', pastDue30: 1_534_000, pastDue90: 210_000, nonaccrual: 987_000 });
  });

  it('renders a parseable PDF holding the bank name and its figures', async () => {
    const data = (await loadBankReportData(context.db.knex, 501, new Date('2026-01-02T03:04:05Z')))!;
    const pdf = await renderBankReport(data, { compress: false });
    expect(pdf.subarray(0, 5).toString('latin1')).to.equal('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).to.contain('%%EOF');
    const text = pdfText(pdf);
    expect(text).to.contain('Lone Star Community Bank');
    expect(text).to.contain('FDIC Cert #501');
    expect(text).to.contain('$1.00B'); // total assets
    expect(text).to.contain('$800.00M'); // total deposits
    expect(text).to.contain('1.20%'); // ROA
    expect(text).to.contain('1.50%'); // peer average ROA
    expect(text).to.contain('$1.23M'); // real estate 30-89 days past due
    expect(text).to.contain('Q3 2025');
    expect(text).to.contain('Risk Assessment');
    expect(text).to.contain(data.risk!.category);
    expect(text).to.contain('Data source: FDIC BankFind Suite');
    expect(text).to.contain('Generated Jan 2, 2026, 3:04 AM UTC');

    const folder = await mkdtemp(join(tmpdir(), 'charterline-pdf-'));
    try {
      await writeFile(join(folder, 'report.pdf'), pdf);
      try {
        await run('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', join(folder, 'report.pdf'), join(folder, 'page')]);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // no poppler-utils on this machine
        throw error;
      }
      const png = await readFile(join(folder, 'page-1.png'));
      expect(png.subarray(1, 4).toString('latin1')).to.equal('PNG');
      expect((await stat(join(folder, 'page-1.png'))).size).to.be.greaterThan(10_000);
      if (process.env.PDF_PREVIEW_DIR) await writeFile(join(process.env.PDF_PREVIEW_DIR, 'bank-report-page-1.png'), png);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("keeps a bank without a risk score's note inside its tile, within the page's margin", async function () {
    const data = (await loadBankReportData(context.db.knex, 501, new Date('2026-01-02T03:04:05Z')))!;
    const pdf = await renderBankReport({ ...data, risk: null }, { compress: false });
    const folder = await mkdtemp(join(tmpdir(), 'charterline-pdf-'));
    try {
      await writeFile(join(folder, 'report.pdf'), pdf);
      let boxes: string;
      try {
        boxes = (await run('pdftotext', ['-bbox', '-f', '1', '-l', '1', join(folder, 'report.pdf'), '-'])).stdout;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return this.skip(); // no poppler-utils on this machine
        throw error;
      }
      const words = [...boxes.matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g)].map(([, , xMax, word]) => ({ word, xMax: Number(xMax) }));
      const note = words.filter(({ word }) => ['needs', 'ROA,', 'NPL', 'and', 'Tier', '1'].includes(word));
      expect(note.map(({ word }) => word).join(' ')).to.contain('needs ROA, NPL and Tier 1');
      // the page is 612 points wide with 40-point margins; the tile ends at the right margin
      for (const { word, xMax } of note) expect(xMax, word).to.be.at.most(612 - 40);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('answers POST /api/services/pdf/report with a PDF download', async () => {
    const response = await fetch(`${app.url}/api/services/pdf/report`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ cert: 501 }),
    });
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.equal('application/pdf');
    expect(response.headers.get('content-disposition')).to.equal('attachment; filename="Lone-Star-Community-Bank-501-report.pdf"');
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.subarray(0, 5).toString('latin1')).to.equal('%PDF-');
  });

  it("says when it was made on the reader's clock", async () => {
    // 03:04 UTC on 2 January is still the evening of 1 January in Chicago.
    expect(generatedText(new Date('2026-01-02T03:04:05Z'), 'America/Chicago')).to.equal('Generated Jan 1, 2026, 9:04 PM CST');
    const data = (await loadBankReportData(context.db.knex, 501, new Date('2026-01-02T03:04:05Z')))!;
    expect(pdfText(await renderBankReport(data, { compress: false, timeZone: 'America/Chicago' }))).to.contain('Generated Jan 1, 2026, 9:04 PM CST');
    const unknownZone = await app.request('/api/services/pdf/report', { method: 'POST', token, body: { cert: 501, timeZone: 'Mars/Olympus' } });
    expect(unknownZone.status).to.equal(400);
    expect(unknownZone.body.message).to.equal('timeZone must be a time zone like America/Chicago.');
    const zoneAsNumber = await app.request('/api/services/pdf/report', { method: 'POST', token, body: { cert: 501, timeZone: -5 } });
    expect(zoneAsNumber.status).to.equal(400);
    expect(zoneAsNumber.body.message).to.equal('timeZone must be a time zone like America/Chicago.');
  });

  it('rejects a missing or malformed cert with 400 and a clear message', async () => {
    for (const body of [{}, { cert: 'abc' }, { cert: -3 }, { cert: 1.5 }]) {
      const response = await app.request('/api/services/pdf/report', { method: 'POST', token, body });
      expect(response.status, JSON.stringify(body)).to.equal(400);
      expect(response.body.message).to.equal('Send the bank as {"cert": <FDIC certificate number>}: cert must be a positive whole number.');
    }
  });

  it('answers 404 for a bank the mirror does not hold', async () => {
    const response = await app.request('/api/services/pdf/report', { method: 'POST', token, body: { cert: '424242' } });
    expect(response.status).to.equal(404);
    expect(response.body.msg).to.equal('No bank with FDIC certificate number 424242 was found, so there is no report to generate.');
  });

  it('requires a signed-in user', async () => {
    const response = await app.request('/api/services/pdf/report', { method: 'POST', body: { cert: 501 } });
    expect(response.status).to.equal(401);
  });
});

describeWithDatabase('PDF report peer group', (context) => {
  before(async () => {
    const knex = context.db.knex;
    const others = [1, 2, 3, 4, 5, 6].map((index) => ({ cert: 610 + index, assets: index * 1_000_000, roa: index / 2 }));
    await upsertInstitutions(knex, [
      institution(601, 'Bay State Savings Bank', 2_000_000, 'MA'),
      institution(602, 'Colossus National Bank', 900_000_000),
      ...others.map((bank) => institution(bank.cert, `Bank ${bank.cert}`, bank.assets, bank.cert % 2 === 0 ? 'NY' : 'CT')),
      institution(617, 'Tiny Bank', 50_000, 'NY'),
    ]);
    await upsertFinancials(knex, [
      financials(601, '20250930', 2_000_000, 1.0),
      financials(602, '20250930', 900_000_000, 1.0),
      ...others.map((bank) => financials(bank.cert, '20250930', bank.assets, bank.roa)),
      financials(617, '20250930', 50_000, 9.0),
    ]);
  });

  it('compares a bank with no peers in its state with the wider group the Benchmark view widens to, and says so', async () => {
    const data = (await loadBankReportData(context.db.knex, 601))!;
    expect(data.peerCount).to.equal(6);
    expect(data.peerGroup).to.equal("banks with 25% to 400% of this bank's assets in every state");
    expect(data.peerGroupNote).to.equal(
      'No bank matches the default peer group (MA, 50% to 150% of total assets), so a wider group is compared, as the Benchmark view does.',
    );
    expect(data.ratios.find((ratio) => ratio.label === 'Return on Assets (ROA)')!.peerAverage).to.be.closeTo(1.75, 1e-9);
    const text = pdfText(await renderBankReport(data, { compress: false }));
    expect(text).to.contain("Key Ratios vs. Peer Average (6 peers: banks with 25% to 400% of this bank's assets in every state)");
    expect(text).to.contain('No bank matches the default peer group (MA, 50% to 150% of total assets)');
  });

  it('compares a bank too large for any range with the 20 largest banks', async () => {
    const data = (await loadBankReportData(context.db.knex, 602))!;
    expect(data.peerCount).to.equal(8);
    expect(data.peerGroup).to.equal('the 20 largest banks by assets nationwide');
    expect(data.peerGroupNote).to.match(/^No bank matches the default peer group \(TX, 50% to 150% of total assets\), so a wider group is compared/);
  });
});
