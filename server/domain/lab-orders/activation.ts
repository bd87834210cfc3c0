/**
 * Whether an order is current or scheduled (the `order_activation_types` filter of GET
 * /v3/orders). An order given `activate_by` (a date) is held until that day: it is
 * `scheduled` while the day has not come, and `current` from that day on, as is every order
 * without `activate_by`. Days are UTC days, as the order's other dates
 * (`expected_result_by_date`): `activate_by` names no time zone, and the server keeps none for
 * the patient. The sandbox does not hold orders back: the type only sorts them.
 */

export const ORDER_ACTIVATION_TYPES = ['current', 'scheduled'] as const;
export type OrderActivationType = (typeof ORDER_ACTIVATION_TYPES)[number];

/** The UTC day of `now`, as `YYYY-MM-DD` (the form `activate_by` has). */
export function activationDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The order's type at `now`: scheduled while `activate_by` is a day after today (UTC). */
export function activationTypeOf(activateBy: string | null, now: Date): OrderActivationType {
  return activateBy !== null && activateBy > activationDay(now) ? 'scheduled' : 'current';
}

/**
 * What the list keeps for the types asked: the orders of one type as of `today`, or null when
 * every order matches (no type given, or both).
 */
export function activationFilter(types: readonly OrderActivationType[] | null, now: Date): { type: OrderActivationType; today: string } | null {
  const asked = new Set(types ?? []);
  if (asked.size !== 1) return null;
  return { type: [...asked][0]!, today: activationDay(now) };
}
