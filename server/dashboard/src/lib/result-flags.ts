/** The flags a lab result carries on the Lab order page. Pure. */

export interface ResultLike {
  interpretation?: string | null;
  is_above_max_range?: boolean | null;
  is_below_min_range?: boolean | null;
}

export type ResultFlag = 'high' | 'low' | 'critical' | 'abnormal';

export const FLAG_LABELS: Readonly<Record<ResultFlag, string>> = {
  high: 'Above range',
  low: 'Below range',
  critical: 'Critical',
  abnormal: 'Abnormal',
};

/**
 * The result's flags: out of range (above or below, from the range flags), critical
 * (beyond the lab's critical limits) and abnormal (an out-of-range interpretation
 * without a range flag, e.g. a coded answer that is not the normal one).
 */
export function resultFlags(result: ResultLike): ResultFlag[] {
  const flags: ResultFlag[] = [];
  if (result.is_above_max_range) flags.push('high');
  if (result.is_below_min_range) flags.push('low');
  if (result.interpretation === 'critical') flags.push('critical');
  else if (result.interpretation === 'abnormal' && flags.length === 0) flags.push('abnormal');
  return flags;
}

/** A result worth drawing the eye to: any flag at all. */
export function isHighlighted(result: ResultLike): boolean {
  return resultFlags(result).length > 0;
}

/** Counts for the results' summary line: `3 results: 1 critical, 1 out of range`. */
export function resultsSummary(results: readonly ResultLike[]): string {
  const flagged = results.map(resultFlags);
  const critical = flagged.filter((f) => f.includes('critical')).length;
  const outOfRange = flagged.filter((f) => f.includes('high') || f.includes('low')).length;
  const abnormal = flagged.filter((f) => f.includes('abnormal')).length;
  const parts = [critical && `${critical} critical`, outOfRange && `${outOfRange} out of range`, abnormal && `${abnormal} abnormal`].filter(Boolean);
  const head = `${results.length} ${results.length === 1 ? 'result' : 'results'}`;
  return parts.length > 0 ? `${head}: ${parts.join(', ')}` : `${head}, all within range`;
}
