/**
 * The `team_id` the official SDK sends with the bulk link operations. Its default,
 * `infer_from_context`, means the team of the caller's credential; a team API key acts for its
 * own team only, so a team id names that team or is refused (the caller cannot tell another
 * team's id from an unknown one).
 */

export const INFER_FROM_CONTEXT = 'infer_from_context';

/** Whether `teamId` (the parameter; undefined or null when left out) names the caller's team, `callerTeamId`. */
export function namesCallersTeam(teamId: string | null | undefined, callerTeamId: string): boolean {
  return teamId === undefined || teamId === null || teamId === INFER_FROM_CONTEXT || teamId.toLowerCase() === callerTeamId.toLowerCase();
}

/** Why `teamId` is refused (see namesCallersTeam). */
export function otherTeamMessage(teamId: string): string {
  return `Team ${teamId} is not the team of this API key; give ${INFER_FROM_CONTEXT} or the key's own team id, or leave team_id out`;
}
