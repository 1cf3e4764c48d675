/** Addresses (SPEC §3 Address) as stored in a jsonb column and as the API returns them; shared by every area with one. */
import { type Address, type AddressWrite, emptyAddress } from '@pruefbuch/domain/schemas/address';
import type { AddressValue } from '../db/schema/index';

/** The API shape of a stored address, every field present. */
export function toAddressDto(a: AddressValue): Address;
export function toAddressDto(a: AddressValue | null): Address | null;
export function toAddressDto(a: AddressValue | null): Address | null {
  return a ? { ...emptyAddress(''), ...a } : null;
}

/** An address as stored: it keeps the _id it had, a new one gets one; fields in a fixed order. */
export function toAddressValue(input: AddressWrite, current: AddressValue | null): AddressValue;
export function toAddressValue(input: AddressWrite | null, current: AddressValue | null): AddressValue | null;
export function toAddressValue(input: AddressWrite | null, current: AddressValue | null): AddressValue | null {
  if (!input) return null;
  return { _id: current?._id ?? crypto.randomUUID(), ...emptyAddress(''), ...input };
}
