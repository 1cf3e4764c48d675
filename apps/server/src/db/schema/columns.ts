import { timestamp } from 'drizzle-orm/pg-core';

/** Columns many tables share (not tables themselves: index.ts does not export this file). */
export const createdAt = timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const stamps = {
  createdAt,
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};
