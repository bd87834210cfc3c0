/**
 * The sign-in gate: a team API key (checked with a cheap team call), or the
 * org's management key: list the org's teams, pick one, and the dashboard
 * creates a team key for this session (revoked on sign-out).
 */
import { ApiError, dashboardConfig, managementClient, ok, saveSession, teamClient, type ManagementSchemas } from '../api.js';
import { errorText, field, h, replace } from '../ui.js';

type Team = ManagementSchemas['TeamListItem'];

function refusal(error: unknown, what: string): string {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return `That ${what} was refused: ${error.message}`;
  return errorText(error);
}

const alertBox = (testid: string) => h('div', { class: 'error', role: 'alert', 'data-testid': testid, hidden: true });

function showError(box: HTMLElement, message: string) {
  box.textContent = message;
  box.hidden = false;
}

async function allTeams(managementKey: string, orgId: string): Promise<Team[]> {
  const client = managementClient(managementKey);
  const teams: Team[] = [];
  let cursor: string | undefined;
  do {
    const page = await ok(client.GET('/v1/org/{org_id}/team', { params: { path: { org_id: orgId }, query: cursor ? { next_cursor: cursor } : {} } }));
    teams.push(...page.teams);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return teams;
}

export function renderSignIn(root: HTMLElement, signedIn: () => void): void {
  // Team key
  const teamKey = h('input', { type: 'password', name: 'team-key', autocomplete: 'off', required: true, spellcheck: 'false', 'data-testid': 'team-key' });
  const teamError = alertBox('sign-in-error');
  const teamSubmit = h('button', { type: 'submit', 'data-testid': 'team-sign-in' }, 'Sign in');
  const teamForm = h(
    'form',
    { class: 'card', 'aria-labelledby': 'team-sign-in-title' },
    h('h2', { id: 'team-sign-in-title' }, 'With a team API key'),
    field('Team API key', teamKey, 'The x-vital-api-key of the team (npm start prints it on the first start).'),
    teamError,
    teamSubmit,
  );
  teamForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    teamError.hidden = true;
    const key = teamKey.value.trim();
    if (!key) return showError(teamError, 'Enter the team API key.');
    teamSubmit.disabled = true;
    try {
      await ok(teamClient(key).GET('/v2/providers'));
      saveSession({ kind: 'team', teamKey: key });
      signedIn();
    } catch (error) {
      showError(teamError, refusal(error, 'key'));
      teamKey.focus();
    } finally {
      teamSubmit.disabled = false;
    }
  });

  // Management key
  const config = dashboardConfig();
  const managementKey = h('input', { type: 'password', name: 'management-key', autocomplete: 'off', required: true, spellcheck: 'false', 'data-testid': 'management-key' });
  const orgId = h('input', { type: 'text', name: 'org-id', autocomplete: 'off', required: true, spellcheck: 'false', value: config.orgId ?? '', 'data-testid': 'org-id' });
  const managementError = alertBox('management-sign-in-error');
  const managementSubmit = h('button', { type: 'submit', 'data-testid': 'management-list-teams' }, 'List the teams');
  const picker = h('div', { class: 'team-picker', 'data-testid': 'team-picker' });
  const managementForm = h(
    'form',
    { class: 'card', 'aria-labelledby': 'management-sign-in-title' },
    h('h2', { id: 'management-sign-in-title' }, 'With the management key'),
    field('Management key', managementKey, 'The X-Management-Key of the org.'),
    field('Org id', orgId),
    managementError,
    managementSubmit,
    picker,
  );
  managementForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    managementError.hidden = true;
    picker.replaceChildren();
    const key = managementKey.value.trim();
    const org = orgId.value.trim();
    if (!key || !org) return showError(managementError, 'Enter the management key and the org id.');
    managementSubmit.disabled = true;
    try {
      const teams = await allTeams(key, org);
      if (teams.length === 0) return showError(managementError, 'This org has no teams.');
      replace(
        picker,
        h('h3', null, 'Pick a team'),
        h(
          'ul',
          { class: 'plain' },
          ...teams.map((team) =>
            h('li', null, h('button', { type: 'button', 'data-testid': `pick-team-${team.id}`, 'data-team-name': team.name, onclick: (e: Event) => void pick(e.currentTarget as HTMLButtonElement, key, org, team) }, `${team.name} (${team.region})`)),
          ),
        ),
      );
      picker.querySelector('button')?.focus();
    } catch (error) {
      showError(managementError, refusal(error, 'management key or org id'));
    } finally {
      managementSubmit.disabled = false;
    }
  });

  async function pick(button: HTMLButtonElement, key: string, org: string, team: Team) {
    button.disabled = true;
    try {
      const created = await ok(
        managementClient(key).POST('/v1/org/{org_id}/team/{team_id}/api_key', {
          params: { path: { org_id: org, team_id: team.id } },
          body: { label: `dashboard session ${new Date().toISOString()}` },
        }),
      );
      saveSession({ kind: 'management', teamKey: created.key, teamKeyId: created.id, managementKey: key, orgId: org, teamId: team.id, teamName: team.name });
      signedIn();
    } catch (error) {
      showError(managementError, `A key for this session could not be created: ${errorText(error)}`);
      button.disabled = false;
    }
  }

  replace(
    root,
    h(
      'main',
      { class: 'sign-in' },
      h('h1', null, 'Sandbox dashboard'),
      h('p', { class: 'muted' }, 'Sign in with a key of this sandbox. The key stays in this tab only (session storage) and is sent in a header, never in a URL.'),
      h('div', { class: 'sign-in-forms' }, teamForm, managementForm),
    ),
  );
  teamKey.focus();
}
