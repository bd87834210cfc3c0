/**
 * Breaking changes made on purpose: each entry names what the gate reports (rule, the JSON
 * pointer of the changed node, and the values its message quotes) and the decision, in
 * docs/decisions.md, that accepted it. A finding an entry covers is reported as `accepted`
 * and does not fail the gate; anything else the same commit breaks still does (another value
 * lost by the same enum, another webhook removed, ...).
 *
 * Add an entry only with its decision written down; entries stay (the base a branch is
 * compared with may predate the change for a while).
 */
import type { RuleId } from './rules.js';

export interface AcceptedBreak {
  rule: RuleId;
  /** `base#/...` (what is gone) or `head#/...`, exactly as the report prints it. */
  at: string;
  /**
   * The values the finding's message quotes (an enum's lost or gained values) that are
   * accepted: every quoted value must be among them. Leave out when the message quotes none.
   */
  values?: readonly string[];
  /** Where the decision is recorded: a heading of docs/decisions.md. */
  decision: string;
}

const GARMIN = 'docs/decisions.md#garmin-replaces-the-invented-vital-provider';
const EVENT_NAMES = 'docs/decisions.md#event-names-of-the-api-family';
const LAB_ORDER_FIELDS = 'docs/decisions.md#lab-orders-as-the-family-has-them';
const PATTERNS = 'docs/decisions.md#grammars-as-patterns-every-regex-dialect-reads-alike';

export const ACCEPTED_BREAKS: readonly AcceptedBreak[] = [
  // The invented `vital` provider is gone: the slug the interface spec calls "the service" is `garmin`.
  { rule: 'request-enum-value-removed', at: 'head#/components/schemas/ProviderSlug', values: ['vital'], decision: GARMIN },
  { rule: 'request-enum-value-removed', at: 'head#/components/schemas/OAuthProviderSlug', values: ['vital'], decision: GARMIN },
  // Weight and body fat events use the family's resource names; workout streams can be updated.
  ...['daily.data.body_weight.created', 'daily.data.body_weight.updated', 'daily.data.body_fat.created', 'daily.data.body_fat.updated',
    'historical.data.body_weight.created', 'historical.data.body_fat.created'].map(
    (event): AcceptedBreak => ({ rule: 'webhook-removed', at: `base#/webhooks/${event}/post`, decision: EVENT_NAMES }),
  ),
  {
    rule: 'webhook-enum-value-added',
    at: 'head#/components/schemas/DailyTimeseriesSamplesEvent/properties/event_type',
    values: ['daily.data.weight.created', 'daily.data.weight.updated', 'daily.data.fat.created', 'daily.data.fat.updated'],
    decision: EVENT_NAMES,
  },
  {
    rule: 'webhook-enum-value-added',
    at: 'head#/components/schemas/HistoricalPullOtherResourceEvent/properties/event_type',
    values: ['historical.data.weight.created', 'historical.data.fat.created'],
    decision: EVENT_NAMES,
  },
  { rule: 'webhook-enum-value-added', at: 'head#/components/schemas/WorkoutStreamEvent/properties/event_type', values: ['daily.data.workout_stream.updated'], decision: EVENT_NAMES },
  // An unregistered testkit has no patient until it is registered, as the family's Order says.
  ...(['response-field-became-nullable', 'webhook-field-became-nullable'] as const).flatMap((rule) =>
    ['patient_details', 'patient_address'].map((field): AcceptedBreak => ({ rule, at: `head#/components/schemas/Order/properties/${field}`, decision: LAB_ORDER_FIELDS })),
  ),
  // An order's date of birth is answered as the family answers it, a date-time (the request keeps a date).
  ...(['response-type-changed', 'webhook-type-changed'] as const).map(
    (rule): AcceptedBreak => ({ rule, at: 'head#/components/schemas/OrderPatientDetails/properties/dob', decision: LAB_ORDER_FIELDS }),
  ),
  // Grammars the server already applied, written as patterns; whitespace listed instead of `\s` (the same names pass).
  { rule: 'request-bounds-narrowed', at: 'head#/components/parameters/StartDateQuery/schema', decision: PATTERNS },
  { rule: 'request-bounds-narrowed', at: 'head#/components/parameters/EndDateQuery/schema', decision: PATTERNS },
  { rule: 'request-bounds-narrowed', at: 'head#/components/schemas/TeamName', decision: PATTERNS },
  { rule: 'request-bounds-narrowed', at: 'head#/paths/~1v1~1org~1{org_id}~1team/get/parameters/1/schema', decision: PATTERNS },
];
