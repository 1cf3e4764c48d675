/**
 * What a spreadsheet must not take for a formula in a CSV file the product writes (decision 035,
 * after OWASP's "CSV Injection"): a text cell starting with one of these characters gets a leading
 * single quote, so Excel and LibreOffice show it as text. Figures the product itself writes (counts,
 * amounts, a negative sum such as '-1.234,50 €') are not text cells and stay as they are.
 */
export const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r'] as const;

/** The text of a cell as a spreadsheet will show it, never as a formula. */
export function neutraliseCsvText(text: string): string {
  return (FORMULA_STARTS as readonly string[]).includes(text.charAt(0)) ? `'${text}` : text;
}
