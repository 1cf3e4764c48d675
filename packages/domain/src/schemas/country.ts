import { z } from 'zod';

/** A country (SPEC §3): the ISO 3166-1 alpha-2 code is both id and code; the name is in the request language. */
export const countrySchema = z.object({
  _id: z.string(),
  name: z.string(),
  code: z.string(),
});
export type Country = z.infer<typeof countrySchema>;
export const countryList = z.array(countrySchema);

/** Countries a German-speaking user picks most: listed first, in this order. */
export const PREFERRED_COUNTRIES = ['DE', 'AT', 'CH'] as const;
