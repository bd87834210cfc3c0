/**
 * `value` and every object inside it, frozen; returns `value`. An object already frozen is
 * taken as deeply frozen and left as it is (the shared lab test views are).
 */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}
