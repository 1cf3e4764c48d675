/**
 * What a scanned or typed text points to. A label's QR holds PUBLIC_URL + '/app/q/' + code; people also
 * type the bare code printed under it, paste a book's address, or leave out the 'https://'.
 */

/** A code as it appears in a URL (domain schemas/qr.ts qrCodeValue): 4 to 64 URL-safe characters. */
const CODE = /^[A-Za-z0-9_-]{4,64}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** …/q/{code} at the end of a path (the public page of a code, with or without the /app base). */
const CODE_PATH = /\/q\/([^/]+)\/?$/;
/** …/book/{tenant}/{book}: the address of a book page. */
const BOOK_PATH = /\/book\/([^/]+)\/([^/]+)\/?$/;

export type ScanTarget = { kind: 'code'; code: string } | { kind: 'book'; tenant: string; book: string };

function toUrl(text: string): URL | null {
  try {
    if (text.startsWith('/')) return new URL(text, 'https://local.invalid');
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return new URL(text);
    // 'pruefbuch.example.de/app/q/abc': a host without the scheme
    if (/^[\w-]+(\.[\w-]+)+(:\d+)?\//.test(text)) return new URL(`https://${text}`);
  } catch {
    // not a URL
  }
  return null;
}

function decode(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/** The code or book a text names, or null when it is neither (another QR code, a typo). */
export function parseScanText(raw: string): ScanTarget | null {
  const text = raw.trim();
  if (!text) return null;
  if (CODE.test(text)) return { kind: 'code', code: text };
  const url = toUrl(text);
  if (!url || !['http:', 'https:'].includes(url.protocol)) return null;

  const codeMatch = CODE_PATH.exec(url.pathname);
  if (codeMatch?.[1]) {
    const code = decode(codeMatch[1]);
    return code && CODE.test(code) ? { kind: 'code', code } : null;
  }
  const bookMatch = BOOK_PATH.exec(url.pathname);
  if (bookMatch?.[1] && bookMatch[2]) {
    const tenant = decode(bookMatch[1]);
    const book = decode(bookMatch[2]);
    if (tenant && book && UUID.test(book)) return { kind: 'book', tenant, book };
  }
  return null;
}
