/**
 * The rules a lab account puts on what goes through it (an order, a lab test, a list or read that
 * names it), and the types of a team's accounts. Pure and free of Node built-ins, as the dashboard
 * bundles the lab test rules that use it; accounts.ts derives a team's accounts.
 */

export const LAB_ACCOUNT_STATUSES = ['active', 'pending', 'suspended', 'ready_to_launch'] as const;
export type LabAccountStatus = (typeof LAB_ACCOUNT_STATUSES)[number];
export const BILLING_TYPES = ['client_bill', 'commercial_insurance', 'patient_bill_passthrough', 'patient_bill'] as const;
export type BillingType = (typeof BILLING_TYPES)[number];
export type AccountCollectionMethod = 'testkit' | 'walk_in_test' | 'at_home_phlebotomy' | 'on_site_collection';

export type LabAccountDelegatedFlow = 'order_delegated' | 'result_delegated' | 'fully_delegated' | 'not_delegated';

/** A team's lab account. `lab_ids` (its one lab) lets the marker catalog gate markers by account. */
export interface TeamLabAccount {
  readonly id: string;
  readonly name: string;
  readonly lab_ids: readonly number[];
  readonly lab_id: number;
  readonly lab_slug: 'labcorp' | 'quest' | 'bioreference' | 'sonora_quest';
  readonly team_id: string;
  readonly org_id: string | null;
  readonly status: LabAccountStatus;
  readonly delegated_flow: LabAccountDelegatedFlow;
  readonly provider_account_id: string;
  readonly allowed_billing: Readonly<Partial<Record<BillingType, readonly string[]>>>;
  readonly collection_methods: readonly AccountCollectionMethod[];
  readonly default_clinical_notes: string | null;
}

/**
 * What the account rules need of an account. The marker catalog's own accounts (reference data of
 * the domain tests) have only the first three; what an account does not say is not checked.
 */
export type LabAccountLike = Pick<TeamLabAccount, 'id' | 'name' | 'lab_ids'> & Partial<Omit<TeamLabAccount, 'id' | 'name' | 'lab_ids'>>;

export function findLabAccount<A extends LabAccountLike>(accounts: readonly A[], id: string | null | undefined): A | null {
  if (!id) return null;
  const lower = id.trim().toLowerCase();
  return accounts.find((a) => a.id === lower) ?? null;
}

/** The filters of GET /v3/lab_test/lab_account: an account id (must be the team's) and a status. */
export function filterLabAccounts(accounts: readonly TeamLabAccount[], q: { lab_account_id?: string | null; status?: string | null }): TeamLabAccount[] | null {
  if (q.lab_account_id && !findLabAccount(accounts, q.lab_account_id)) return null;
  return accounts.filter((a) => (!q.lab_account_id || a.id === q.lab_account_id.toLowerCase()) && (!q.status || a.status === q.status));
}

/** What an order or lab test asks of the account it goes through; an unknown part is not checked. */
export interface LabAccountUse {
  lab_id: number | null;
  lab_slug?: string | null;
  method?: string | null;
  billing_type?: string | null;
  /** The patient's state (order's patient address), for the billing's states. */
  patient_state?: string | null;
  /** Orders need an active account; lists and reads do not. */
  ordering?: boolean;
}

/**
 * Why `id` cannot be used for `use`, or null when it can: not one of the team's accounts (another
 * team's is unknown here), at another lab, not active (ordering only), not allowing the collection
 * method, the billing type, or the billing type for the patient's state. Every message names the account.
 */
export function labAccountUseProblem(accounts: readonly LabAccountLike[], id: string, use: LabAccountUse): string | null {
  const account = findLabAccount(accounts, id);
  // Another team's account is not told apart from one that does not exist: its id says nothing here.
  if (!account) return `Unknown lab account ${id}`;
  if (use.lab_id !== null && !account.lab_ids.includes(use.lab_id)) {
    return `Lab account ${id} has no access to lab ${use.lab_slug ?? use.lab_id}${account.lab_slug ? ` (it is a ${account.lab_slug} account)` : ''}`;
  }
  if (use.ordering && account.status !== undefined && account.status !== 'active') return `Lab account ${id} is ${account.status}, not active: no order can go through it yet`;
  if (use.method && account.collection_methods && !(account.collection_methods as readonly string[]).includes(use.method)) {
    return `Lab account ${id} does not allow collection method ${use.method} (it allows ${account.collection_methods.join(', ')})`;
  }
  if (use.billing_type && account.allowed_billing) {
    const states = account.allowed_billing[use.billing_type as BillingType];
    if (!states) return `Lab account ${id} does not allow billing type ${use.billing_type} (it allows ${Object.keys(account.allowed_billing).join(', ')})`;
    const state = use.patient_state?.trim().toUpperCase();
    if (state && !states.includes(state)) return `Lab account ${id} does not allow billing type ${use.billing_type} for patients in ${use.patient_state}`;
  }
  return null;
}

