/** Saving a file the API sent (documents): its name from Content-Disposition (RFC 6266), then a browser download. */

/** `attachment; filename="a.pdf"; filename*=UTF-8''%C3%A4.pdf` → 'ä.pdf' (filename* wins); null when none. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return baseName(decodeURIComponent(extended[2].trim().replace(/^"|"$/g, '')));
    } catch {
      // malformed percent-encoding: fall back to the plain parameter
    }
  }
  const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
  if (!plain) return null;
  const value = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : (plain[1] ?? '').trim();
  return value ? baseName(value) : null;
}

/** A name never carries a path: '../../etc/passwd' is saved as 'passwd'. */
const baseName = (name: string) => name.split(/[\\/]/).pop() || null;

/** Hands the bytes to the browser as a download under the given name. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The download has started by then; the object URL is only needed for the click.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
