import type { Readable } from 'node:stream';
import { Role } from '@pruefbuch/domain/roles';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { lastingLongest, QUALIFICATION_KINDS, qualificationState } from '@pruefbuch/domain/rules/qualifications';
import type {
  QualificationMatrix,
  QualificationUpdate,
  QualificationWrite,
} from '@pruefbuch/domain/schemas/qualification';
import { eq } from 'drizzle-orm';
import { userQualifications } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { badField, notFound } from '../../platform/errors';
import { keepingUpload, lockFileRefs } from '../../platform/files';
import { scheduleFileRemovals } from '../../platform/files-removals';
import type { ReceivedUpload } from '../../platform/uploads';
import { versionedUpdate } from '../../platform/versioned-write';
import {
  findQualification,
  qualificationsOf,
  qualificationsOfUsers,
  staffWhoSign,
  toQualificationDto,
  userExists,
} from './qualifications.repo';

/**
 * Qualifications of staff users (decision 055): admins keep everybody's, every user reads their
 * own. Another user's qualifications are unknown to a user who is no admin (404), as a record of
 * another tenant is.
 */

const isAdmin = (ctx: RequestContext) => ctx.user.role === Role.ADMIN_ROLE;

async function readableUser(ctx: RequestContext, userId: string) {
  if (userId !== ctx.user.id && !isAdmin(ctx)) throw notFound();
  if (!(await userExists(ctx.db, userId))) throw notFound();
}

/** GET users/{id}/qualifications. */
export async function listQualifications(ctx: RequestContext, userId: string) {
  await readableUser(ctx, userId);
  const today = berlinToday();
  return { qualifications: (await qualificationsOf(ctx.db, userId)).map((r) => toQualificationDto(r, today)) };
}

/** POST users/{id}/qualifications (admins). */
export async function createQualification(ctx: RequestContext, userId: string, input: QualificationWrite) {
  return ctx.db.transaction(async (tx) => {
    if (!(await userExists(tx, userId))) throw notFound();
    const [row] = await tx
      .insert(userQualifications)
      .values({ userId, ...input })
      .returning();
    if (!row) throw new Error('qualification insert returned nothing');
    return toQualificationDto(row, berlinToday());
  });
}

/** PUT users/{id}/qualifications/{qualificationId} (admins): a stale __v is a 409. */
export async function updateQualification(ctx: RequestContext, userId: string, id: string, input: QualificationUpdate) {
  return ctx.db.transaction(async (tx) => {
    const { __v, ...fields } = input;
    const { row } = await versionedUpdate(tx, userQualifications, {
      tenantId: null,
      id,
      __v,
      lock: () => findQualification(tx, userId, id, { forUpdate: true }),
      set: () => fields,
    });
    return toQualificationDto(row, berlinToday());
  });
}

/** DELETE users/{id}/qualifications/{qualificationId} (admins): its certificate leaves the store after the grace period. */
export async function deleteQualification(ctx: RequestContext, userId: string, id: string) {
  await ctx.db.transaction(async (tx) => {
    const current = await findQualification(tx, userId, id, { forUpdate: true });
    if (!current) throw notFound();
    await tx.delete(userQualifications).where(eq(userQualifications.id, id));
    if (current.certificateSha256) {
      await scheduleFileRemovals(tx, [current.certificateSha256], ctx.deps.config.fileRemovalGraceHours);
    }
  });
}

/**
 * POST users/{id}/qualifications/{qualificationId}/certificate (admins, multipart: file): the
 * certificate, a PDF or an image, replaces the one before (whose file goes after the grace period).
 */
export async function uploadCertificate(ctx: RequestContext, userId: string, id: string, upload: ReceivedUpload) {
  const file = upload.file;
  try {
    if (!file) throw badField('file', 'validation.required');
    return await keepingUpload(ctx.deps.database.db, ctx.deps.files, file.staged, () =>
      ctx.db.transaction(async (tx) => {
        const current = await findQualification(tx, userId, id, { forUpdate: true });
        if (!current) throw notFound();
        await lockFileRefs(tx, [file.staged.sha256]);
        await file.staged.commit();
        const [row] = await tx
          .update(userQualifications)
          .set({
            certificateSha256: file.staged.sha256,
            certificateName: file.fileName,
            certificateType: file.contentType,
            certificateSize: file.staged.size,
            version: current.version + 1,
            updatedAt: new Date(),
          })
          .where(eq(userQualifications.id, id))
          .returning();
        if (!row) throw notFound();
        const before = current.certificateSha256;
        if (before && before !== row.certificateSha256) {
          await scheduleFileRemovals(tx, [before], ctx.deps.config.fileRemovalGraceHours);
        }
        return toQualificationDto(row, berlinToday());
      }),
    );
  } finally {
    await file?.staged.discard();
  }
}

/** GET users/{id}/qualifications/{qualificationId}/certificate: admins, and the user their own. */
export async function openCertificate(
  ctx: RequestContext,
  userId: string,
  id: string,
): Promise<{ fileName: string; contentType: string; size: number; stream: Readable }> {
  await readableUser(ctx, userId);
  const row = await findQualification(ctx.db, userId, id);
  if (!row?.certificateSha256 || !row.certificateName || !row.certificateType) throw notFound();
  const stream = await ctx.deps.files.get(row.certificateSha256);
  if (!stream) throw notFound();
  return { fileName: row.certificateName, contentType: row.certificateType, size: row.certificateSize ?? 0, stream };
}

/**
 * GET qualifications/matrix (admins): every staff user who can sign in (no branch user, not
 * locked) × the kinds, each cell the qualification of that kind that lasts longest, with its state
 * today. Users without any qualification are listed too: a gap is what the matrix is for.
 */
export async function qualificationMatrix(ctx: RequestContext): Promise<QualificationMatrix> {
  const today = berlinToday();
  const staff = await staffWhoSign(ctx.db);
  const held = await qualificationsOfUsers(
    ctx.db,
    staff.map((u) => u.id),
  );
  const heldBy = new Map<string, typeof held>();
  for (const q of held) heldBy.set(q.userId, [...(heldBy.get(q.userId) ?? []), q]);
  return {
    kinds: [...QUALIFICATION_KINDS],
    today,
    people: staff.map((u) => ({
      _id: u.id,
      firstName: u.firstName,
      lastName: u.lastName,
      abbreviation: u.abbreviation,
      role: u.role,
      cells: Object.fromEntries(
        QUALIFICATION_KINDS.flatMap((kind) => {
          const q = lastingLongest((heldBy.get(u.id) ?? []).filter((h) => h.kind === kind));
          return q
            ? [
                [
                  kind,
                  { _id: q.id, validFrom: q.validFrom, validUntil: q.validUntil, state: qualificationState(q, today) },
                ],
              ]
            : [];
        }),
      ),
    })),
  };
}
