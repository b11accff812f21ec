/**
 * One CSV cell. A spreadsheet runs a text cell that starts with = + - @, a tab or a carriage
 * return as a formula, so such a cell is kept as text with a leading apostrophe; then RFC 4180
 * quoting. A number is written as it is: a spreadsheet reads "-12.50" as the number it is.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line, with the CRLF RFC 4180 ends lines with. */
export const csvLine = (cells: (string | number)[]) => `${cells.map(csvCell).join(',')}\r\n`;
