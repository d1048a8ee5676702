import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { columnsOfRows, type Columns } from '../engine/columns.ts';
import { CsvReader } from './csv.ts';

/** One input row: header names (cleaned) to cell values. */
export type SourceRow = Record<string, unknown>;

/** A file opened for import: its cleaned header, its rows in order, and how far reading has got. */
export type RowSource = {
  kind: 'csv' | 'json';
  header: string[];
  /** Lines before the header row (a stray title line some FDIC exports carry). */
  skippedLines: number;
  rows: AsyncIterable<SourceRow>;
  /** The same rows as columns (header name to cells), `firstSize` and then up to `size` at a time. Read either these or `rows`. */
  batches(size: number, firstSize?: number): AsyncIterable<Columns>;
  totalBytes: number;
  bytesRead(): number;
  /** After reading: whether the file ended inside a row (fewer fields than the header, no line end), a download cut short; that row is left out. */
  cutOff(): boolean;
  close(): void;
};

/**
 * A header cell as we match it: without the UTF-8 BOM, the non-breaking spaces the FDIC's
 * failed-bank list ends each name with, and surrounding blanks.
 */
export function cleanHeader(name: string): string {
  return name.replace(/^\uFEFF/, '').replace(/[\u00a0\s]+$/g, '').replace(/^[\u00a0\s]+/g, '');
}

const gzipMagic = [0x1f, 0x8b];

async function readHead(path: string, bytes: number): Promise<Buffer> {
  const handle = await fs.promises.open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** How much of the (decompressed) start of a file is read before deciding its format and encoding. */
const sniffBytes = 256 * 1024;

/**
 * A stream's chunks with the first `sniffBytes` or so read ahead: `head` is that start, for
 * sniffing, and `chunks` yields every chunk from the first (the file is read and decompressed once).
 */
async function readAhead(stream: AsyncIterable<Buffer>): Promise<{ head: Buffer; chunks: AsyncIterable<Buffer> }> {
  const iterator = stream[Symbol.asyncIterator]();
  const first: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < sniffBytes) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    first.push(next.value);
    size += next.value.length;
  }
  async function* chunks(): AsyncGenerator<Buffer> {
    yield* first;
    for (let next = done ? null : await iterator.next(); next && !next.done; next = await iterator.next()) yield next.value;
  }
  return { head: Buffer.concat(first), chunks: chunks() };
}

/**
 * The decompressed chunks of a gzip file. One that ends before its compressed data does (zlib says
 * only "unexpected end of file") was cut short while downloading: said so, with what to do.
 */
async function* gunzipped(gunzip: Readable, path: string): AsyncGenerator<Buffer> {
  try {
    yield* gunzip;
  } catch (error) {
    if ((error as { code?: string }).code !== 'Z_BUF_ERROR') throw error;
    throw new Error(`The file ${path} ends before its compressed data does: it was probably cut short while downloading. Download it again.`, { cause: error });
  }
}

/** Binary formats people save FDIC downloads as, by their first bytes. */
const binaryKinds: Array<[bytes: number[], kind: string]> = [
  [[0x50, 0x4b, 0x03, 0x04], 'a ZIP archive or an Excel workbook (.xlsx)'],
  [[0xd0, 0xcf, 0x11, 0xe0], 'an old Excel workbook (.xls)'],
  [[0x25, 0x50, 0x44, 0x46], 'a PDF document'],
];

/**
 * What a file that is not text is, read from its (decompressed) start; undefined for text. A NUL
 * byte in the first few kilobytes, which no CSV or JSON holds, marks any other binary file.
 */
function otherKind(head: Buffer): string | undefined {
  for (const [bytes, kind] of binaryKinds) if (bytes.every((byte, index) => head[index] === byte)) return kind;
  return head.subarray(0, 8192).includes(0) ? 'a binary file' : undefined;
}

/** UTF-8 unless the start of the file is not valid UTF-8, which in FDIC files means Windows-1252. */
export function detectEncoding(head: Buffer): 'utf-8' | 'windows-1252' {
  // Cut at the last newline so a multi-byte character split by the sniff window is not misread.
  const lastNewline = head.lastIndexOf(0x0a);
  const sample = lastNewline > 0 ? head.subarray(0, lastNewline) : head;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample);
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/**
 * The CSV records of a byte stream in the given encoding (a UTF-8 byte order mark is dropped), a
 * chunk's worth at a time: readers take them synchronously, not one promise per record.
 */
async function* csvRecords(chunks: AsyncIterable<Buffer>, encoding: 'utf-8' | 'windows-1252', ending: { headerWidth: number; cutOff: boolean }): AsyncGenerator<string[][]> {
  const decoder = new TextDecoder(encoding);
  const reader = new CsvReader();
  for await (const chunk of chunks) yield reader.push(decoder.decode(chunk, { stream: true }));
  const complete = reader.push(decoder.decode());
  // A last row without a line end is whole when it has every field (BankFind exports end so); a shorter one was cut off.
  const unterminated = reader.end();
  const last = unterminated.filter((record) => ending.headerWidth === 0 || record.length >= ending.headerWidth);
  ending.cutOff = last.length < unterminated.length;
  yield [...complete, ...last];
}

/** Records one at a time from chunks of them, with the chunk's remainder at hand for taking in bulk. */
class RecordCursor {
  private chunk: string[][] = [];
  private position = 0;

  constructor(private readonly chunks: AsyncIterator<string[][]>) {}

  /** Whether a record is at hand (reading the next chunks when needed); false at the end. */
  async ready(): Promise<boolean> {
    while (this.position >= this.chunk.length) {
      const next = await this.chunks.next();
      if (next.done) return false;
      this.chunk = next.value;
      this.position = 0;
    }
    return true;
  }

  /** The records at hand (after `ready`), up to `count`, taken. */
  take(count: number): string[][] {
    const taken = this.position === 0 && count >= this.chunk.length ? this.chunk : this.chunk.slice(this.position, this.position + count);
    this.position += taken.length;
    return taken;
  }
}

/** Whether a parsed CSV record looks like a header row: several distinct, non-numeric names. */
function looksLikeHeader(cells: string[]): boolean {
  const names = cells.map(cleanHeader).filter((cell) => cell !== '');
  return names.length >= 2 && new Set(names).size === names.length && names.every((name) => !/^-?[\d.,]+$/.test(name));
}

/**
 * Opens a CSV or JSON file (gzip detected by its magic bytes) and streams its rows. For CSV the
 * header is the first row that looks like one, so a stray title line above it is skipped; a
 * column with an empty name (a pandas row index) is dropped.
 */
export async function openRowSource(path: string): Promise<RowSource> {
  const totalBytes = (await fs.promises.stat(path)).size;
  const magic = await readHead(path, 2);
  const gzipped = magic[0] === gzipMagic[0] && magic[1] === gzipMagic[1];
  let bytes = 0;
  const file = fs.createReadStream(path, { highWaterMark: 1024 * 1024 });
  file.on('data', (chunk) => (bytes += chunk.length));
  // Large output chunks: the CSV reader carries a partial record over from each chunk to the next.
  const plain: Readable = gzipped ? file.pipe(createGunzip({ chunkSize: 256 * 1024 })) : file;
  const close = () => {
    file.destroy();
    plain.destroy();
  };
  const { head, chunks } = await readAhead(gzipped ? gunzipped(plain, path) : plain).catch((error: unknown) => {
    close();
    throw error;
  });
  const kind = otherKind(head);
  if (head.length === 0 || kind) {
    close();
    throw new Error(head.length === 0 ? `${path} is empty.` : `${path} is ${kind}, not a CSV or JSON file; save it as CSV to import it.`);
  }
  const firstChar = head.toString('utf8').replace(/^\uFEFF/, '').trimStart()[0];

  if (firstChar === '{' || firstChar === '[') {
    const parts: Buffer[] = [];
    for await (const chunk of chunks) parts.push(chunk);
    const text = Buffer.concat(parts).toString('utf8').replace(/^\uFEFF/, '');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new Error(`${path} starts like JSON but is not valid JSON: ${(error as Error).message}`, { cause: error });
    }
    const rows = jsonRows(json);
    const header = [...new Set(rows.slice(0, 200).flatMap((row) => Object.keys(row)))];
    async function* batches(size: number, firstSize = size): AsyncGenerator<Columns> {
      for (let start = 0, end = firstSize; start < rows.length; start = end, end += size) yield columnsOfRows(rows.slice(start, end));
    }
    return { kind: 'json', header, skippedLines: 0, rows: (async function* () { yield* rows; })(), batches, totalBytes, bytesRead: () => bytes, cutOff: () => false, close };
  }

  const ending = { headerWidth: 0, cutOff: false };
  const records = new RecordCursor(csvRecords(chunks, detectEncoding(head), ending)[Symbol.asyncIterator]());
  let headerCells: string[] | undefined;
  let skippedLines = 0;
  while (!headerCells && (await records.ready())) {
    const [cells] = records.take(1);
    if (looksLikeHeader(cells)) headerCells = cells;
    else if (skippedLines < 5) skippedLines += 1;
    else break;
  }
  if (!headerCells) {
    close();
    throw new Error(`${path} has no header row in its first lines; is it a CSV file?`);
  }
  ending.headerWidth = headerCells.length;
  const header = headerCells.map(cleanHeader);
  const keep = header.map((name, index) => (name === '' ? -1 : index)).filter((index) => index >= 0);
  async function* rows(): AsyncGenerator<SourceRow> {
    while (await records.ready()) {
      for (const cells of records.take(Infinity)) {
        const row: SourceRow = {};
        for (const index of keep) row[header[index]] = cells[index];
        yield row;
      }
    }
  }
  async function* batches(nextSize: number, firstSize = nextSize): AsyncGenerator<Columns> {
    for (let size = firstSize; ; size = nextSize) {
      const cells = keep.map(() => new Array<unknown>(size));
      let count = 0;
      while (count < size && (await records.ready())) {
        for (const record of records.take(size - count)) {
          for (let column = 0; column < keep.length; column += 1) cells[column][count] = record[keep[column]];
          count += 1;
        }
      }
      if (count > 0) yield { size: count, columns: new Map(keep.map((index, column) => [header[index], count === size ? cells[column] : cells[column].slice(0, count)])) };
      if (count < size) return;
    }
  }
  return { kind: 'csv', header: keep.map((index) => header[index]), skippedLines, rows: rows(), batches, totalBytes, bytesRead: () => bytes, cutOff: () => ending.cutOff, close };
}

/**
 * The records of a JSON file: the BankFind envelope (`data[].data`), a plain array of records, a
 * Census array of arrays (first row the header), or an object of records keyed by code
 * (`{ data: { "10180": {...} } }`).
 */
export function jsonRows(json: unknown): SourceRow[] {
  if (Array.isArray(json)) {
    if (json.length > 0 && Array.isArray(json[0])) {
      const [header, ...rows] = json as unknown[][];
      return rows.map((row) => Object.fromEntries(header.map((name, index) => [String(name), row[index]])));
    }
    return json.map((item) => (isRecord(item) && isRecord(item.data) && Object.keys(item).every((key) => key === 'data' || key === 'score') ? item.data : item)) as SourceRow[];
  }
  if (isRecord(json) && Array.isArray(json.data)) return jsonRows(json.data);
  if (isRecord(json) && isRecord(json.data)) return Object.values(json.data).filter(isRecord);
  throw new Error('The JSON file holds neither an array of records, the BankFind envelope, nor records keyed by code.');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
