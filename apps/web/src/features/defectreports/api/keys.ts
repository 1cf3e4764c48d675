/** Query keys of the defect reports: the tenant's list and count, and a book's reports. */
export const defectReportKeys = {
  all: ['defectreports'] as const,
  list: (tenantId: string, params: object) => ['defectreports', 'list', tenantId, params] as const,
  count: (tenantId: string) => ['defectreports', 'count', tenantId] as const,
  ofBook: (tenantId: string, bookId: string) => ['defectreports', 'book', tenantId, bookId] as const,
};
