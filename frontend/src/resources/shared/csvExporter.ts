import { downloadCSV, type Exporter } from 'react-admin';
import { csvFile, type CsvColumn } from './csv.ts';

/** A react-admin exporter writing the given columns to `<fileName>.csv`. */
export function csvExporter<Row>(fileName: string, columns: CsvColumn<Row>[]): Exporter {
  return (records) => downloadCSV(csvFile(records as Row[], columns), fileName);
}
