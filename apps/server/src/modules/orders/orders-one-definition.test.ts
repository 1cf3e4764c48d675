/**
 * An order field is declared once (issue 29): a field added to a block of the order schema reaches the
 * row mapping, the reply, the list item, the audit view and the protocol's field list without any of
 * them changing. The fixture adds a throwaway field to the vkid block; a block is one jsonb column, so
 * the table takes it as it is. (A new top-level field is a column of its name: the schema, a migration,
 * the locales and the form.)
 */
import { ORDER_LABELS, protocolField } from '@pruefbuch/domain/protocol';
import { recordFields } from '@pruefbuch/domain/record-fields';
import { ORDER_DEFAULTS, type OrderFields, orderFieldsSchema, vkidSchema } from '@pruefbuch/domain/schemas/order';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { insertTenant, orderValues } from '../../../test/factories';
import { openTestDatabase } from '../../../test/helper';
import { auditViewOf, fieldsOf, findOrder, orderAuditView, toOrderDto } from './orders.repo';
import { insertOrderRows, listItemOf } from './orders.store';

const database = await openTestDatabase();

const probeSchema = orderFieldsSchema.extend({ vkid: vkidSchema.extend({ probe: z.number().int().nullable() }) });
type ProbeFields = z.infer<typeof probeSchema>;

describe('a new field of a block of the order schema', () => {
  const fields: ProbeFields = { ...ORDER_DEFAULTS, vkid: { ...ORDER_DEFAULTS.vkid, bestellnummer: 'BE-9', probe: 42 } };

  async function stored() {
    const tenant = await insertTenant(database.db);
    const row = orderValues(tenant.id, fields satisfies OrderFields);
    await insertOrderRows(database.db, [row]);
    const select = await findOrder(database.db, tenant.id, row.id);
    if (!select) throw new Error('order not stored');
    return select;
  }

  it('is written and read by the generic mapping', async () => {
    const { row } = await stored();
    expect(row.vkid).toMatchObject({ bestellnummer: 'BE-9', probe: 42 });
    expect(fieldsOf(row).vkid).toMatchObject({ bestellnummer: 'BE-9', probe: 42 });
  });

  it('is in the reply and the list item', async () => {
    const select = await stored();
    expect(toOrderDto(select).vkid).toMatchObject({ probe: 42 });
    expect(JSON.parse(listItemOf(select.row)).vkid).toMatchObject({ probe: 42 });
  });

  it('is in the audit view, field by field', async () => {
    const { row } = await stored();
    expect(orderAuditView(probeSchema)(row)).toMatchObject({ 'vkid.bestellnummer': 'BE-9', 'vkid.probe': 42 });
    // The audit view is the schema's: the order schema as it is records no such path.
    expect(auditViewOf(row)).not.toHaveProperty('vkid.probe');
  });

  it("is in the protocol's field list, labelled by the convention and formatted by its type", () => {
    expect(recordFields(probeSchema, ORDER_LABELS)['vkid.probe']).toEqual({
      label: 'orders.fields.vkid.probe',
      format: 'number',
    });
    // The real list is derived the same way: an existing field of the block reads as the probe does.
    expect(protocolField('order', 'vkid.bestellnummer').label[0]?.key).toBe('orders.fields.vkid.bestellnummer');
    expect(protocolField('order', 'vkid.betrag').format).toBe('money');
  });

  it('a block stored before a field was added reads with the field’s default', async () => {
    const tenant = await insertTenant(database.db);
    const row = orderValues(tenant.id);
    const { bestellnummer: _dropped, ...older } = row.vkid;
    await insertOrderRows(database.db, [{ ...row, vkid: older as OrderFields['vkid'] }]);
    const select = await findOrder(database.db, tenant.id, row.id);
    expect(select && fieldsOf(select.row).vkid.bestellnummer).toBe('');
  });
});
