import type { Download, Page } from 'playwright-core';

/** Clicks the button and answers the CSV it downloads: the file name and its lines (the byte order mark left out). */
export async function downloadCsv(page: Page, button: string): Promise<{ fileName: string; lines: string[] }> {
  const download: Promise<Download> = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const chunks: Buffer[] = [];
  for await (const chunk of await (await download).createReadStream()) chunks.push(chunk as Buffer);
  return { fileName: (await download).suggestedFilename(), lines: Buffer.concat(chunks).toString('utf8').replace(/^\uFEFF/, '').split('\r\n') };
}
