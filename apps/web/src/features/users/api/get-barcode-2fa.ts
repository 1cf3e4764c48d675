import type { barcodeReply } from '@pruefbuch/domain/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type Barcode2fa = z.infer<typeof barcodeReply>;

/** Starts the 2FA set-up: a fresh secret with its QR code (a PNG data URL). */
export const getBarcode2fa = (userId: string, signal?: AbortSignal) =>
  api.get<Barcode2fa>(`users/barcode2fa/${encodeURIComponent(userId)}`, { signal });

export const getBarcode2faQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['users', 'barcode2fa', userId] as const,
    queryFn: ({ signal }) => getBarcode2fa(userId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

export const useBarcode2fa = (userId: string, enabled: boolean) =>
  useQuery({ ...getBarcode2faQueryOptions(userId), enabled });
