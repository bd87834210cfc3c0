import { toUnmatchedResultView, type StoredReview } from '../../../domain/lab-results/unmatched.js';
import type { UnmatchedResultRecord } from '../../../storage/repositories/unmatched-results.js';
import { ApiError } from '../../api-error.js';

export const unmatchedResultNotFound = (id: string) => new ApiError(404, `Unmatched result ${id} not found.`);

/** The UnmatchedResult wire shape of a stored row. */
export const unmatchedResultView = (row: UnmatchedResultRecord) => toUnmatchedResultView({ ...row, review: row.review as unknown as StoredReview });
