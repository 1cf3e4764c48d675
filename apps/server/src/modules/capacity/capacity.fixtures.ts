import {
  CAPACITY_SETTINGS_DEFAULTS,
  type CapacitySettings,
  type CapacitySettingsFields,
  type Employee,
  PRODUCTION_DEFAULTS,
  type Production,
} from '@pruefbuch/domain/schemas/capacity';
import type { Order } from '@pruefbuch/domain/schemas/order';
import type { TestApp } from '../../../test/helper';
import { type ProductionWorld, productionWorld } from '../costlist/costlist.fixtures';

export { detailsOf } from '../costlist/costlist.fixtures';

/** A full-time employee of one area: 8 h Monday to Thursday, 6 h on Friday. */
export const employee = (name: string, bereich: Employee['bereich'], extra: Partial<Employee> = {}): Employee => ({
  name,
  bereich,
  arbeitszeit: { montag: 480, dienstag: 480, mittwoch: 480, donnerstag: 480, freitag: 360 },
  abwesenheiten: [],
  aktiv: true,
  ...extra,
});

/** A sliding door with two wings. */
export const SLIDING_DOOR = {
  tuertyp: 'schieber',
  antrieb: 'SA-2-FR',
  fluegel: 'SFL2',
  stromart: 'FR-230',
  komponenten: [],
} as const;

/** A production world with helpers to set the settings, create orders and plan them. */
export async function capacityWorld(t: TestApp, name = 'Kapazität') {
  const w: ProductionWorld = await productionWorld(t, name);
  const ok = async <T>(res: { statusCode: number; body: string; json: () => unknown }, what: string, code = 200) => {
    if (res.statusCode !== code) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
    return res.json() as T;
  };
  /** PUT capacity/{id} with these fields (on top of the defaults). */
  const setSettings = async (fields: Partial<CapacitySettingsFields>) => {
    const current = await ok<CapacitySettings>(await w.call('GET', '/capacity'), 'GET capacity');
    return ok<CapacitySettings>(
      await w.call('PUT', `/capacity/${current._id}`, { ...CAPACITY_SETTINGS_DEFAULTS, ...fields, __v: current.__v }),
      'PUT capacity',
    );
  };
  /** POST orders (as the admin) with a sliding door and a production block. */
  const order = async (extra: Record<string, unknown> = {}, fertigung: Partial<Production> = {}) =>
    ok<Order>(
      await w.call(
        'POST',
        '/orders',
        {
          objekt: 'Objekt',
          abnr: 'AB-1',
          tuer: SLIDING_DOOR,
          fertigung: { ...PRODUCTION_DEFAULTS, ...fertigung },
          ...extra,
        },
        w.admin.token,
      ),
      'POST orders',
      201,
    );
  return { ...w, ok, setSettings, order };
}
export type CapacityWorld = Awaited<ReturnType<typeof capacityWorld>>;
