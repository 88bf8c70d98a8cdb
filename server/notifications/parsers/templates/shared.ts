/** An amount as banks write it: 1,234.56 or 1234.56 or 1234.5 or 1234 (separators are dropped by the engine). */
export const AMOUNT = String.raw`(?<amount>\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d+(?:\.\d{1,2})?)`;
