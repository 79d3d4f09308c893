// EMQX 5.8's CSV container (emqx_connector_aggreg_csv): the columns are fixed by the first record of an object —
// `column_order` first, then the record's other columns sorted — a header line, one line per record; a cell is the
// value as template text, quoted ("" for ") when it holds [ ] , CR LF or "; a column the record lacks is empty.
import { MISSING, toText, valueAt } from '../../../../shared/template';

const NEEDS_QUOTES = /[[\],\r\n"]/;

const cell = (v: unknown): string => {
  if (v === MISSING) return '';
  const text = toText(v);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export class CsvContainer {
  private columns: string[] | undefined;

  constructor(private readonly columnOrder: string[]) {}

  /** the text of these records (with the header before the first) */
  fill(records: Record<string, unknown>[]): string {
    if (records.length === 0) return '';
    let out = '';
    if (!this.columns) {
      const rest = Object.keys(records[0])
        .sort()
        .filter((c) => !this.columnOrder.includes(c));
      this.columns = [...this.columnOrder, ...rest];
      out += `${this.columns.join(',')}\n`;
    }
    for (const r of records) out += `${this.columns.map((c) => cell(valueAt([c], r))).join(',')}\n`;
    return out;
  }
}
