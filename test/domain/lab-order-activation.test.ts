import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { activationFilter, activationTypeOf, ORDER_ACTIVATION_TYPES } from '../../server/domain/lab-orders/activation.js';

const bundle = JSON.parse(readFileSync(new URL('../../generated/team/openapi.json', import.meta.url), 'utf8')) as { components: { schemas: Record<string, { enum?: string[] }> } };

describe('order activation (domain/lab-orders/activation.ts)', () => {
  it('when the types are compared with the spec, then they are OrderActivationType', () => {
    expect([...ORDER_ACTIVATION_TYPES]).toEqual(bundle.components.schemas.OrderActivationType?.enum);
  });

  it('when an order has no activate_by, or its day has come in UTC, then it is current; while the day is ahead, scheduled', () => {
    expect(activationTypeOf(null, new Date('2040-06-15T12:00:00Z'))).toBe('current');
    expect(activationTypeOf('2040-06-14', new Date('2040-06-15T12:00:00Z'))).toBe('current');
    expect(activationTypeOf('2040-06-15', new Date('2040-06-15T00:00:00Z'))).toBe('current');
    expect(activationTypeOf('2040-06-16', new Date('2040-06-15T23:59:59.999Z'))).toBe('scheduled');
    // 23:30 at UTC-02:00 is already the 16th in UTC.
    expect(activationTypeOf('2040-06-16', new Date('2040-06-15T23:30:00-02:00'))).toBe('current');
  });

  it('when one type is asked, then the filter keeps it as of the UTC day; none or both, then no filter', () => {
    const now = new Date('2040-06-15T23:30:00-02:00');
    expect(activationFilter(['scheduled'], now)).toEqual({ type: 'scheduled', today: '2040-06-16' });
    expect(activationFilter(['current', 'current'], now)).toEqual({ type: 'current', today: '2040-06-16' });
    expect(activationFilter(['current', 'scheduled'], now)).toBeNull();
    expect(activationFilter([], now)).toBeNull();
    expect(activationFilter(null, now)).toBeNull();
  });
});
