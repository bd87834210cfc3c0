import { describe, expect, it } from 'vitest';
import { billingSummary } from '../../../server/dashboard/src/lib/lab-accounts.js';
import { teamLabAccounts, toClientFacingLabAccount } from '../../../server/domain/lab-accounts/accounts.js';

describe('billingSummary', () => {
  it('when a billing type is allowed everywhere, in most states, or in a few, then it says so briefly', () => {
    const [primary, , , , sonora] = teamLabAccounts('7a0c3f52-9d41-4e8b-b6a2-3c5d8e1f4a90').map(toClientFacingLabAccount);
    expect(billingSummary(primary!.allowed_billing)).toBe('client bill (all states); commercial insurance (all states); patient bill (all but NJ, NY, RI)');
    expect(billingSummary(sonora!.allowed_billing)).toBe('client bill (AZ, CO, NM, NV, UT)');
  });

  it('when nothing is allowed, then none', () => {
    expect(billingSummary({})).toBe('none');
  });
});
