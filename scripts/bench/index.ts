/** `npm run bench`: every benchmark, figures printed as tables. */
import { benchBuild } from './build.js';
import { benchDevLoop } from './dev-loop.js';
import { benchServer } from './server.js';

await benchBuild();
await benchServer();
await benchDevLoop();
await (await import('./webhooks.js')).benchWebhooks();
await (await import('./bulk-pull.js')).benchBulkPull();
await (await import('./data-sync.js')).benchDataSync();
await (await import('./data-reads.js')).benchDataReads();
await (await import('./lab-orders.js')).benchLabOrders();
await (await import('./lab-appointments.js')).benchLabAppointments();
