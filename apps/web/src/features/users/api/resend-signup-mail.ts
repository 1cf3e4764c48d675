import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const resendSignUpMail = (input: { email: string }) => api.post<unknown>('users/resendSignUpMail', input);

export const useResendSignUpMail = () => useMutation({ mutationFn: resendSignUpMail });
