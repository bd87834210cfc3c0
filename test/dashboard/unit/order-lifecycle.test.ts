import { describe, expect, it } from 'vitest';
import * as domain from '../../../server/domain/lab-orders/lifecycle.js';
import * as mirror from '../../../server/dashboard/src/lib/order-lifecycle.js';

/** The dashboard's copy of the order state machine must be the server's, rule for rule. */
describe('the dashboard mirror of the lab order lifecycle', () => {
  const statuses = domain.allStatuses();

  it('when compared with the domain module, then the tables of every method are the same', () => {
    expect(mirror.LIFECYCLES).toEqual(domain.LIFECYCLES);
  });

  it('when every pair of statuses is simulated, then the mirror finds the same path (or none) as the server', () => {
    const odd = ['', 'nonsense', 'received.walk_in_test', 'completed.testkit.ordered'];
    for (const from of [...statuses, ...odd]) {
      for (const to of [...statuses, ...odd]) expect(mirror.simulationPath(from, to), `${from} -> ${to}`).toEqual(domain.simulationPath(from, to));
    }
  });

  it('when any status is cancelled, then the mirror decides as the server, with the same reason', () => {
    for (const status of [...statuses, 'nonsense']) expect(mirror.decideCancel(status), status).toEqual(domain.decideCancel(status));
  });

  it('when statuses are parsed, then the same parts', () => {
    for (const status of [...statuses, 'a.b.c', 'received.walk_in_test.ordered.x']) expect(mirror.parseStatus(status)).toEqual(domain.parseStatus(status));
  });
});
