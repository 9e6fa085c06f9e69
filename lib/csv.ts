// CSV as RFC 4180 writes it (fields separated by commas, records ended by CRLF, a field with a
// comma, a quote or a line break in double quotes, quotes doubled), made safe to open in a
// spreadsheet: a cell that starts with = + - @, a tab or a carriage return would be read as a
// formula (OWASP "CSV injection"), so it gets a leading apostrophe, which spreadsheets show as text.

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field: neutralised against formulas, then quoted if it must be. Empty for null and undefined. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, ended by CRLF. */
export function csvRecord(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}
