/** Form values and schemas of the location screen. */
import { zipIssue } from '@pruefbuch/domain/rules/zip-codes';
import {
  CUSTOMER_LOCATION_DEFAULTS,
  type CustomerLocation,
  type CustomerLocationFields,
  customerLocationCreateSchema,
  customerLocationFieldsSchema,
  customerLocationUpdateSchema,
  requiredCustomerSchema,
} from '@pruefbuch/domain/schemas/customerlocation';
import { z } from 'zod';

export type LocationValues = Omit<CustomerLocationFields, 'customer'> & {
  /** None chosen yet on a new branch: the user picks it, nothing defaults to one (decision 039). */
  customer: CustomerLocationFields['customer'] | null;
  /** The version the form was loaded with; sent back on PUT, ignored on create. */
  __v: number;
};

export const emptyLocationValues = (): LocationValues => ({
  ...CUSTOMER_LOCATION_DEFAULTS,
  address: { ...CUSTOMER_LOCATION_DEFAULTS.address },
  customer: null,
  __v: 0,
});

export const locationToValues = (l: CustomerLocation): LocationValues => ({
  znl: l.znl,
  nr: l.nr,
  sapNr: l.sapNr,
  address: {
    street: l.address.street,
    housenumber: l.address.housenumber,
    zip: l.address.zip,
    location: l.address.location,
    tel: l.address.tel,
    email: l.address.email,
    homepage: l.address.homepage,
    country: l.address.country,
  },
  bemerkungen: l.bemerkungen,
  customer: l.customer as CustomerLocationFields['customer'],
  active: l.active,
  ruhend: l.ruhend,
  __v: l.__v,
});

/**
 * What the form checks before it saves: the fields as the API takes them, a chosen customer, one of ZNL, Nr and
 * SAP-Nr (the server refuses a location without; the message stands under Nr., as the server's would), and a ZIP
 * code that fits the country when it is new or changed (`stored`: the saved address; rules/zip-codes.ts, as the
 * server checks it), so an odd code from before the check does not block saving other fields.
 */
export const locationFormSchemaFor = (stored: { zip: string; country: string } | null) =>
  customerLocationFieldsSchema
    .extend({ customer: requiredCustomerSchema, __v: z.number().int().min(0) })
    .refine((v) => Boolean(v.znl.trim() || v.nr.trim() || v.sapNr.trim()), {
      error: 'validation.required',
      path: ['nr'],
      // Said together with a missing customer, not only once that is chosen.
      when: ({ value }) => typeof value === 'object' && value !== null,
    })
    .refine((v) => zipIssue(stored, v.address) === null, {
      error: 'validation.zip',
      path: ['address', 'zip'],
      when: ({ value }) => typeof (value as { address?: { zip?: unknown } } | null)?.address?.zip === 'string',
    });

/** The checks of a new location's form. */
export const locationFormSchema = locationFormSchemaFor(null);

/** The bodies of POST (without __v) and PUT (with it). */
export const toCreateBody = (values: LocationValues) => customerLocationCreateSchema.parse(values);
export const toUpdateBody = (values: LocationValues) => customerLocationUpdateSchema.parse(values);
