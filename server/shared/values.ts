/**
 * Value sets of the API (enums of the spec) that more than one layer names: storage keeps
 * them in columns, domain rules decide them, http and the start-up code pass them along.
 * One definition each, here, because storage may not import domain. No imports.
 */

/** The regions a team lives in: a team's `region`, and the `sk_<region>_` of its keys. */
export const REGIONS = ['us', 'eu'] as const;
export type Region = (typeof REGIONS)[number];

/** How the mobile SDK connects a health store: automatically, or only when the app asks. */
export const CONNECT_MODES = ['auto', 'explicit'] as const;
export type ConnectMode = (typeof CONNECT_MODES)[number];
