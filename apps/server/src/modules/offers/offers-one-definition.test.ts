/**
 * An offer field is declared once (issue 29): a field added to the offer schema reaches the row mapping,
 * the list item, the reply, the audit view and the protocol's field list without any of them changing.
 * The fixture adds a throwaway field to the angebot block; a block is one jsonb column, so the table
 * takes it as it is.
 */
import { OFFER_LABELS, protocolField } from '@pruefbuch/domain/protocol';
import { recordFields } from '@pruefbuch/domain/record-fields';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { angebotSchema, OFFER_DEFAULTS, type OfferFields, offerFieldsSchema } from '@pruefbuch/domain/schemas/offer';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { insertTenant, offerValues } from '../../../test/factories';
import { openTestDatabase } from '../../../test/helper';
import { offers } from '../../db/schema/index';
import {
  auditViewOf,
  columnsOf,
  fieldsOf,
  findOffer,
  LIST_ITEM_OWN_KEYS,
  offerAuditView,
  toListItem,
  toOfferDto,
} from './offers.repo';

const database = await openTestDatabase();

const probeSchema = offerFieldsSchema.extend({
  angebot: angebotSchema.extend({ probe: z.number().int().nullable() }),
});
type ProbeFields = z.infer<typeof probeSchema>;

describe('a new field of the offer schema', () => {
  const fields: ProbeFields = { ...OFFER_DEFAULTS, angebot: { ...OFFER_DEFAULTS.angebot, offerNr: 'A-9', probe: 42 } };

  async function stored() {
    const tenant = await insertTenant(database.db);
    const [row] = await database.db
      .insert(offers)
      .values({ ...offerValues(tenant.id), ...columnsOf(fields satisfies OfferFields) })
      .returning();
    const select = row && (await findOffer(database.db, tenant.id, row.id));
    if (!select) throw new Error('offer not stored');
    return select;
  }

  it('is written and read by the generic mapping', async () => {
    const { row } = await stored();
    expect(row.angebot).toEqual(fields.angebot);
    expect(fieldsOf(row).angebot).toMatchObject({ offerNr: 'A-9', probe: 42 });
  });

  it('is in the list item and the reply', async () => {
    const select = await stored();
    expect(toListItem(select, berlinToday()).angebot).toMatchObject({ offerNr: 'A-9', probe: 42 });
    expect(toOfferDto(select, [], berlinToday()).angebot).toMatchObject({ probe: 42 });
  });

  it('cannot be overwritten by what the list row adds (only opm is, by the field and its order)', () => {
    const shared = LIST_ITEM_OWN_KEYS.filter((k) => k in offerFieldsSchema.shape);
    expect(shared).toEqual(['opm']);
  });

  it('is in the audit view of its schema, field by field', async () => {
    const { row } = await stored();
    expect(offerAuditView(probeSchema)(row)).toMatchObject({ 'angebot.offerNr': 'A-9', 'angebot.probe': 42 });
    // The audit view is the schema's: the offer schema as it is records no such path.
    expect(auditViewOf(row)).not.toHaveProperty('angebot.probe');
  });

  it("is in the protocol's field list, labelled by the convention and formatted by its type", () => {
    expect(recordFields(probeSchema, OFFER_LABELS)['angebot.probe']).toEqual({
      label: 'offers.fields.probe',
      format: 'number',
    });
    // The real list is derived the same way: an existing field of the block reads as the probe does.
    expect(protocolField('offer', 'angebot.offerNr').label[0]?.key).toBe('offers.fields.offerNr');
  });
});
