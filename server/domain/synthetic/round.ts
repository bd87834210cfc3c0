/**
 * `value` rounded to `digits` decimals. Never -0: a small negative value rounds to 0, as it
 * reads on the wire (JSON has no -0), so a value computed here equals the value delivered.
 */
export const round = (value: number, digits = 0): number => Math.round(value * 10 ** digits) / 10 ** digits + 0;
