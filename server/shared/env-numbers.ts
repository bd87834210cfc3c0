/**
 * Whole numbers read from environment variables, with one rule for every variable: unset, empty
 * or only spaces means the default; otherwise the value (spaces around it ignored) must be
 * written in decimal digits, else start-up stops with an error naming the variable and the value
 * as given (`1e3`, `0x10`, `2.5`, `-1` and `ten` are refused, never read as something else).
 * No imports.
 */

/** 1 or more. */
export function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = wholeNumber(env, name, fallback);
  if (value < 1) throw new Error(`${name} must be a positive integer, got "${env[name]}"`);
  return value;
}

/** 0 or more. */
export function nonNegativeInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  return wholeNumber(env, name, fallback, 'a whole number, 0 or more');
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, expected = 'a positive integer'): number {
  const raw = env[name];
  const text = raw?.trim() ?? '';
  if (text === '') return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value)) throw new Error(`${name} must be ${expected}, got "${raw}"`);
  return value;
}
