/**
 * Lab accounts: the accounts a team orders through, one or more per partner lab. In the sandbox
 * every team has the same five kinds of account (SANDBOX_LAB_ACCOUNTS), each with an id derived
 * from the team's id, so a team's accounts are the same on every read and every server, and no
 * two teams share one. An account names its lab, its status, the billing types it allows (each
 * for the US states it is allowed in) and the collection methods it allows; the rules an order
 * or lab test must follow to go through an account are here (labAccountUseProblem).
 *
 * Wire shape: spec/team/components/schemas/ClientFacingLabAccount.yaml.
 */
import { createHash } from 'node:crypto';
import type { AccountCollectionMethod, BillingType, LabAccountDelegatedFlow, LabAccountStatus, TeamLabAccount } from './rules.js';

export { BILLING_TYPES, LAB_ACCOUNT_STATUSES, filterLabAccounts, findLabAccount, labAccountUseProblem } from './rules.js';
export type { AccountCollectionMethod, BillingType, LabAccountDelegatedFlow, LabAccountLike, LabAccountStatus, LabAccountUse, TeamLabAccount } from './rules.js';

/** The 50 states of the family's USState (the District of Columbia is not one of them). */
export const US_STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD',
  'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC',
  'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
] as const;

/**
 * States whose laws restrict lab tests a patient orders and pays for without a clinician's
 * involvement: an account's patient billing leaves them out.
 */
const PATIENT_BILL_RESTRICTED: ReadonlySet<string> = new Set(['NY', 'NJ', 'RI']);
const ALL_STATES: readonly string[] = US_STATES;
const PATIENT_BILL_STATES: readonly string[] = US_STATES.filter((s) => !PATIENT_BILL_RESTRICTED.has(s));

interface AccountTemplate {
  /** Stable key of the kind of account: part of the id's hash, never changed. */
  readonly key: string;
  readonly lab_id: number;
  readonly lab_slug: 'labcorp' | 'quest' | 'bioreference' | 'sonora_quest';
  readonly account_name: string;
  readonly status: LabAccountStatus;
  readonly delegated_flow: LabAccountDelegatedFlow;
  readonly allowed_billing: Readonly<Partial<Record<BillingType, readonly string[]>>>;
  readonly collection_methods: readonly AccountCollectionMethod[];
  readonly default_clinical_notes: string | null;
}

/**
 * The sandbox's kinds of lab account, in the order a team's list shows them. Between them they
 * exercise every rule: a full account, a narrower one at the same lab, one per other lab, and
 * one not yet active.
 */
export const SANDBOX_LAB_ACCOUNTS: readonly AccountTemplate[] = Object.freeze([
  {
    key: 'labcorp-primary', lab_id: 1, lab_slug: 'labcorp', account_name: 'Labcorp sandbox account', status: 'active', delegated_flow: 'not_delegated',
    allowed_billing: { client_bill: ALL_STATES, commercial_insurance: ALL_STATES, patient_bill: PATIENT_BILL_STATES },
    collection_methods: ['testkit', 'walk_in_test', 'at_home_phlebotomy', 'on_site_collection'], default_clinical_notes: null,
  },
  {
    key: 'labcorp-client-bill', lab_id: 1, lab_slug: 'labcorp', account_name: 'Labcorp client-bill account', status: 'active', delegated_flow: 'fully_delegated',
    allowed_billing: { client_bill: ALL_STATES },
    collection_methods: ['testkit', 'walk_in_test'], default_clinical_notes: 'Ordered through the client-bill account.',
  },
  {
    key: 'quest', lab_id: 2, lab_slug: 'quest', account_name: 'Quest sandbox account', status: 'active', delegated_flow: 'not_delegated',
    allowed_billing: { client_bill: ALL_STATES, commercial_insurance: ALL_STATES },
    collection_methods: ['walk_in_test', 'at_home_phlebotomy'], default_clinical_notes: null,
  },
  {
    key: 'bioreference', lab_id: 3, lab_slug: 'bioreference', account_name: 'BioReference sandbox account', status: 'active', delegated_flow: 'not_delegated',
    allowed_billing: { client_bill: ALL_STATES },
    collection_methods: ['walk_in_test', 'at_home_phlebotomy'], default_clinical_notes: null,
  },
  {
    key: 'sonora-quest', lab_id: 4, lab_slug: 'sonora_quest', account_name: 'Sonora Quest regional account', status: 'pending', delegated_flow: 'not_delegated',
    allowed_billing: { client_bill: ['AZ', 'CO', 'NM', 'NV', 'UT'] },
    collection_methods: ['walk_in_test'], default_clinical_notes: null,
  },
].map((t) => Object.freeze(t)) as AccountTemplate[]);

/** A name-based UUID (RFC 9562 version 5 layout) of the team and the kind of account. */
function accountId(teamId: string, key: string): string {
  const bytes = createHash('sha1').update(`lab-account:${teamId.toLowerCase()}:${key}`).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The lab's own number for the account, as labs print them: 8 digits, stable per team and kind. */
function providerAccountId(id: string): string {
  return String(parseInt(id.replace(/-/g, '').slice(0, 12), 16) % 1e8).padStart(8, '0');
}

/** The team's lab accounts, in SANDBOX_LAB_ACCOUNTS order: the same for the same team, always. */
export function teamLabAccounts(teamId: string, orgId: string | null = null): TeamLabAccount[] {
  return SANDBOX_LAB_ACCOUNTS.map((t) => {
    const id = accountId(teamId, t.key);
    return Object.freeze({
      id,
      name: t.account_name,
      lab_ids: Object.freeze([t.lab_id]),
      lab_id: t.lab_id,
      lab_slug: t.lab_slug,
      team_id: teamId.toLowerCase(),
      org_id: orgId?.toLowerCase() ?? null,
      status: t.status,
      delegated_flow: t.delegated_flow,
      provider_account_id: providerAccountId(id),
      allowed_billing: t.allowed_billing,
      collection_methods: t.collection_methods,
      default_clinical_notes: t.default_clinical_notes,
    });
  });
}

/** Wire shape of ClientFacingLabAccount.yaml. */
export interface ClientFacingLabAccount {
  id: string;
  lab: string;
  org_id: string | null;
  status: LabAccountStatus;
  delegated_flow: TeamLabAccount['delegated_flow'];
  provider_account_id: string;
  account_name: string;
  default_clinical_notes: string | null;
  business_units: string[] | null;
  allowed_billing: Partial<Record<BillingType, string[]>>;
  allowed_collection_methods: AccountCollectionMethod[];
  team_id_allowlist: string[];
}

export function toClientFacingLabAccount(a: TeamLabAccount): ClientFacingLabAccount {
  return {
    id: a.id,
    lab: a.lab_slug,
    org_id: a.org_id,
    status: a.status,
    delegated_flow: a.delegated_flow,
    provider_account_id: a.provider_account_id,
    account_name: a.name,
    default_clinical_notes: a.default_clinical_notes,
    business_units: null,
    allowed_billing: Object.fromEntries(Object.entries(a.allowed_billing).map(([k, v]) => [k, [...v]])),
    allowed_collection_methods: [...a.collection_methods],
    team_id_allowlist: [a.team_id],
  };
}
