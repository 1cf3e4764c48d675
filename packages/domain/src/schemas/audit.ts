import { z } from 'zod';
import { PROTOCOL_ACTIONS } from '../protocol';
import { idSchema, paged } from './common';

/** Largest page of a protocol. */
export const MAX_PROTOCOL_PAGE_SIZE = 200;
/** Page size of a protocol asked for with a page but no size. */
export const DEFAULT_PROTOCOL_PAGE_SIZE = 50;

/**
 * Paging of a protocol: without page and size the reply is the whole protocol as a list (as it
 * always was); with either of them it is one page, `{ docs, total, page, size, pages }`.
 */
export const protocolPageQuery = z.object({
  page: z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(1, { error: 'validation.invalid' })
    .optional(),
  size: z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(1, { error: 'validation.invalid' })
    .max(MAX_PROTOCOL_PAGE_SIZE, { error: 'validation.invalid' })
    .optional(),
});
export type ProtocolPageQuery = z.infer<typeof protocolPageQuery>;

/** GET auditlogs/book?bookId=&page=&size= */
export const bookAuditQuery = protocolPageQuery.extend({ bookId: idSchema });

/**
 * One protocol entry (SPEC §3): a changed field with old and new value, the date as DD-MM-YYYY
 * (Europe/Berlin) and the exact time as createdAt (ISO), the editor's abbreviation (userKuerzel), name and
 * whether the book was created, changed or deleted. Values are text; objects are JSON.
 */
export const protocolEntrySchema = z.object({
  _id: z.string(),
  field: z.string(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  date: z.string(),
  createdAt: z.string(),
  userKuerzel: z.string(),
  /** "Vorname Nachname" of the editor; empty when the user no longer exists. */
  editorName: z.string(),
  action: z.enum(PROTOCOL_ACTIONS),
});
export type ProtocolEntry = z.infer<typeof protocolEntrySchema>;
export const protocolList = z.array(protocolEntrySchema);
export const protocolPage = paged(protocolEntrySchema);
export type ProtocolPage = z.infer<typeof protocolPage>;
/** A protocol reply: the whole list, or one page when page or size was asked for. */
export const protocolReply = z.union([protocolList, protocolPage]);
