/** Query keys and paths of the users' qualifications (decision 055): admins keep them, every user reads their own. */
export const qualificationsPath = (userId: string) => `users/${encodeURIComponent(userId)}/qualifications`;

/** Every qualification read starts with this key: one invalidation reads the lists and the matrix again. */
export const QUALIFICATIONS_KEY = ['users', 'qualifications'] as const;
export const qualificationsQueryKey = (userId: string) => [...QUALIFICATIONS_KEY, userId] as const;
export const matrixQueryKey = [...QUALIFICATIONS_KEY, 'matrix'] as const;
