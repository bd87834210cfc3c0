import type { components } from '../../../../generated/team/schema.js';
import type { BulkOpRecord } from '../../../storage/repositories/bulk-ops.js';

type BulkOp = components['schemas']['BulkOp'];

/** A stored bulk operation as the API shows it. */
export const toBulkOp = (op: BulkOpRecord): BulkOp => ({
  id: op.id,
  type: op.type,
  status: op.status,
  provider: op.provider,
  pending: op.pending,
  running: op.running,
  processed: op.processed,
  failed: op.failed,
  not_connected: op.not_connected,
  started_at: op.started_at,
  ended_at: op.ended_at,
});
