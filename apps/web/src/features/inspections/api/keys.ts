/** Query keys of the inspections feature, so a write can refresh exactly what it changed. */
export const inspectionKeys = {
  all: ['inspections'] as const,
  detail: (tenantId: string, id: string) => ['inspections', 'detail', tenantId, id] as const,
  /** The records of a book (both lists). */
  book: (tenantId: string, bookId: string) => ['inspections', 'book', tenantId, bookId] as const,
  meta: (tenantId: string, bookId: string) => ['inspections', 'meta', tenantId, bookId] as const,
  /** Registrations for the book's slots (one's own, or all of them for the office). */
  bookings: (tenantId: string, bookId: string) => ['inspections', 'bookings', tenantId, bookId] as const,
  /** Why the book is shut down (its ampel black), if it is. */
  shutDown: (tenantId: string, bookId: string) => ['inspections', 'shutdown', tenantId, bookId] as const,
  /** The check of the book's sealed records (decision 057). */
  verify: (tenantId: string, bookId: string) => ['inspections', 'verify', tenantId, bookId] as const,
  pdfAssets: (tenantId: string, bookId: string) => ['inspections', 'pdfassets', tenantId, bookId] as const,
  photo: (tenantId: string, blobId: string) => ['inspections', 'photo', tenantId, blobId] as const,
  /** The offers started from the defects of a book (offer/byBook). */
  defectOffers: (tenantId: string, bookId: string) => ['inspections', 'defectoffers', tenantId, bookId] as const,
};
