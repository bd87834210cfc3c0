/**
 * On/off switches read from environment variables, with one rule for every switch: unset, empty
 * or only spaces means the default; `on`, `true`, `1`, `yes` and `off`, `false`, `0`, `no` (any
 * letter case, spaces around ignored) say it; anything else stops start-up with an error naming
 * the variable and the value as given, never read as one or the other. No imports.
 */
const ON = ['on', 'true', '1', 'yes'];
const OFF = ['off', 'false', '0', 'no'];

export function onOff(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  const text = raw?.trim().toLowerCase() ?? '';
  if (text === '') return fallback;
  if (ON.includes(text)) return true;
  if (OFF.includes(text)) return false;
  throw new Error(`${name} must be on or off, got "${raw}"`);
}
