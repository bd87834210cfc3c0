/**
 * The consents of an order as it stores them: `consent_type`, `version`, `time_of_consent`. The
 * official Node SDK (`@tryvital/vital-node`) puts its Consent on the wire in camelCase
 * (`consentType`, `timeOfConsent`): either spelling of a key is taken. Both spellings of one key
 * with different values are a problem, never one of them silently dropped.
 */
export interface ConsentInput {
  consent_type?: string;
  consentType?: string;
  version?: string | null;
  time_of_consent?: string | null;
  timeOfConsent?: string | null;
}

export interface StoredConsent {
  consent_type: string;
  version: string | null;
  time_of_consent: string | null;
}

export interface ConsentProblem {
  /** Within the consents array: [index, key]. */
  loc: (string | number)[];
  msg: string;
}

/** One key of a consent in either spelling: the value, or a problem when the two disagree. */
function either(consent: ConsentInput, index: number, snake: 'consent_type' | 'time_of_consent', camel: 'consentType' | 'timeOfConsent', problems: ConsentProblem[]): string | null {
  const [a, b] = [consent[snake] ?? null, consent[camel] ?? null];
  if (a !== null && b !== null && a !== b) problems.push({ loc: [index, camel], msg: `${camel} (the SDK's spelling of ${snake}) must equal ${snake} when both are given` });
  return a ?? b;
}

export function storedConsents(input: readonly ConsentInput[]): { ok: true; consents: StoredConsent[] } | { ok: false; problems: ConsentProblem[] } {
  const problems: ConsentProblem[] = [];
  const consents = input.map((consent, index) => ({
    consent_type: either(consent, index, 'consent_type', 'consentType', problems) ?? '',
    version: consent.version ?? null,
    time_of_consent: either(consent, index, 'time_of_consent', 'timeOfConsent', problems),
  }));
  return problems.length > 0 ? { ok: false, problems } : { ok: true, consents };
}
