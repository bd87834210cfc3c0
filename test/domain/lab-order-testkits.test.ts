import { describe, expect, it } from 'vitest';
import { simulationPath } from '../../server/domain/lab-orders/lifecycle.js';
import { awaitsRegistration, decideRegistration, kitSimulationRefusal, kitLifecycle, REGISTRABLE_KIT_PATH } from '../../server/domain/lab-orders/testkit.js';

const kit = (status: string, body: Record<string, unknown> = {}) => ({
  id: 'order-1',
  status,
  body: { registrable: true, patient_details: null, details: { data: { shipment: { outbound_tracking_number: null } } }, ...body },
});
const shipped = { details: { data: { shipment: { outbound_tracking_number: '9400' } } } };
const patient = { patient_details: { first_name: 'Jordan' } };

describe('unregistered testkits', () => {
  it('when a kit awaits registration before shipping or once delivered, then it can be registered; on its way, cancelled or failed it cannot', () => {
    expect(decideRegistration(kit('received.testkit.awaiting_registration'), 'SB1')).toEqual({ ok: true });
    expect(decideRegistration(kit('collecting_sample.testkit.with_customer', shipped), 'SB1')).toEqual({ ok: true });
    for (const status of ['collecting_sample.testkit.transit_customer', 'collecting_sample.testkit.out_for_delivery', 'cancelled.testkit.cancelled', 'failed.testkit.failure_to_deliver_to_customer']) {
      expect(decideRegistration(kit(status), 'SB1')).toMatchObject({ ok: false, kind: 'refused', detail: expect.stringContaining(status) });
    }
  });

  it('when a kit has its patient (registered, or ordered with one), then registering it is a conflict', () => {
    expect(decideRegistration(kit('received.testkit.registered', patient), 'SB1')).toMatchObject({ ok: false, kind: 'conflict' });
    expect(decideRegistration({ id: 'o', status: 'received.testkit.ordered', body: { patient_details: { first_name: 'Maria' } } }, 'SB1')).toMatchObject({ ok: false, kind: 'conflict' });
  });

  it('when an unregistered kit is simulated, then it follows its own path and goes no further than its patient', () => {
    const unregistered = kit('received.testkit.awaiting_registration');
    expect(awaitsRegistration(unregistered)).toBe(true);
    const path = simulationPath('received.testkit.awaiting_registration', 'collecting_sample.testkit.with_customer', kitLifecycle(unregistered))!;
    expect(path.map((s) => s.split('.')[2])).toEqual(['transit_customer', 'out_for_delivery', 'with_customer']);
    expect(kitSimulationRefusal(unregistered, path)).toBeNull();
    const beyond = simulationPath('received.testkit.awaiting_registration', 'completed.testkit.completed', kitLifecycle(unregistered))!;
    expect(kitSimulationRefusal(unregistered, beyond)).toMatch(/register it .* before received\.testkit\.registered/);
    const lost = simulationPath('collecting_sample.testkit.with_customer', 'failed.testkit.lost', kitLifecycle(unregistered))!;
    expect(kitSimulationRefusal(unregistered, lost)).toMatch(/before collecting_sample\.testkit\.transit_lab/);
  });

  it('when a kit was registered once delivered, then it is sent back; registered before shipping, it ships; a regular testkit order keeps the method path', () => {
    const afterDelivery = kit('received.testkit.registered', { ...patient, ...shipped });
    expect(kitLifecycle(afterDelivery)?.successPath).toBe(REGISTRABLE_KIT_PATH);
    expect(simulationPath('received.testkit.registered', 'completed.testkit.completed', kitLifecycle(afterDelivery))!.map((s) => s.split('.')[2])).toEqual(['transit_lab', 'delivered_to_lab', 'completed']);
    const beforeShipping = kit('received.testkit.registered', patient);
    expect(kitLifecycle(beforeShipping)).toBeUndefined();
    expect(simulationPath('received.testkit.registered', 'completed.testkit.completed', kitLifecycle(beforeShipping))![0]).toBe('received.testkit.requisition_created');
    // Once past registered, a kit registered before shipping keeps the method's path, though it has a tracking number now.
    expect(kitLifecycle(kit('collecting_sample.testkit.transit_customer', { ...patient, ...shipped }))).toBeUndefined();
    expect(kitLifecycle({ status: 'received.testkit.ordered', body: { patient_details: { first_name: 'Maria' } } })).toBeUndefined();
  });
});
