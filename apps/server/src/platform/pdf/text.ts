/**
 * Text as the PDFs print it: the standard fonts speak WinAnsi (Windows-1252), which covers
 * German (ä ö ü ß €, „ “ – …) and Western Europe. Anything else a user typed (ł, č, ő, emoji)
 * is folded to its base letter or replaced, so it never turns into garbage glyphs.
 */

/** Characters of 0x80–0x9f in Windows-1252 (pdfkit maps them from these code points). */
const WIN_ANSI_EXTRA = new Set([
  0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017d, 0x2018,
  0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x017e, 0x0178,
]);

/** Letters that Unicode does not decompose to a base letter. */
const FOLD: Record<string, string> = {
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ı: 'i',
  ħ: 'h',
  Ħ: 'H',
  ŧ: 't',
  Ŧ: 'T',
  ŋ: 'n',
  Ŋ: 'N',
  ĸ: 'k',
  '\u2212': '-',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '–',
  '\u2015': '—',
  '\u2032': "'",
  '\u2033': '"',
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
  '\u2192': '->',
  '\u2190': '<-',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2713': 'x',
  '\u2714': 'x',
  '\u2715': 'x',
  '\u2717': 'x',
};

const encodable = (code: number) =>
  code === 0x0a || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(code);

/** The text as WinAnsi can print it; tabs become spaces, other control characters go. */
export function winAnsi(input: string): string {
  let out = '';
  for (const ch of input.replace(/\r\n?/g, '\n').replace(/\t/g, '  ')) {
    const code = ch.codePointAt(0) ?? 0;
    if (encodable(code)) {
      out += ch;
      continue;
    }
    const folded = FOLD[ch];
    if (folded !== undefined) {
      out += folded;
      continue;
    }
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    const base = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
    out += [...base].every((c) => encodable(c.codePointAt(0) ?? 0)) && base ? base : '?';
  }
  return out;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const berlinDate = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/**
 * DD.MM.YYYY (SPEC §9) of an ISO date ('2025-03-12'), a timestamp string or a Date; a
 * timestamp is read as the day in Europe/Berlin. Empty for null or anything unreadable.
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string') {
    const day = DAY.exec(value);
    if (day) return `${day[3]}.${day[2]}.${day[1]}`;
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : berlinDate.format(date);
}

/** One line of an address: 'Zeil 106, 60313 Frankfurt am Main'. */
export function addressLine(
  a: { street?: string; housenumber?: string; zip?: string; location?: string } | null | undefined,
): string {
  if (!a) return '';
  const street = [a.street, a.housenumber].filter(Boolean).join(' ');
  const city = [a.zip, a.location].filter(Boolean).join(' ');
  return [street, city].filter(Boolean).join(', ');
}
