import { z } from 'zod';
import { PROTOCOL_ACTIONS } from '../protocol';
import { idSchema } from './common';

/** GET auditlogs/book?bookId= */
export const bookAuditQuery = z.object({ bookId: idSchema });

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
