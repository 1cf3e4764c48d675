import { z } from 'zod';
import { idSchema } from './common';

const folderName = z
  .string({ error: 'validation.folderName.required' })
  .trim()
  .min(1, { error: 'validation.folderName.required' })
  .max(200, { error: 'validation.max' });

/** A folder as the API returns it (SPEC §3 Folder). parentFolderId is null for a root folder. */
export const folderSchema = z.object({
  _id: z.string(),
  folderName: z.string(),
  tenant: z.string(),
  parentFolderId: z.string().nullable(),
  __v: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Folder = z.infer<typeof folderSchema>;
export const folderList = z.array(folderSchema);

/**
 * POST folder/tenant/{tenantId}[/{parentId}] (SPEC §7). The payload may carry tenantId and
 * parentFolderId as well: the tenant always comes from the path, the parent from the path when
 * it names one, else from parentFolderId.
 */
export const folderCreateSchema = z.object({
  folderName,
  parentFolderId: idSchema.nullable().optional(),
});
export type FolderCreate = z.infer<typeof folderCreateSchema>;

/**
 * PUT folder/{id}: rename (folderName) and/or move (parentFolderId: another folder of the same
 * tenant, null for the top level). A given __v must match the stored version, else 409.
 */
export const folderUpdateSchema = z.object({
  folderName: folderName.optional(),
  parentFolderId: idSchema.nullable().optional(),
  __v: z.number({ error: 'validation.version' }).int({ error: 'validation.version' }).min(0).optional(),
});
export type FolderUpdate = z.infer<typeof folderUpdateSchema>;

export const folderIdParams = z.object({ id: idSchema });
export const folderTenantParams = z.object({ tenantId: idSchema });
export const folderChildParams = z.object({ tenantId: idSchema, parentId: idSchema });

/** One node of GET folder/tree/{tenantId}: the folder, its own book count, the count of its whole subtree, its children. */
export interface FolderNode {
  _id: string;
  folderName: string;
  parentFolderId: string | null;
  books: number;
  totalBooks: number;
  children: FolderNode[];
}
export const folderNodeSchema: z.ZodType<FolderNode> = z
  .object({
    _id: z.string(),
    folderName: z.string(),
    parentFolderId: z.string().nullable(),
    books: z.number().int(),
    totalBooks: z.number().int(),
    get children() {
      return z.array(folderNodeSchema);
    },
  })
  .meta({ id: 'FolderNode' });

/** GET folder/tree/{tenantId}: the folders of a tenant as a tree, sorted by name on every level. */
export const folderTreeSchema = z.object({
  tenant: z.object({ _id: z.string(), name: z.string(), url: z.string() }),
  /** Books of the tenant that are in no folder (the root). */
  rootBooks: z.number().int(),
  /** All books of the tenant. */
  totalBooks: z.number().int(),
  folders: z.array(folderNodeSchema),
});
export type FolderTree = z.infer<typeof folderTreeSchema>;
