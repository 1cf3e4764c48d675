import type { QualificationMatrix } from '@pruefbuch/domain/schemas/qualification';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { matrixQueryKey } from './qualification-keys';

/** People × qualification kinds with each validity (admins). */
export const useQualificationMatrix = () =>
  useQuery({
    queryKey: matrixQueryKey,
    queryFn: ({ signal }) => api.get<QualificationMatrix>('qualifications/matrix', { signal }),
  });
