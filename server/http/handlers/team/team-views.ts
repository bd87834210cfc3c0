/** Views and lookups shared by the team operations (GET /v2/team/...). */
import type { components } from '../../../../generated/team/schema.js';
import { PRIORITY_RESOURCES, sourceOrder, type PriorityResource } from '../../../domain/team/source-priorities.js';
import type { Queryable } from '../../../storage/database.js';
import type { StoredSourcePriority } from '../../../storage/repositories/source-priorities.js';
import { findTeam, type TeamRecord } from '../../../storage/repositories/teams.js';
import { notFound } from '../../api-error.js';

type Schemas = components['schemas'];

/** The key's own team when `teamId` names it, else a 404 (another team's id is indistinguishable from an unknown one). */
export async function requireOwnTeam(db: Queryable, keyTeamId: string, teamId: string): Promise<TeamRecord> {
  const team = keyTeamId.toLowerCase() === teamId.toLowerCase() ? await findTeam(db, keyTeamId) : null;
  if (!team) throw notFound(`Team ${teamId} not found.`);
  return team;
}

/**
 * The team as the family's ClientFacingTeam: the sandbox keeps no third-party credentials and
 * sends no patient messages, and its webhooks are its own (no Svix app), as ClientFacingTeam.yaml says.
 */
export const toClientFacingTeam = (team: TeamRecord): Schemas['ClientFacingTeam'] => ({
  id: team.id,
  org_id: team.org_id,
  name: team.name,
  svix_app_id: null,
  client_id: null,
  client_secret: null,
  airtable_api_key: null,
  airtable_base_id: null,
  webhook_secret: null,
  api_key: null,
  api_keys: null,
  configuration: null,
  testkits_texts_enabled: false,
  lab_tests_patient_communication_enabled: false,
  lab_tests_patient_sms_communication_enabled: false,
  lab_tests_patient_email_communication_enabled: false,
  logo_url: null,
  delegated_flow: 'order_and_results_with_customer_physician_network',
  critical_result_notification_email: null,
});

/** Each data type's full order (`only` alone when given), from the team's stored choices. */
export function toSourcePriorities(stored: readonly StoredSourcePriority[], only?: PriorityResource | null): Schemas['SourcePriority'][] {
  const byType = new Map(stored.map((row) => [row.data_type, row]));
  return PRIORITY_RESOURCES.filter((dataType) => !only || dataType === only).map((dataType) => {
    const row = byType.get(dataType);
    return { data_type: dataType, providers: sourceOrder(dataType, row?.providers ?? []), updated_at: row?.updated_at ?? null };
  });
}
