import type { LoginReply } from '@pruefbuch/domain/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Sent with the pending token of the password step; a 200 carries the full login reply. */
export const validate2fa = (input: { validationCode: string; userId: string }) =>
  api.post<LoginReply>('users/validate2fa', input);

export const useValidate2fa = () => useMutation({ mutationFn: validate2fa });
