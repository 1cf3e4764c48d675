import { pgTable, text } from 'drizzle-orm/pg-core';

/** Reference list of countries (ISO 3166-1 alpha-2 as id), German and English names. */
export const countries = pgTable('countries', {
  id: text('id').primaryKey(),
  code: text('code').notNull(),
  nameDe: text('name_de').notNull(),
  nameEn: text('name_en').notNull(),
});
