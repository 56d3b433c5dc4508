/**
 * The one CSV writer (issue 21): every export of the console goes through it.
 *
 * Formula-safe: a spreadsheet runs a cell that starts with = + - @, a tab or a
 * carriage return as a formula (CSV injection, e.g. `=HYPERLINK(...)` in a
 * customer's name or a reason typed at the counter). Such a text cell gets a
 * leading apostrophe, which spreadsheets show as text. Numbers stay numbers
 * (a negative difference is -5500, not '-5500). Cells with a comma, a quote or
 * a line break are quoted; lines end with CRLF (RFC 4180).
 */
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell as CSV text. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as a CSV document (CRLF after every row). */
export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
