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

/**
 * A browser tab for a file that is still on its way (a PDF preview the server renders first). It must be
 * opened inside the click: a tab opened once the reply is there counts as a pop-up and is blocked. It shows
 * `waiting` until showInTab() points it at the file. Null when the browser refuses to open it.
 */
export function openPendingTab(waiting: string): Window | null {
  const tab = window.open('', '_blank');
  if (!tab) return null;
  try {
    tab.opener = null;
    tab.document.title = waiting;
    tab.document.body.style.font = '16px system-ui, sans-serif';
    tab.document.body.style.margin = '2rem';
    tab.document.body.textContent = waiting;
  } catch {
    // a tab we may not write to still takes the file
  }
  return tab;
}

/** Shows the file in the tab of openPendingTab(); without a tab (refused or closed meanwhile) it is downloaded. */
export function showInTab(tab: Window | null, blob: Blob, fileName: string) {
  if (!tab || tab.closed) {
    saveBlob(blob, fileName);
    return;
  }
  const url = URL.createObjectURL(blob);
  tab.location.href = url;
  // The tab's viewer has read the file long before; the URL is released with some margin.
  setTimeout(() => URL.revokeObjectURL(url), 10 * 60_000);
}

/** The file formats of the exports (lists and evaluations). */
export type ExportFormat = 'csv' | 'xlsx';
