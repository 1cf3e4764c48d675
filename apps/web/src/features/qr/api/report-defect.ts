import type { DefectReportCreate } from '@pruefbuch/domain/schemas/qr';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST public/qr/{code}/defects {name?, contact?, text}: anybody may report a defect (rate-limited). */
export const reportDefect = ({ code, report }: { code: string; report: DefectReportCreate }) =>
  api.post<{ success: true }>(`public/qr/${encodeURIComponent(code)}/defects`, report, { auth: false });

export const useReportDefect = () => useMutation({ mutationFn: reportDefect });
