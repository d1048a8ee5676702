import { expect } from 'chai';
import { EXPORT_PAGE_SIZE, exportCutText, readAllPages } from '../../../frontend/src/resources/shared/export-pages.ts';

/** A list of `count` rows served `served` at a time at most, as the server clamps a page, recording each page asked. */
function listOf(count: number, served = EXPORT_PAGE_SIZE) {
  const asked: number[] = [];
  const readPage = async (page: number, perPage: number) => {
    asked.push(page);
    const start = (page - 1) * perPage;
    const data = Array.from({ length: Math.max(0, Math.min(perPage, served, count - start)) }, (_, index) => start + index);
    return { data, total: count };
  };
  return { readPage, asked };
}

describe('exporting every record of a list', () => {
  it('reads page after page in order until the last, past the 1,000 rows a single page held', async () => {
    const list = listOf(1_234);
    const { records, total } = await readAllPages(list.readPage);
    expect(records).to.have.length(1_234);
    expect(records.slice(495, 505)).to.deep.equal([495, 496, 497, 498, 499, 500, 501, 502, 503, 504]);
    expect(total).to.equal(1_234);
    expect(list.asked).to.deep.equal([1, 2, 3]);
  });

  it('stops at the limit and keeps the whole total, for the message that says so', async () => {
    const { records, total } = await readAllPages(listOf(2_600).readPage, 1_000);
    expect(records).to.have.length(1_000);
    expect(exportCutText(records.length, total)).to.equal('Exported the first 1,000 of 2,600 records. Narrow the filters to export the rest.');
  });

  it('asks once for an empty list', async () => {
    const list = listOf(0);
    expect((await readAllPages(list.readPage)).records).to.deep.equal([]);
    expect(list.asked).to.deep.equal([1]);
  });
});
