import PDFDocument from 'pdfkit';
import { bankFieldLabels as labels } from '../../../../domain/bank-fields.ts';
// The same money, percent and quarter formats and colour thresholds as the screens.
import { formatCount, formatDate, formatMoney, formatPercent, quarterLabel, ratingPalettes, scoreColor } from '../../../../domain/format.ts';
import type { BankReportData, ReportQuarter } from './report-data.ts';

/**
 * Draws the one-page bank report with pdfkit: header, summary tiles with the risk score, key ratios
 * against peer averages, asset quality by loan type, an eight-quarter trend chart in vector
 * graphics, and the report date and data source. Pure apart from pdfkit: data in, PDF bytes out.
 */

const page = { width: 612, height: 792, margin: 40 };
const contentWidth = page.width - page.margin * 2;
const colors = {
  band: '#1e3a8a',
  ink: '#111827',
  muted: '#6b7280',
  rule: '#e5e7eb',
  tile: '#f3f4f6',
  target: '#2563eb',
  peer: '#9ca3af',
  line: '#dc2626',
};
/** The report is printed on white. */
const ratingPalette = ratingPalettes.light;

/** `timeZone`: the reader's (IANA), for the time the report was made; UTC when not given. */
export type RenderOptions = { compress?: boolean; timeZone?: string };

/** 'Nov 28, 2026, 4:30 PM EST': when the report was made, on the reader's clock. */
export const generatedText = (at: Date, timeZone = 'UTC') =>
  `Generated ${new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' }).format(at)}`;

function isoOf(repdte: string | null): string | null {
  return repdte && /^\d{8}$/.test(repdte) ? `${repdte.slice(0, 4)}-${repdte.slice(4, 6)}-${repdte.slice(6, 8)}` : null;
}

function sectionTitle(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width = contentWidth): number {
  doc.font('Helvetica-Bold').fontSize(11).fillColor(colors.ink).text(text, x, y, { width, lineBreak: false });
  doc.moveTo(x, y + 15).lineTo(x + width, y + 15).lineWidth(0.75).strokeColor(colors.rule).stroke();
  return y + 21;
}

function drawHeader(doc: PDFKit.PDFDocument, data: BankReportData, timeZone?: string): number {
  doc.rect(0, 0, page.width, 88).fill(colors.band);
  doc.font('Helvetica').fontSize(8).fillColor('#c7d2fe').text('CHARTERLINE  |  BANK FINANCIAL REPORT', page.margin, 16, { characterSpacing: 1, lineBreak: false });
  doc.font('Helvetica-Bold').fontSize(19).fillColor('#ffffff').text(data.name, page.margin, 30, { width: contentWidth, lineBreak: false, ellipsis: true });
  const details = [data.addressLine || null, `FDIC Cert #${data.cert}`, data.regulator ? `Regulator ${data.regulator}` : null, data.charterClass ? `Charter ${data.charterClass}` : null]
    .filter(Boolean)
    .join('   |   ');
  doc.font('Helvetica').fontSize(9).fillColor('#e0e7ff').text(details, page.margin, 58, { width: contentWidth, lineBreak: false, ellipsis: true });

  const asOf = data.repdte ? `Report date: ${quarterLabel(data.repdte)} (as of ${formatDate(isoOf(data.repdte))})` : 'Report date: no quarterly financials on file';
  doc.font('Helvetica-Bold').fontSize(9).fillColor(colors.ink).text(asOf, page.margin, 98, { lineBreak: false });
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(colors.muted)
    .text(generatedText(data.generatedAt, timeZone), page.margin, 99, { width: contentWidth, align: 'right', lineBreak: false });
  return 116;
}

function drawTiles(doc: PDFKit.PDFDocument, data: BankReportData, top: number): number {
  const t = data.tiles;
  const tiles: Array<{ label: string; value: string; color?: string; note?: string }> = [
    { label: labels.assets, value: formatMoney(t.totalAssets) },
    { label: labels.deposits, value: formatMoney(t.totalDeposits) },
    { label: labels.totalEquity, value: formatMoney(t.totalEquity) },
    { label: labels.netIncome, value: formatMoney(t.netIncome) },
    { label: labels.roa, value: formatPercent(t.roa) },
    { label: labels.netInterestMargin, value: formatPercent(t.netInterestMargin) },
    { label: labels.offices, value: formatCount(t.offices) },
    data.risk
      ? { label: labels.riskScore, value: `${data.risk.score.toFixed(1)}  ${data.risk.category}`, color: ratingPalette[scoreColor(data.risk.score)] }
      : { label: labels.riskScore, value: 'N/A', note: 'needs ROA, NPL and Tier 1' },
  ];
  const gap = 8;
  const width = (contentWidth - gap * 3) / 4;
  const height = 44;
  tiles.forEach((tile, index) => {
    const x = page.margin + (index % 4) * (width + gap);
    const y = top + Math.floor(index / 4) * (height + gap);
    doc.roundedRect(x, y, width, height, 4).fill(tile.color ?? colors.tile);
    const ink = tile.color ? '#ffffff' : colors.ink;
    doc.font('Helvetica').fontSize(7.5).fillColor(tile.color ? '#ffffff' : colors.muted).text(tile.label.toUpperCase(), x + 8, y + 8, { width: width - 16, lineBreak: false });
    doc.font('Helvetica-Bold').fontSize(tile.value.length > 16 ? 11 : 14).fillColor(ink).text(tile.value, x + 8, y + 21, { width: width - 16, lineBreak: false, ellipsis: true });
    // beside the value, wrapped within the tile (on one line it ran past the tile's edge)
    if (tile.note) doc.font('Helvetica').fontSize(6.5).fillColor(colors.muted).text(tile.note, x + 48, y + 22, { width: width - 56, height: height - 24 });
  });
  return top + height * 2 + gap + 14;
}

function drawRatios(doc: PDFKit.PDFDocument, data: BankReportData, top: number): number {
  let y = sectionTitle(doc, `Key Ratios vs. Peer Average (${data.peerCount} peers: ${data.peerGroup})`, page.margin, top);
  if (data.peerGroupNote) {
    doc.font('Helvetica').fontSize(7.5).fillColor(colors.muted).text(data.peerGroupNote, page.margin, y, { width: contentWidth });
    y += doc.heightOfString(data.peerGroupNote, { width: contentWidth }) + 4;
  }
  const columns = [
    { title: 'Metric', x: page.margin, width: 210, align: 'left' as const },
    { title: 'This Bank', x: page.margin + 210, width: 90, align: 'right' as const },
    { title: 'Peer Average', x: page.margin + 300, width: 90, align: 'right' as const },
    { title: 'Better when', x: page.margin + 410, width: 122, align: 'left' as const },
  ];
  doc.font('Helvetica-Bold').fontSize(8).fillColor(colors.muted);
  for (const column of columns) doc.text(column.title, column.x, y, { width: column.width, align: column.align, lineBreak: false });
  y += 13;
  data.ratios.forEach((ratio, index) => {
    if (index % 2 === 0) doc.rect(page.margin, y - 3, contentWidth, 14).fill('#f9fafb');
    const ahead =
      ratio.value === null || ratio.peerAverage === null || ratio.value === ratio.peerAverage
        ? null
        : ratio.better === 'higher'
          ? ratio.value > ratio.peerAverage
          : ratio.value < ratio.peerAverage;
    doc.font('Helvetica').fontSize(8.5).fillColor(colors.ink).text(ratio.label, columns[0].x + 4, y, { width: columns[0].width, lineBreak: false });
    doc.font('Helvetica-Bold').fillColor(colors.target).text(formatPercent(ratio.value), columns[1].x, y, { width: columns[1].width, align: 'right', lineBreak: false });
    doc.font('Helvetica').fillColor(colors.muted).text(formatPercent(ratio.peerAverage), columns[2].x, y, { width: columns[2].width, align: 'right', lineBreak: false });
    const verdict = ahead === null ? '' : ahead ? '  - ahead of peers' : '  - behind peers';
    doc
      .fillColor(ahead === null ? colors.muted : ahead ? ratingPalette.green : ratingPalette.red)
      .text(`${ratio.better}${verdict}`, columns[3].x, y, { width: columns[3].width, lineBreak: false });
    y += 14;
  });
  return y + 10;
}

function drawAssetQuality(doc: PDFKit.PDFDocument, data: BankReportData, top: number, width: number): number {
  let y = sectionTitle(doc, 'Asset Quality & Delinquency', page.margin, top, width);
  const valueWidth = 70;
  const labelWidth = width - 3 * valueWidth;
  const headers = ['30-89 Days PD', '90+ Days PD', 'Nonaccrual'];
  doc.font('Helvetica-Bold').fontSize(8).fillColor(colors.muted).text('Loan Type', page.margin, y, { width: labelWidth, lineBreak: false });
  headers.forEach((header, index) => doc.text(header, page.margin + labelWidth + index * valueWidth, y, { width: valueWidth, align: 'right', lineBreak: false }));
  y += 13;
  for (const row of [...data.assetQuality, data.assetQualityTotal]) {
    const bold = row === data.assetQualityTotal;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5).fillColor(colors.ink).text(row.label, page.margin + 4, y, { width: labelWidth, lineBreak: false });
    [row.pastDue30, row.pastDue90, row.nonaccrual].forEach((value, index) =>
      doc.text(formatMoney(value), page.margin + labelWidth + index * valueWidth, y, { width: valueWidth, align: 'right', lineBreak: false }),
    );
    y += 14;
  }
  return y;
}

function drawRisk(doc: PDFKit.PDFDocument, data: BankReportData, top: number, x: number, width: number): number {
  let y = sectionTitle(doc, 'Risk Assessment', x, top, width);
  if (!data.risk) {
    doc.font('Helvetica').fontSize(8.5).fillColor(colors.muted).text('No score: ROA, noncurrent loans ratio and Tier 1 capital ratio are all needed.', x, y, { width });
    return y + 30;
  }
  const color = ratingPalette[scoreColor(data.risk.score)];
  doc.font('Helvetica-Bold').fontSize(20).fillColor(color).text(data.risk.score.toFixed(1), x, y, { lineBreak: false });
  doc.font('Helvetica-Bold').fontSize(10).text(data.risk.category, x + 52, y + 6, { lineBreak: false });
  y += 28;
  const factors = [
    { label: 'ROA', value: data.risk.factors.roa },
    { label: 'Noncurrent loans', value: data.risk.factors.npl },
    { label: 'Tier 1 capital', value: data.risk.factors.tier1Capital },
  ];
  for (const factor of factors) {
    doc.font('Helvetica').fontSize(8).fillColor(colors.ink).text(`${factor.label} ${formatPercent(factor.value.value)}`, x, y, { width: width - 70, lineBreak: false });
    // A small bar per factor score (0-100).
    doc.rect(x + width - 66, y + 1, 60, 6).fill(colors.rule);
    doc.rect(x + width - 66, y + 1, (60 * Math.max(0, Math.min(100, factor.value.score))) / 100, 6).fill(ratingPalette[scoreColor(factor.value.score)]);
    y += 13;
  }
  doc.font('Helvetica').fontSize(7).fillColor(colors.muted).text('0-100, higher is riskier: mean of the ROA, noncurrent loans and Tier 1 factor scores.', x, y + 2, { width });
  return y + 22;
}

function niceStep(span: number, ticks: number): number {
  const raw = span / ticks;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  return (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * power;
}

/** Total assets as bars on the left axis and ROA as a line on the right axis, one slot per quarter. */
export function drawTrendChart(doc: PDFKit.PDFDocument, quarters: ReportQuarter[], x: number, y: number, width: number, height: number): void {
  const plot = { left: x + 56, right: x + width - 44, top: y + 16, bottom: y + height - 20 };
  const legend = [
    { label: labels.assets, color: colors.target },
    { label: 'ROA %', color: colors.line },
  ];
  legend.forEach((item, index) => {
    const lx = plot.left + index * 90;
    doc.rect(lx, y + 2, 9, 9).fill(item.color);
    doc.font('Helvetica').fontSize(8).fillColor(colors.ink).text(item.label, lx + 13, y + 2, { lineBreak: false });
  });
  const points = quarters.filter((quarter) => quarter.assets !== null || quarter.roa !== null);
  if (points.length < 2) {
    doc.font('Helvetica').fontSize(9).fillColor(colors.muted).text('Not enough quarterly data to draw a trend.', plot.left, (plot.top + plot.bottom) / 2, { lineBreak: false });
    return;
  }
  const assets = points.map((point) => point.assets ?? 0);
  const maxAssets = Math.max(...assets, 1);
  const assetStep = niceStep(maxAssets, 4);
  const assetTop = Math.ceil(maxAssets / assetStep) * assetStep;
  const roas = points.map((point) => point.roa).filter((value): value is number => value !== null);
  const roaLow = Math.min(0, ...roas);
  const roaHigh = Math.max(...roas, 0.5);
  const roaStep = niceStep(roaHigh - roaLow || 1, 4);
  const roaMin = Math.floor(roaLow / roaStep) * roaStep;
  const roaMax = Math.ceil(roaHigh / roaStep) * roaStep;
  const yAssets = (value: number) => plot.bottom - (value / assetTop) * (plot.bottom - plot.top);
  const yRoa = (value: number) => plot.bottom - ((value - roaMin) / (roaMax - roaMin)) * (plot.bottom - plot.top);

  // Grid and left axis (assets).
  doc.font('Helvetica').fontSize(7).lineWidth(0.5);
  for (let value = 0; value <= assetTop + assetStep / 2; value += assetStep) {
    const gy = yAssets(value);
    doc.moveTo(plot.left, gy).lineTo(plot.right, gy).strokeColor(colors.rule).stroke();
    doc.fillColor(colors.muted).text(formatMoney(value), x, gy - 3, { width: 52, align: 'right', lineBreak: false });
  }
  // Right axis (ROA).
  for (let value = roaMin; value <= roaMax + roaStep / 2; value += roaStep) {
    doc.fillColor(colors.line).text(formatPercent(value), plot.right + 4, yRoa(value) - 3, { width: 40, lineBreak: false });
  }
  const slot = (plot.right - plot.left) / points.length;
  points.forEach((point, index) => {
    const cx = plot.left + slot * index + slot / 2;
    if (point.assets !== null) {
      const top = yAssets(point.assets);
      doc.rect(cx - slot * 0.3, top, slot * 0.6, plot.bottom - top).fill(colors.target);
    }
    doc.fillColor(colors.muted).text(quarterLabel(point.repdte), cx - slot / 2, plot.bottom + 5, { width: slot, align: 'center', lineBreak: false });
  });
  const line = points
    .map((point, index) => ({ x: plot.left + slot * index + slot / 2, roa: point.roa }))
    .filter((point): point is { x: number; roa: number } => point.roa !== null);
  if (line.length > 0) {
    doc.moveTo(line[0].x, yRoa(line[0].roa));
    for (const point of line.slice(1)) doc.lineTo(point.x, yRoa(point.roa));
    doc.lineWidth(1.8).strokeColor(colors.line).stroke();
    for (const point of line) doc.circle(point.x, yRoa(point.roa), 2.4).fill(colors.line);
  }
  doc.moveTo(plot.left, plot.bottom).lineTo(plot.right, plot.bottom).lineWidth(0.75).strokeColor(colors.muted).stroke();
}

function drawFooter(doc: PDFKit.PDFDocument, data: BankReportData): void {
  doc.page.margins.bottom = 0;
  const y = page.height - 34;
  doc.moveTo(page.margin, y - 6).lineTo(page.width - page.margin, y - 6).lineWidth(0.5).strokeColor(colors.rule).stroke();
  const source = data.isDemo
    ? 'Data source: Charterline demo data set (fictional banks shaped like FDIC BankFind Suite data). Not real institutions.'
    : 'Data source: FDIC BankFind Suite (institutions and quarterly Call Report financials). Amounts in US dollars.';
  doc.font('Helvetica').fontSize(7.5).fillColor(colors.muted).text(source, page.margin, y, { width: contentWidth - 60, lineBreak: false });
  doc.text(data.repdte ? `As of ${formatDate(isoOf(data.repdte))}` : '', page.margin, y, { width: contentWidth, align: 'right', lineBreak: false });
}

/** The report as PDF bytes. `compress: false` keeps content streams readable (tests search them). */
export function renderBankReport(data: BankReportData, options: RenderOptions = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: page.margin,
    compress: options.compress ?? true,
    info: { Title: `${data.name} - Bank Financial Report`, Author: 'Charterline', Subject: `FDIC Cert ${data.cert}`, CreationDate: data.generatedAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  let y = drawHeader(doc, data, options.timeZone);
  y = drawTiles(doc, data, y);
  y = drawRatios(doc, data, y);
  const riskWidth = 176;
  const qualityWidth = contentWidth - riskWidth - 20;
  const afterQuality = drawAssetQuality(doc, data, y, qualityWidth);
  const afterRisk = drawRisk(doc, data, y, page.margin + qualityWidth + 20, riskWidth);
  y = Math.max(afterQuality, afterRisk) + 8;
  y = sectionTitle(doc, 'Eight-Quarter Trend', page.margin, y);
  drawTrendChart(doc, data.trend, page.margin, y, contentWidth, Math.min(170, page.height - 50 - y));
  drawFooter(doc, data);
  doc.end();
  return done;
}
