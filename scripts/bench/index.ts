/**
 * `npm run bench`: every benchmark with a goal (the README's *Speed goals*), figures printed as
 * tables. `bench:soak` (a long run) and `bench:latency-floor` (no goal) run alone.
 */
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
await (await import('./team-reads.js')).benchTeamReads();
await (await import('./connection-errors.js')).benchConnectionErrors();
await (await import('./insurance.js')).benchInsurance();
await (await import('./lab-reports.js')).benchLabReports();
await (await import('./dashboard.js')).benchDashboard();
