import type { GateResult } from './gate.js';
import type { Finding } from './rules.js';

const count = (findings: readonly Finding[]) => {
  const breaking = findings.filter((f) => f.severity === 'breaking').length;
  const warnings = findings.length - breaking;
  const parts = [breaking ? `${breaking} breaking` : '', warnings ? `${warnings} warning${warnings === 1 ? '' : 's'}` : ''].filter(Boolean);
  return parts.length ? parts.join(', ') : 'nothing that breaks clients';
};

/** One finding: severity, rule and JSON pointer, then where the API exposes it and what changed. */
export const formatFinding = (f: Finding) =>
  `  ${f.severity === 'breaking' ? 'BREAKING' : f.accepted ? 'accepted' : 'warning '} ${f.rule}  ${f.document}#${f.pointer}\n             ${f.where}: ${f.message}${
    f.accepted ? `\n             accepted on purpose: ${f.accepted}` : ''
  }`;

/** The gate's report: the base, each API's findings, then a summary line. */
export function formatReport(result: GateResult): string {
  const lines = [`Breaking-change check: spec/ at ${result.base.ref} (${result.base.commit.slice(0, 12)}, ${result.base.reason}) -> working tree`, ''];
  for (const api of result.apis) {
    if (api.status === 'new') {
      lines.push(`${api.title}: new since the base, nothing to compare`);
      continue;
    }
    lines.push(`${api.title}: ${count(api.findings)}`);
    for (const f of api.findings) lines.push(formatFinding(f));
  }
  const all = result.apis.flatMap((api) => api.findings);
  const breaking = all.some((f) => f.severity === 'breaking');
  lines.push(
    '',
    `Summary: ${count(all)} (${result.apis.map((api) => `${api.api}: ${api.status === 'new' ? 'new' : count(api.findings)}`).join('; ')}). ${
      breaking ? 'FAILED: clients of the base would break. Make the change compatible, or version it.' : 'OK.'
    }`,
  );
  return lines.join('\n');
}
