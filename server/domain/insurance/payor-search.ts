/**
 * The payor search (GET and the deprecated POST /v3/insurance/search/payor) over the platform's
 * payors (payors.ts) and a team's own (POST /v3/payor), and the rules of a team payor: its code,
 * its clearinghouse id. Pure data and functions; the caller reads the team's payors.
 */
import { createHash } from 'node:crypto';
import { PAYORS, type Payor } from './payors.js';

/** Clearinghouses and eligibility services a payor id can belong to (PayorCodeExternalProvider). */
export const PAYOR_ID_PROVIDERS = ['change_healthcare', 'availity', 'stedi', 'waystar', 'claim_md', 'apero', 'pverify'] as const;
export type PayorIdProvider = (typeof PAYOR_ID_PROVIDERS)[number];

/** A postal address as the payor wire shapes have it (InsuranceAddress). */
export interface PayorOrgAddress {
  first_line: string;
  second_line: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

/** A payor a team created, as stored. */
export interface TeamPayor {
  payor_code: string;
  name: string;
  org_address: PayorOrgAddress;
  provider: PayorIdProvider | null;
  provider_payor_id: string | null;
}

/** One answer of the payor search (ClientFacingPayorSearchResponse / ClientFacingPayor). */
export interface PayorSearchHit {
  payor_code: string;
  name: string;
  aliases: string[];
  org_address: PayorOrgAddress;
  source: 'platform' | 'team';
}

/** Team payor codes start with this, so they never take a platform code. */
export const TEAM_PAYOR_PREFIX = 'TEAM_';

/**
 * The payor code of a team payor named `name`: TEAM_ and the name's letters and digits in upper
 * case, other runs of characters as one `_` (`Acme Health Plan` -> `TEAM_ACME_HEALTH_PLAN`),
 * at most 40 characters after the prefix; a name with no Latin letter or digit gets the first
 * 12 hex digits of its SHA-256 instead. The same name (after trimming, in any case) is the same code.
 */
export function teamPayorCode(name: string): string {
  const slug = name.trim().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 40).replace(/_+$/, '');
  if (slug !== '') return `${TEAM_PAYOR_PREFIX}${slug}`;
  return `${TEAM_PAYOR_PREFIX}${createHash('sha256').update(name.trim().toLowerCase()).digest('hex').slice(0, 12).toUpperCase()}`;
}

/** The problems of a new team payor's provider id: given together with its provider, or not at all. */
export function teamPayorProblems(input: { provider?: string | null; provider_payor_id?: string | null }): { loc: string[]; msg: string }[] {
  const hasProvider = input.provider !== undefined && input.provider !== null;
  const hasId = input.provider_payor_id !== undefined && input.provider_payor_id !== null;
  if (hasId && !hasProvider) return [{ loc: ['provider'], msg: 'provider_payor_id needs the provider (clearinghouse) it belongs to' }];
  if (hasProvider && !hasId) return [{ loc: ['provider_payor_id'], msg: `provider ${String(input.provider)} needs the payor's id there (provider_payor_id)` }];
  return [];
}

function platformAliases(p: Payor): string[] {
  return p.administrator ? [p.administrator] : [];
}

/** A platform payor as a search answer. */
export function platformPayorHit(p: Payor): PayorSearchHit {
  const a = p.address;
  return {
    payor_code: p.code,
    name: p.name,
    aliases: platformAliases(p),
    org_address: { first_line: a.first_line, second_line: a.second_line, city: a.city, state: a.state, zip: a.zip, country: a.country },
    source: 'platform',
  };
}

/** A team payor as a search answer (and as POST /v3/payor's answer). */
export function teamPayorHit(p: TeamPayor): PayorSearchHit {
  return { payor_code: p.payor_code, name: p.name, aliases: [], org_address: { ...p.org_address }, source: 'team' };
}

export interface PayorQuery {
  /** Words that must each start a word of the payor's name, code or an alias (any case). */
  insurance_name?: string | null | undefined;
  /** Only payors with an id at this clearinghouse (a PayorIdProvider; the wire type leaves the enum open). */
  provider?: string | null | undefined;
  /** Only the payor with this id at `provider`. */
  provider_payor_id?: string | null | undefined;
}

const words = (text: string): string[] => text.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').split(/[^a-z0-9]+/).filter((w) => w !== '');

/**
 * The payors a query finds: the team's own first (by name), then the platform's (by name).
 * Platform payors carry no clearinghouse ids, so a query with `provider` or `provider_payor_id`
 * finds team payors only. Without any filter every payor is listed.
 */
export function searchPayors(query: PayorQuery, teamPayors: readonly TeamPayor[]): PayorSearchHit[] {
  const terms = words(query.insurance_name ?? '');
  const matchesName = (texts: readonly string[]) => {
    if (terms.length === 0) return true;
    const all = texts.flatMap(words);
    return terms.every((t) => all.some((w) => w.startsWith(t)));
  };
  const byName = (a: PayorSearchHit, b: PayorSearchHit) => a.name.localeCompare(b.name, 'en') || a.payor_code.localeCompare(b.payor_code, 'en');
  const provider = query.provider ?? null;
  const providerId = query.provider_payor_id ?? null;
  const team = teamPayors
    .filter((p) => (provider === null || p.provider === provider) && (providerId === null || p.provider_payor_id === providerId))
    .filter((p) => matchesName([p.name, p.payor_code]))
    .map(teamPayorHit)
    .sort(byName);
  if (provider !== null || providerId !== null) return team;
  const platform = [...PAYORS.values()]
    .filter((p) => matchesName([p.name, p.code.replace(/_/g, ' '), ...platformAliases(p)]))
    .map(platformPayorHit)
    .sort(byName);
  return [...team, ...platform];
}
