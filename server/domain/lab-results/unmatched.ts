/**
 * Unmatched results (results a lab sent that matched no order): the review's statuses and
 * what the team may do in each, the decisions the sandbox makes, and the review's wire shape.
 * Pure functions of plain values.
 */
import type { Lab, LabMarker } from '../lab-markers/catalog.js';
import type { LabResults } from './generate.js';

export type ReviewStatus = 'matched' | 'pending_customer_review' | 'pending_ops_review' | 'resolved';
export type ReviewAction = 'accept' | 'reject' | 'unsure';
export type DecisionCode = 'no_match' | 'match_demo';

/** The statuses of the queue: waiting for a review. */
export const PENDING_STATUSES: readonly ReviewStatus[] = ['pending_customer_review', 'pending_ops_review'];

/** What the team may do with a result in `status`: nothing once it is matched or resolved. */
export function allowedActions(status: string): ReviewAction[] {
  if (status === 'pending_customer_review') return ['accept', 'reject', 'unsure'];
  if (status === 'pending_ops_review') return ['accept', 'reject'];
  return [];
}

export type ReviewDecision = { ok: true; status: ReviewStatus } | { ok: false; detail: string };

function closed(status: string): string {
  return status === 'matched' ? 'it was already accepted (attached to an order)' : 'it was already resolved';
}

/** The status a resolution (`reject`, `unsure`) moves the result to, or why it may not. */
export function decideResolve(status: string, action: 'reject' | 'unsure'): ReviewDecision {
  if (!allowedActions(status).includes(action)) {
    if (status === 'pending_ops_review') return { ok: false, detail: 'The result is already with the lab\'s operations (unsure); accept or reject it.' };
    return { ok: false, detail: `The result cannot be resolved: ${closed(status)}.` };
  }
  return { ok: true, status: action === 'reject' ? 'resolved' : 'pending_ops_review' };
}

/** Whether a result in `status` may be accepted, or why not. */
export function decideAccept(status: string): ReviewDecision {
  return allowedActions(status).includes('accept') ? { ok: true, status: 'matched' } : { ok: false, detail: `The result cannot be accepted: ${closed(status)}.` };
}

export const DECISION_REASONS: Readonly<Record<DecisionCode, string>> = {
  no_match: "No order of the team has this result's sample id or patient.",
  match_demo: "The result's patient matches an order of the team, but its sample id matches none.",
};

export interface ReviewPatient {
  first_name: string;
  last_name: string;
  /** YYYY-MM-DD */
  dob: string;
  gender: string;
}

/** The order a `match_demo` result resembles. */
export interface CandidateOrder {
  order_id: string;
  user_id: string;
  low_status: string;
  provider_ids: readonly string[];
}

/** The review's fields as stored (the UnmatchedResult wire shape without the ones that change with its status). */
export interface StoredReview {
  decision_code: DecisionCode;
  sub_reason_codes: string[];
  reason: string;
  patient: { first_name: string; last_name: string; dob: string; gender: string };
  lab: { id: number; name: string; slug: string };
  markers: { provider_id: string; name: string }[];
  interpretation: string;
  result_status: 'final' | 'partial';
  candidate_groups: {
    user_id: string;
    candidates: {
      candidate_type: 'order_option';
      order_id: string;
      order_transaction_id: null;
      last_status: string;
      confidence_level: 'high';
      confidence_score: number;
      reasons: string[];
      marker_overlap: { matched: string[]; only_in_result: string[]; only_in_order: string[] };
      status_context: null;
    }[];
  }[];
}

/** The review of a result of `markers` at `lab` for `patient`, and its order candidate (match_demo) if any. */
export function newReview(input: { lab: Lab; markers: readonly LabMarker[]; patient: ReviewPatient; results: LabResults; candidate: CandidateOrder | null }): StoredReview {
  const decision: DecisionCode = input.candidate ? 'match_demo' : 'no_match';
  const resultIds = input.markers.map((m) => m.provider_id ?? '').filter((id) => id !== '');
  const candidate = input.candidate;
  return {
    decision_code: decision,
    sub_reason_codes: [],
    reason: DECISION_REASONS[decision],
    patient: { ...input.patient, dob: `${input.patient.dob}T00:00:00Z` },
    lab: { id: input.lab.id, name: input.lab.name, slug: input.lab.slug },
    markers: input.markers.map((m) => ({ provider_id: m.provider_id ?? '', name: m.name })),
    interpretation: input.results.metadata.interpretation,
    result_status: input.results.metadata.status,
    candidate_groups: candidate
      ? [{
        user_id: candidate.user_id,
        candidates: [{
          candidate_type: 'order_option',
          order_id: candidate.order_id,
          order_transaction_id: null,
          last_status: candidate.low_status,
          confidence_level: 'high',
          confidence_score: 0.9,
          reasons: ['demographic_match', 'same_lab', 'marker_overlap_exact'],
          marker_overlap: {
            matched: resultIds.filter((id) => candidate.provider_ids.includes(id)),
            only_in_result: resultIds.filter((id) => !candidate.provider_ids.includes(id)),
            only_in_order: candidate.provider_ids.filter((id) => !resultIds.includes(id)),
          },
          status_context: null,
        }],
      }]
      : [],
  };
}

/** The UnmatchedResult wire shape of a stored review in its current status. */
export function toUnmatchedResultView(row: { id: string; status: string; review: StoredReview; note: string | null; created_at: string; updated_at: string; reviewed_at: string | null }) {
  return {
    id: row.id,
    status: row.status as ReviewStatus,
    ...row.review,
    note: row.note,
    allowed_actions: allowedActions(row.status),
    created_at: row.created_at,
    updated_at: row.updated_at,
    reviewed_at: row.reviewed_at,
  };
}

/** The statuses a list's `status` filter selects: the pending ones when none is given. */
export function statusesOf(filter: string | null | undefined): readonly string[] {
  return filter ? [filter] : PENDING_STATUSES;
}
