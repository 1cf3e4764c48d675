/**
 * The cost list and production capacity planning (issue 14, SPEC §3 Cost list / capacity settings,
 * Daily capacity, the work areas, §7 Cost list and Capacity, §9 maw defaults; decision 027).
 *
 * All times are whole minutes. A tenant has one cost list and one capacity settings document; the
 * planned work of orders lives in timeslots (one order, one day, one work area, some minutes).
 */
import { z } from 'zod';
import { PLANNING_GAPS } from '../rules/order-take-over';
import { idSchema, isoDate, paged, pageQuery, text } from './common';

/** SPEC §3 enumeration 'Work areas', in the order the work flows through production. */
export const WORK_AREAS = ['profilbearbeitung', 'antrieb', 'verglasen', 'versand', 'sonstiges'] as const;
export type WorkArea = (typeof WORK_AREAS)[number];
export type AreaMinutes = Record<WorkArea, number>;
export const NO_MINUTES: AreaMinutes = { profilbearbeitung: 0, antrieb: 0, verglasen: 0, versand: 0, sonstiges: 0 };

/** Monday to Friday (SPEC §3 employeeTime: arbeitszeit per weekday). */
export const WEEKDAYS = ['montag', 'dienstag', 'mittwoch', 'donnerstag', 'freitag'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const required = (max: number) => text(max).min(1, { error: 'validation.required' });
const versionSchema = z.number({ error: 'validation.version' }).int({ error: 'validation.version' }).min(0);
/** Minutes of one item or one day: whole, 0 to 24 h unless said otherwise. */
const minutes = (max = 24 * 60) =>
  z
    .number({ error: 'validation.number' })
    .int({ error: 'validation.integer' })
    .min(0, { error: 'validation.min' })
    .max(max, { error: 'validation.max' });
const euro = z
  .number({ error: 'validation.number' })
  .min(0, { error: 'validation.min' })
  .max(100_000, { error: 'validation.max' })
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: 'validation.decimal' });

// ---------------------------------------------------------------------------------------------
// Cost list (GET costlist, POST, PUT costlist/{id}, GET costlist/find/first)
// ---------------------------------------------------------------------------------------------

/** Extra-effort rates in EUR (SPEC §3 maw; §9 defaults). intMaw and extMaw are per hour. */
export const mawRatesSchema = z.object({
  intMaw: euro,
  extMaw: euro,
  travelFlatRate: euro,
  versandCost: euro,
});
export type MawRates = z.infer<typeof mawRatesSchema>;
export const MAW_DEFAULTS: MawRates = { intMaw: 120, extMaw: 150, travelFlatRate: 100, versandCost: 100 };

/**
 * The time values per item (SPEC §3 capacities), in minutes. Which work area each goes to and what
 * it is multiplied by is the rule table REQUIRED_TIME_ROWS (rules/capacity-time.ts).
 */
export const capacityTimesSchema = z.object({
  /** Fitting one drive, by door type. */
  antriebstyp: z.object({ dreher: minutes(), schieber: minutes() }),
  /** Per special function (e.g. night/bank mode, airlock). */
  sonderfunktion: minutes(),
  /** Per locking. */
  verriegelung: minutes(),
  /** Fittings, per wing: profile machining, glazing, packing. */
  beschlagProfilbearbeitung: minutes(),
  beschlagVerglasen: minutes(),
  beschlagVerpackung: minutes(),
  /** Per glass pane. */
  standardglaeser: minutes(),
  sonderglaeser: minutes(),
  /** Floor guide, per wing. */
  bodenfuehrungZeitaufwand: minutes(),
  /** Per protective wing. */
  schutzfluegel: minutes(),
  /** A free-standing (self-supporting) frame. */
  freitraeger: minutes(),
  /** Per side panel. */
  seitenteil: minutes(),
  /** Picking the order's parts, once per order. */
  kommissionierung: minutes(),
});
export type CapacityTimes = z.infer<typeof capacityTimesSchema>;
export const CAPACITY_TIME_DEFAULTS: CapacityTimes = {
  antriebstyp: { dreher: 90, schieber: 150 },
  sonderfunktion: 30,
  verriegelung: 45,
  beschlagProfilbearbeitung: 60,
  beschlagVerglasen: 30,
  beschlagVerpackung: 20,
  standardglaeser: 20,
  sonderglaeser: 45,
  bodenfuehrungZeitaufwand: 15,
  schutzfluegel: 60,
  freitraeger: 120,
  seitenteil: 60,
  kommissionierung: 30,
};

/** A time-effort template (SPEC §3): base times of a kind of door; per wing when proFluegel. */
export const timeTemplateSchema = z.object({
  _id: z.string().max(100).optional(),
  name: required(100),
  zeitaufwandAntrieb: minutes(),
  zeitaufwandProfilbearbeitung: minutes(),
  zeitaufwandVerglasen: minutes(),
  zeitaufwandVersand: minutes(),
  proFluegel: z.boolean({ error: 'validation.invalid' }),
  bemerkung: text(1000),
});
export type TimeTemplate = z.infer<typeof timeTemplateSchema>;

export const costListFieldsSchema = z
  .object({
    maw: mawRatesSchema,
    capacities: capacityTimesSchema,
    vorlagen: z.array(timeTemplateSchema).max(100, { error: 'validation.max' }),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.vorlagen.forEach((t, i) => {
      const key = t.name.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['vorlagen', i, 'name'], message: 'validation.duplicate' });
      seen.add(key);
    });
  });
export type CostListFields = z.infer<typeof costListFieldsSchema>;
export const COST_LIST_DEFAULTS: CostListFields = {
  maw: MAW_DEFAULTS,
  capacities: CAPACITY_TIME_DEFAULTS,
  vorlagen: [],
};

/** PUT costlist/{id}: the whole list and the __v it was read with. */
export const costListUpdateSchema = costListFieldsSchema.and(z.object({ __v: versionSchema }));
export type CostListUpdate = z.infer<typeof costListUpdateSchema>;

export const costListSchema = z.object({
  _id: z.string(),
  maw: mawRatesSchema,
  capacities: capacityTimesSchema,
  /** Every template has its _id in a reply. */
  vorlagen: z.array(timeTemplateSchema.extend({ _id: z.string() })),
  __v: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CostList = z.infer<typeof costListSchema>;

// ---------------------------------------------------------------------------------------------
// The order's production data (a block of the order, SPEC §3 Order is silent: decision 027)
// ---------------------------------------------------------------------------------------------

const pieces = (max = 99) =>
  z
    .number({ error: 'validation.number' })
    .int({ error: 'validation.integer' })
    .min(0, { error: 'validation.min' })
    .max(max, { error: 'validation.max' });

/**
 * What production needs to know of an order beyond its door configuration (wings and door type come
 * from `tuer`): the template and the counted items of the cost list.
 */
export const productionSchema = z.object({
  /** The _id of a template of the cost list, or null for none. */
  vorlage: text(100).nullable(),
  /** Number of drives (0 for an order without production of a drive). */
  antriebe: pieces(),
  sonderfunktionen: pieces(),
  verriegelungen: pieces(),
  standardglaeser: pieces(),
  sonderglaeser: pieces(),
  bodenfuehrung: z.boolean({ error: 'validation.invalid' }),
  schutzfluegel: pieces(),
  freitraeger: z.boolean({ error: 'validation.invalid' }),
  seitenteile: pieces(),
  kommissionierung: z.boolean({ error: 'validation.invalid' }),
  /** Further time in the work area 'sonstiges', in minutes. */
  sonstigeMinuten: minutes(100 * 60),
});
export type Production = z.infer<typeof productionSchema>;
export const PRODUCTION_DEFAULTS: Production = {
  vorlage: null,
  antriebe: 1,
  sonderfunktionen: 0,
  verriegelungen: 0,
  standardglaeser: 0,
  sonderglaeser: 0,
  bodenfuehrung: false,
  schutzfluegel: 0,
  freitraeger: false,
  seitenteile: 0,
  kommissionierung: true,
  sonstigeMinuten: 0,
};

// ---------------------------------------------------------------------------------------------
// Capacity settings (GET capacity, POST capacity, PUT capacity/{id})
// ---------------------------------------------------------------------------------------------

export const dateRangeSchema = z
  .object({ start: isoDate, ende: isoDate, bemerkung: text(300) })
  .refine((r) => r.ende >= r.start, { path: ['ende'], error: 'validation.dateOrder' });

export const absenceSchema = dateRangeSchema;
export type Absence = z.infer<typeof absenceSchema>;

/** Minutes an employee works on each weekday (0 = not working that day). */
export const workingTimeSchema = z.object({
  montag: minutes(),
  dienstag: minutes(),
  mittwoch: minutes(),
  donnerstag: minutes(),
  freitag: minutes(),
});
export type WorkingTime = z.infer<typeof workingTimeSchema>;

export const employeeSchema = z.object({
  _id: z.string().max(100).optional(),
  name: required(100),
  /** The work area the employee's time counts for. */
  bereich: z.enum(WORK_AREAS, { error: 'validation.invalid' }),
  arbeitszeit: workingTimeSchema,
  abwesenheiten: z.array(absenceSchema).max(200, { error: 'validation.max' }),
  aktiv: z.boolean({ error: 'validation.invalid' }),
});
export type Employee = z.infer<typeof employeeSchema>;

/** A day the company does not work (Betriebsurlaub): start..ende, both included. */
export const operatingHolidaySchema = dateRangeSchema;
export type OperatingHoliday = z.infer<typeof operatingHolidaySchema>;

/** A public holiday (SPEC §3): from the holiday library for the federal state, or added locally. */
export const publicHolidaySchema = z.object({ date: isoDate, name: required(100) });
export type PublicHoliday = z.infer<typeof publicHolidaySchema>;

/** German federal states as the holiday library names them (date-holidays: DE-<code>). */
export const FEDERAL_STATES = [
  'BW',
  'BY',
  'BE',
  'BB',
  'HB',
  'HH',
  'HE',
  'MV',
  'NI',
  'NW',
  'RP',
  'SL',
  'SN',
  'ST',
  'SH',
  'TH',
] as const;
export type FederalState = (typeof FEDERAL_STATES)[number];

export const capacitySettingsFieldsSchema = z.object({
  bundesland: z.enum(FEDERAL_STATES, { error: 'validation.invalid' }),
  mitarbeiter: z.array(employeeSchema).max(500, { error: 'validation.max' }),
  betriebsurlaub: z.array(operatingHolidaySchema).max(200, { error: 'validation.max' }),
  /** Days off added by an admin beyond the state's public holidays (e.g. a local feast). */
  lokaleFeiertage: z.array(publicHolidaySchema).max(100, { error: 'validation.max' }),
});
export type CapacitySettingsFields = z.infer<typeof capacitySettingsFieldsSchema>;
export const CAPACITY_SETTINGS_DEFAULTS: CapacitySettingsFields = {
  bundesland: 'HE',
  mitarbeiter: [],
  betriebsurlaub: [],
  lokaleFeiertage: [],
};
export const capacitySettingsUpdateSchema = capacitySettingsFieldsSchema.extend({ __v: versionSchema });
export type CapacitySettingsUpdate = z.infer<typeof capacitySettingsUpdateSchema>;

export const capacitySettingsSchema = capacitySettingsFieldsSchema.extend({
  _id: z.string(),
  mitarbeiter: z.array(employeeSchema.extend({ _id: z.string() })),
  __v: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CapacitySettings = z.infer<typeof capacitySettingsSchema>;

// ---------------------------------------------------------------------------------------------
// Timeslots: planned work (PUT capacity/put/…)
// ---------------------------------------------------------------------------------------------

export const timeslotSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  date: z.string(),
  area: z.enum(WORK_AREAS),
  minutes: z.number().int(),
  finished: z.boolean(),
  /** Who of the area works it (an employee's _id of the settings), or null. */
  employee: z.string().nullable(),
  __v: z.number().int(),
});
export type Timeslot = z.infer<typeof timeslotSchema>;

/** A slot to plan: a day, a work area and minutes (1 minute to 100 h, split across days by the planner). */
export const slotInputSchema = z.object({
  date: isoDate,
  area: z.enum(WORK_AREAS, { error: 'validation.invalid' }),
  minutes: minutes(100 * 60).min(1, { error: 'validation.min' }),
});
export type SlotInput = z.infer<typeof slotInputSchema>;

/** PUT capacity/put/saveCapacityByOrderId: replaces the order's unfinished slots (e.g. with a proposal). */
export const saveCapacityByOrderSchema = z.object({
  orderId: idSchema,
  slots: z.array(slotInputSchema).max(500, { error: 'validation.max' }),
  /** The __v of each unfinished slot as the planner read them; a changed or added one is a 409. */
  expected: z.array(z.object({ _id: idSchema, __v: versionSchema })).max(500, { error: 'validation.max' }),
});
export type SaveCapacityByOrder = z.infer<typeof saveCapacityByOrderSchema>;

/** PUT capacity/put/saveNewTimeslot */
export const newTimeslotSchema = slotInputSchema.extend({ orderId: idSchema });
export type NewTimeslot = z.infer<typeof newTimeslotSchema>;

/** PUT capacity/put/shiftTimeslot: moves one slot to another day (and, optionally, area). */
export const shiftTimeslotSchema = z.object({
  _id: idSchema,
  __v: versionSchema,
  date: isoDate,
  area: z.enum(WORK_AREAS, { error: 'validation.invalid' }).optional(),
  /**
   * Who of the area works it: an active employee of that area, or null for nobody yet. Left out, the slot
   * keeps its employee while it stays in its area and has none after a move to another one.
   */
  employee: z.string().max(100, { error: 'validation.max' }).nullable().optional(),
});
export type ShiftTimeslot = z.infer<typeof shiftTimeslotSchema>;

/** PUT capacity/put/finishTimeslot: marks a slot done (or not done again). */
export const finishTimeslotSchema = z.object({
  _id: idSchema,
  __v: versionSchema,
  finished: z.boolean({ error: 'validation.invalid' }),
});
export type FinishTimeslot = z.infer<typeof finishTimeslotSchema>;

/** PUT capacity/put/saveTimeslots: changes several slots at once, all or none (one stale → 409). */
export const saveTimeslotsSchema = z.object({
  slots: z
    .array(slotInputSchema.extend({ _id: idSchema, __v: versionSchema }))
    .min(1, { error: 'validation.required' })
    .max(500, { error: 'validation.max' }),
});
export type SaveTimeslots = z.infer<typeof saveTimeslotsSchema>;

// ---------------------------------------------------------------------------------------------
// Reads (GET capacity/get/…)
// ---------------------------------------------------------------------------------------------

/** ?date=YYYY-MM-DD: any day of the wanted week or month. */
export const capacityDateQuery = z.object({ date: isoDate });

/** Where an order's plan and the order disagree (rules/plan-conflicts.ts holds the rules). */
export const PLAN_CONFLICTS = ['afterInstallation', 'outOfStepOrder', 'noCapacity', 'configChanged'] as const;
export type PlanConflictKind = (typeof PLAN_CONFLICTS)[number];

/** A planned slot with what a board card shows of its order. */
export const plannedSlotSchema = timeslotSchema.extend({
  abnr: z.string(),
  objekt: z.string(),
  kunde: z.string(),
  geplanteMontage: z.string().nullable(),
  /** Where the slot and its order disagree (rules/plan-conflicts.ts). */
  conflicts: z.array(z.enum(PLAN_CONFLICTS)),
});
export type PlannedSlot = z.infer<typeof plannedSlotSchema>;

/** Why a day has less or no time. */
export const dayNoteSchema = z.object({
  kind: z.enum(['publicHoliday', 'operatingHoliday', 'absence', 'weekend']),
  text: z.string(),
});

/** SPEC §3 Daily capacity, with the split per work area. */
export const dailyCapacitySchema = z.object({
  date: z.string(),
  totalEmployeeTime: z.number().int(),
  totalOrdersTime: z.number().int(),
  employeeTime: z.record(z.enum(WORK_AREAS), z.number().int()),
  ordersTime: z.record(z.enum(WORK_AREAS), z.number().int()),
  /** totalOrdersTime / totalEmployeeTime in percent (null on a day without employee time). */
  utilisation: z.number().nullable(),
  colour: z.enum(['green', 'orange', 'red', 'none']),
  orderTimeList: z.array(plannedSlotSchema),
  notes: z.array(dayNoteSchema),
});
export type DailyCapacity = z.infer<typeof dailyCapacitySchema>;
export const capacityRangeReply = z.object({ from: z.string(), to: z.string(), days: z.array(dailyCapacitySchema) });
export type CapacityRangeReply = z.infer<typeof capacityRangeReply>;

/** getWeeklyEmployeeTime / getMonthlyEmployeeTime: the available minutes per day and area, and who is away. */
export const employeeTimeDaySchema = z.object({
  date: z.string(),
  total: z.number().int(),
  perArea: z.record(z.enum(WORK_AREAS), z.number().int()),
  absent: z.array(z.object({ employeeId: z.string(), name: z.string(), bemerkung: z.string() })),
  notes: z.array(dayNoteSchema),
  /** Every active employee's minutes that day (rules/capacity-time.ts employeesOn), for the rows per employee. */
  employees: z.array(
    z.object({
      employeeId: z.string(),
      name: z.string(),
      area: z.enum(WORK_AREAS),
      minutes: z.number().int(),
      away: z.boolean(),
    }),
  ),
});
export const employeeTimeReply = z.object({ from: z.string(), to: z.string(), days: z.array(employeeTimeDaySchema) });
export type EmployeeTimeReply = z.infer<typeof employeeTimeReply>;

/** One line of the required-time breakdown: which rule gave how many minutes. */
export const requiredTimeLineSchema = z.object({
  area: z.enum(WORK_AREAS),
  /** The rule row's key (e.g. 'vorlage', 'antriebstyp', 'standardglaeser'). */
  item: z.string(),
  quantity: z.number(),
  minutesEach: z.number().int(),
  minutes: z.number().int(),
});
export type RequiredTimeLine = z.infer<typeof requiredTimeLineSchema>;

/** GET capacity/get/requiredTime/{orderId} */
export const requiredTimeReply = z.object({
  orderId: z.string(),
  required: z.record(z.enum(WORK_AREAS), z.number().int()),
  planned: z.record(z.enum(WORK_AREAS), z.number().int()),
  finished: z.record(z.enum(WORK_AREAS), z.number().int()),
  total: z.number().int(),
  lines: z.array(requiredTimeLineSchema),
  slots: z.array(timeslotSchema),
  /** Where the plan and the order disagree, with the slots concerned. */
  conflicts: z.array(z.object({ kind: z.enum(PLAN_CONFLICTS), slotIds: z.array(z.string()) })),
});
export type RequiredTimeReply = z.infer<typeof requiredTimeReply>;

/**
 * GET capacity/get/requiredTimeList: the orders to plan (status before MONTAGE, active), with what is left,
 * one page at a time (soonest planned installation first): a company with years of orders has thousands.
 */
export const requiredTimeListQuery = z.object({
  /** 'open': still time to plan (default); 'all': every plannable order; 'conflicts': plans that disagree with their order. */
  filter: z.enum(['open', 'all', 'conflicts']).default('open'),
  search: z.string().trim().max(100).optional(),
  page: pageQuery.shape.page,
  size: pageQuery.shape.size,
});
export const requiredTimeItemSchema = z.object({
  orderId: z.string(),
  abnr: z.string(),
  objekt: z.string(),
  kunde: z.string(),
  status: z.string(),
  geplanteMontage: z.string().nullable(),
  required: z.record(z.enum(WORK_AREAS), z.number().int()),
  planned: z.record(z.enum(WORK_AREAS), z.number().int()),
  totalRequired: z.number().int(),
  totalPlanned: z.number().int(),
  /** What the order lacks before it can be planned (rules/order-take-over.ts planningGaps); empty when it can. */
  gaps: z.array(z.enum(PLANNING_GAPS)),
  /** Where its plan and the order disagree (rules/plan-conflicts.ts). */
  conflicts: z.array(z.enum(PLAN_CONFLICTS)),
});
export type RequiredTimeItem = z.infer<typeof requiredTimeItemSchema>;
export const requiredTimeListReply = paged(requiredTimeItemSchema);
export type RequiredTimeListReply = z.infer<typeof requiredTimeListReply>;

/** GET capacity/get/proposal/{orderId}?direction=: 'Einplanen vorschlagen' (nothing is saved). */
export const proposalQuery = z.object({
  /** backward from the planned installation date (default when the order has one), forward from today otherwise. */
  direction: z.enum(['backward', 'forward']).optional(),
});
export const proposalReply = z.object({
  orderId: z.string(),
  direction: z.enum(['backward', 'forward']),
  /** Why the order cannot be planned backward (decision 048); null when it can. */
  backwardBlocked: z.enum(['noInstallationDate', 'installationNotAhead', 'noTimeBeforeInstallation']).nullable(),
  slots: z.array(slotInputSchema),
  /** Days × areas that the proposal takes over 100 %, with the minutes over. */
  overloads: z.array(
    z.object({ date: z.string(), area: z.enum(WORK_AREAS), utilisation: z.number(), over: z.number().int() }),
  ),
  /** Minutes that found no day at all (an area without any employee time in the horizon). */
  unplaced: z.record(z.enum(WORK_AREAS), z.number().int()),
  /**
   * The order's unfinished slots the proposal replaces, as they were when it was made: send them back
   * as `expected` with saveCapacityByOrderId, so a change made meanwhile is a 409, not overwritten.
   */
  basis: z.array(z.object({ _id: z.string(), __v: z.number().int() })),
});
export type ProposalReply = z.infer<typeof proposalReply>;

/** GET capacity/get/holidays?year=: the public holidays of the tenant's state and the local days. */
/** ?year= and, to look before saving another state, ?bundesland= (default: the saved one). */
export const holidaysQuery = z.object({
  year: z.coerce.number().int().min(2000).max(2100),
  bundesland: z.enum(FEDERAL_STATES, { error: 'validation.invalid' }).optional(),
});
export const holidaysReply = z.array(publicHolidaySchema.extend({ local: z.boolean() }));
export type HolidaysReply = z.infer<typeof holidaysReply>;
