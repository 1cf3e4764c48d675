/** POST orders/sendMailTransferDepartment: the department changes, the protocol records it, its users get a mail. */
import { Department, Role } from '@pruefbuch/domain/roles';
import type { Order } from '@pruefbuch/domain/schemas/order';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderRow, orderWorld } from '../../../test/fixtures/orders';
import { createTestApp, PUBLIC_URL } from '../../../test/helper';
import { deliverMails } from '../../../test/mail';
import { mailOutbox } from '../../db/schema/index';

const t = await createTestApp();
const mailsTo = async (to: string) => {
  await deliverMails(t);
  return t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
};

describe('POST orders/sendMailTransferDepartment', () => {
  it('hands the order to the department and mails its active users a link', async () => {
    const w = await orderWorld(t);
    const opm1 = await t.createUser({
      role: Role.PROJECT_ROLE,
      tenantIds: [w.tenantId],
      department: Department.OPM,
      firstName: 'Otto',
      lastName: 'Auftrag',
    });
    const opm2 = await t.createUser({ role: Role.STANDARD_ROLE, tenantIds: [w.tenantId], department: Department.OPM });
    const resigned = await t.createUser({
      role: Role.STANDARD_ROLE,
      tenantIds: [w.tenantId],
      department: Department.OPM,
      isResigned: true,
    });
    const elsewhere = await t.createUser({
      role: Role.STANDARD_ROLE,
      tenantIds: [w.tenantId],
      department: Department.KTB,
    });
    const otherTenant = await t.createTenant('Fremd');
    const foreign = await t.createUser({
      role: Role.STANDARD_ROLE,
      tenantIds: [otherTenant.id],
      department: Department.OPM,
    });
    const order = await w.create({ objekt: 'Kaufhof Zeil', abnr: 'AB-9' });
    const res = await w.call('POST', '/orders/sendMailTransferDepartment', {
      orderId: order._id,
      department: Department.OPM,
      message: 'Bitte Termin klären.',
      __v: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json() as { order: Order; mailed: number };
    expect(reply.mailed).toBe(2);
    expect(reply.order).toMatchObject({ aktuelle_abteilung: Department.OPM, __v: 1 });
    const [mail] = await mailsTo(opm1.email);
    expect(mail?.subject).toContain('AB-9');
    expect(mail?.text).toContain('Guten Tag Otto Auftrag');
    expect(mail?.text).toContain('Bitte Termin klären.');
    expect(mail?.text).toContain(`${PUBLIC_URL}/app/orderprocessing/${order._id}`);
    expect(await mailsTo(opm2.email)).toHaveLength(1);
    for (const u of [resigned, elsewhere, foreign]) expect(await mailsTo(u.email)).toHaveLength(0);
    const protocol = (await w.call('GET', `/protocol/getProtocolByOrder/${order._id}`)).json() as {
      field: string;
      newValue: string | null;
      action: string;
    }[];
    expect(protocol.find((e) => e.field === 'aktuelle_abteilung' && e.action === 'update')?.newValue).toBe(
      String(Department.OPM),
    );
  });

  it('refuses a stale __v with 409 and mails nobody', async () => {
    const w = await orderWorld(t);
    const ktb = await t.createUser({ role: Role.STANDARD_ROLE, tenantIds: [w.tenantId], department: Department.KTB });
    const order = await w.create();
    const res = await w.call('POST', '/orders/sendMailTransferDepartment', {
      orderId: order._id,
      department: Department.KTB,
      __v: 3,
    });
    expect(res.statusCode).toBe(409);
    expect(await mailsTo(ktb.email)).toHaveLength(0);
    expect((await orderRow(t, order._id)).aktuelleAbteilung).toBe(1);
    const bad = await w.call('POST', '/orders/sendMailTransferDepartment', {
      orderId: order._id,
      department: 9,
      __v: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().details)).toContain('department');
  });
});
