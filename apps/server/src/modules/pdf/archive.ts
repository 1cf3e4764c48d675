import type { Db } from '../../db/client';
import type { TenantContext } from '../../platform/context';

/**
 * Renders the inspection PDF of a record that has just been finalized and keeps it as a PDF
 * asset of its book (kind 'inspection'), inside the caller's transaction.
 */
export async function archiveInspectionPdf(_ctx: TenantContext, _tx: Db, _inspectionId: string): Promise<void> {}
