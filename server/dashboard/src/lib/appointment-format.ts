/** The times of appointments and slots as the patient reads them: in the place's own time zone. Pure. */

/** `Tue, Mar 5, 07:00–08:00 (America/Los_Angeles)`: a slot or appointment in the zone of its place. */
export function formatLocalSpan(start: string, end: string | null, timeZone: string | null): string {
  const zone = timeZone ?? 'UTC';
  const day = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', month: 'short', day: 'numeric' }).format(new Date(start));
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return `${day}, ${time.format(new Date(start))}${end ? `–${time.format(new Date(end))}` : ''} (${zone})`;
}

/** The order kinds that have appointments, and their API path segment. */
export function appointmentKindOf(method: string): 'phlebotomy' | 'psc' | null {
  return method === 'at_home_phlebotomy' ? 'phlebotomy' : method === 'walk_in_test' ? 'psc' : null;
}
