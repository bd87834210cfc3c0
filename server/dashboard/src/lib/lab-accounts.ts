/**
 * How the lab orders page shows a lab account's billing: each billing type with the states it is
 * allowed in, said briefly ("all states", "all but NJ, NY, RI", or the states themselves).
 */

/** The number of US states an account's billing can name (the family's USState list). */
export const US_STATE_COUNT = 50;

export function billingSummary(allowed: Record<string, string[] | undefined>): string {
  const parts = Object.entries(allowed).flatMap(([billing, states]) => {
    if (!states) return [];
    const label = billing.replace(/_/g, ' ');
    if (states.length === US_STATE_COUNT) return [`${label} (all states)`];
    if (states.length > US_STATE_COUNT / 2) return [`${label} (all but ${missingStates(states).join(', ')})`];
    return [`${label} (${[...states].sort().join(', ')})`];
  });
  return parts.length === 0 ? 'none' : parts.join('; ');
}

const ALL_STATES = ['AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD',
  'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC',
  'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY'];

function missingStates(states: string[]): string[] {
  const have = new Set(states);
  return ALL_STATES.filter((s) => !have.has(s)).sort();
}
