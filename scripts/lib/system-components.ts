import { existsSync } from 'node:fs';

export interface SystemComponent {
  name: string;
  available: boolean;
  suites: string;
  reason: string;
  howTo: string;
}

/** The Chromium the browser suites drive (CHROMIUM_PATH, else Debian's), or undefined when there is none. */
export const chromiumPath = () => (process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : ['/usr/bin/chromium', '/usr/bin/chromium-browser']).find((p) => existsSync(p));

/** The system components some suites need, and whether this machine has them. */
export function systemComponents(): SystemComponent[] {
  return [
    {
      name: 'PostgreSQL',
      available: Boolean(process.env.DATABASE_URL),
      suites: 'the storage and API suites on a real PostgreSQL server',
      reason: 'DATABASE_URL is not set',
      howTo: 'Set DATABASE_URL to a PostgreSQL 15+ database (`.ci/run` installs and starts one) and run `npm run test:all`.',
    },
    {
      name: 'Chromium',
      available: Boolean(chromiumPath()),
      suites: 'the browser suites (test/docs/: landing page and Redoc pages rendered in Chromium; test/dashboard/: the sandbox dashboard driven in Chromium)',
      reason: 'no Chromium at CHROMIUM_PATH, /usr/bin/chromium or /usr/bin/chromium-browser',
      howTo: "Install Debian's chromium (`apt-get install -y chromium`; `.ci/run` does) or set CHROMIUM_PATH, and run `npm run test:all`.",
    },
  ];
}
