/** Query keys of the retention feature: a write refreshes the whole tenant's part (one prefix). */
export const retentionKeys = {
  all: (tenantId: string) => ['retention', tenantId] as const,
  books: (tenantId: string) => ['retention', tenantId, 'books'] as const,
  holds: (tenantId: string) => ['retention', tenantId, 'holds'] as const,
  purges: (tenantId: string) => ['retention', tenantId, 'purges'] as const,
};
