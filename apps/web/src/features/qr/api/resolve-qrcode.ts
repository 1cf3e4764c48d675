import type { QrResolve } from '@pruefbuch/domain/schemas/qr';
import { api } from '@/lib/api-client';

/** GET qr/{id}: the book and tenant a code (or a code's id) leads to; 404 when unknown or not the user's. */
export const resolveQrCode = (code: string, tenantId?: string | null, signal?: AbortSignal) =>
  api.get<QrResolve>(`qr/${encodeURIComponent(code)}`, { tenant: tenantId ?? undefined, signal });
