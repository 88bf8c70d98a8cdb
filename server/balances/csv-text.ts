/**
 * A text field as CSV (docs/api.md, "Export as CSV"), made inert for spreadsheets: a cell starting
 * with = + - @ (or a tab or carriage return) would be read as a formula, so it gets a leading
 * apostrophe. Only text the merchant wrote goes through here; the amounts are ours, and a negative
 * one must stay a number.
 */
export function csvText(value: string): string {
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}
