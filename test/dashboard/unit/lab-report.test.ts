import { describe, expect, it } from 'vitest';
import { failureText, isFinalJob, jobStatusText, MAX_STARTED_JOBS, parsedRows, rangeText, readStartedJobs, rememberJob, rowReview, type StartedJob } from '../../../server/dashboard/src/lib/lab-report.js';

const glucose = {
  test_name: 'Glucose',
  value: '105',
  units: 'mg/dL',
  type: 'numeric',
  min_reference_range: 70,
  max_reference_range: 99,
  interpretation: 'abnormal',
  is_above_max_range: true,
  is_below_min_range: false,
  loinc_matches: [{ loinc_code: '2345-7', loinc_name: 'Glucose [Mass/volume] in Serum or Plasma' }],
  loinc_match_status: 'auto_match',
};

const job = (job_id: string, status = 'started'): StartedJob => ({ job_id, file_name: `${job_id}.pdf`, user_id: 'u', started_at: '2026-11-29T10:00:00Z', status });

describe('job status', () => {
  it('when a job is completed or failed, then it is final; started and upload_pending are not', () => {
    expect(['upload_pending', 'started', 'completed', 'failed'].map(isFinalJob)).toEqual([false, false, true, true]);
  });

  it('when a status is known, then it has a label; an unknown one is shown as it is', () => {
    expect(jobStatusText('started')).toBe('Parsing…');
    expect(jobStatusText('completed')).toBe('Completed');
    expect(jobStatusText('archived')).toBe('archived');
  });

  it('when a job failed, then the reason is named and explained', () => {
    expect(failureText('low_quality')).toMatch(/^low_quality: .*no text layer/);
    expect(failureText('something_new')).toBe('something_new: see the API reference.');
    expect(failureText(null)).toBe('The job failed without a reason.');
  });
});

describe('rangeText', () => {
  it('when a range has both bounds, one or none, then it reads as the report would print it', () => {
    expect(rangeText(70, 99)).toBe('70–99');
    expect(rangeText(40, null)).toBe('≥ 40');
    expect(rangeText(null, 200)).toBe('≤ 200');
    expect(rangeText(null, null)).toBe('–');
    expect(rangeText(0.1 + 0.2, 1)).toBe('0.3–1');
  });
});

describe('parsedRows', () => {
  it('when a result is flagged above its range with a LOINC code, then its row shows the flag, the code and needs no review', () => {
    expect(parsedRows([glucose])).toEqual([
      { marker: 'Glucose', value: '105', unit: 'mg/dL', range: '70–99', flags: ['high'], flagText: 'Above range', loinc: '2345-7', loincName: 'Glucose [Mass/volume] in Serum or Plasma', review: null },
    ]);
  });

  it('when a result is normal, then its flag reads Normal; without an interpretation a dash', () => {
    const normal = { ...glucose, value: '85', interpretation: 'normal', is_above_max_range: false };
    expect(parsedRows([normal])[0]!.flagText).toBe('Normal');
    expect(parsedRows([{ ...normal, interpretation: null }])[0]!.flagText).toBe('–');
  });

  it('when a name matched no LOINC code, or the match needs review, or the value kind is unknown, then the row needs review', () => {
    expect(rowReview({ ...glucose, loinc_matches: [], loinc_match_status: 'no_match' })).toBe('No LOINC code for this name');
    expect(rowReview({ ...glucose, loinc_match_status: 'needs_review' })).toBe('LOINC match to review');
    expect(rowReview({ ...glucose, type: null })).toBe('Value of unknown kind');
    expect(rowReview(glucose)).toBeNull();
    expect(parsedRows([{ ...glucose, units: null, loinc_matches: null, loinc_match_status: null }])[0]).toMatchObject({ unit: '', loinc: '', review: 'No LOINC code for this name' });
  });
});

describe('the jobs of this tab', () => {
  it('when the stored list is missing, unreadable or holds something else, then it reads as empty or without the bad entries', () => {
    expect(readStartedJobs(null)).toEqual([]);
    expect(readStartedJobs('{not json')).toEqual([]);
    expect(readStartedJobs('{"job_id":"a"}')).toEqual([]);
    expect(readStartedJobs(JSON.stringify([job('a'), { job_id: 'b' }, null]))).toEqual([job('a')]);
  });

  it('when a job is remembered, then it goes on top; when it is there already, then it is updated in place', () => {
    const list = rememberJob(rememberJob([], job('a')), job('b'));
    expect(list.map((j) => j.job_id)).toEqual(['b', 'a']);
    expect(rememberJob(list, job('a', 'completed'))).toEqual([job('b'), job('a', 'completed')]);
  });

  it('when more jobs than the limit are remembered, then the oldest are forgotten', () => {
    let list: StartedJob[] = [];
    for (let i = 0; i <= MAX_STARTED_JOBS; i++) list = rememberJob(list, job(`j${i}`));
    expect(list).toHaveLength(MAX_STARTED_JOBS);
    expect(list[0]!.job_id).toBe(`j${MAX_STARTED_JOBS}`);
    expect(list.some((j) => j.job_id === 'j0')).toBe(false);
  });
});
