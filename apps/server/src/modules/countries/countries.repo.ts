import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { countries } from '../../db/schema/index';

export const allCountries = (db: Executor) =>
  db
    .select({ id: countries.id, code: countries.code, nameDe: countries.nameDe, nameEn: countries.nameEn })
    .from(countries);

export async function countryExists(db: Executor, id: string) {
  const rows = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, id)).limit(1);
  return rows.length > 0;
}
