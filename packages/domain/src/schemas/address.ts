import { z } from 'zod';
import { text } from './common';

/** Free text of an address field: SPEC §5 sets no rules on address fields, only a sane length. */

/** ISO 3166-1 alpha-2 code of a country (the country's id), or '' for none. */
export const countryCodeSchema = z
  .string({ error: 'validation.country' })
  .trim()
  .toUpperCase()
  .regex(/^([A-Z]{2})?$/, { error: 'validation.country' });

/** An address as a client writes it (SPEC §3 Address without _id: the server assigns it). */
export const addressWriteSchema = z.object({
  street: text(200).default(''),
  housenumber: text(20).default(''),
  zip: text(20).default(''),
  location: text(200).default(''),
  tel: text(50).default(''),
  email: text(254).default(''),
  homepage: text(254).default(''),
  country: countryCodeSchema.default(''),
});
export type AddressWrite = z.infer<typeof addressWriteSchema>;

/** An address as the API returns it (SPEC §3 Address). */
export const addressSchema = z.object({
  _id: z.string(),
  street: z.string(),
  housenumber: z.string(),
  zip: z.string(),
  location: z.string(),
  tel: z.string(),
  email: z.string(),
  homepage: z.string(),
  /** Country id (ISO alpha-2), '' for none. */
  country: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

/** The empty address of a new form. */
export const emptyAddress = (country = 'DE'): AddressWrite => ({
  street: '',
  housenumber: '',
  zip: '',
  location: '',
  tel: '',
  email: '',
  homepage: '',
  country,
});
