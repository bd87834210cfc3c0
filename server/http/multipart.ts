/**
 * `multipart/form-data` bodies (the lab report upload), read with multer before the contract
 * checks: the form fields become the body the validator checks (`true`/`false` as booleans, the
 * form's only way to send one), each file part a placeholder string under its name (two parts of
 * one name a list of them, so a missing or repeated `file` is the schema's 422), and the files'
 * bytes go to the handler as `files`.
 * Files are held in memory, at most `maxFileBytes` each: a larger one stops the upload with a
 * 413 as soon as its bytes pass the limit.
 */
import type { Request, RequestHandler } from 'express';
import multer from 'multer';
import { ApiError, ValidationFailure } from './api-error.js';
import type { UploadedFile } from './handler-types.js';

const FILES = Symbol('uploaded files');

type WithFiles = Request & { [FILES]?: UploadedFile[] };

/** The files of a request read by parseMultipartBodies (none for any other request). */
export const uploadedFiles = (req: Request): UploadedFile[] => (req as WithFiles)[FILES] ?? [];

export function parseMultipartBodies(options: { maxFileBytes: number; tooLarge: string }): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    // A few small fields and two files at most: a second file is the schema's 422 (maxItems), not multer's 413.
    limits: { fileSize: options.maxFileBytes, files: 2, fields: 10, fieldSize: 4096, parts: 12, headerPairs: 50 },
  }).any();
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) return next();
    upload(req, res, (error?: unknown) => {
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') return next(new ApiError(413, options.tooLarge));
        return next(ValidationFailure.single(['body', ...(error.field ? [error.field] : [])], `The form could not be read: ${error.message} (at most 2 files and 10 fields of 4 KiB)`, 'value_error'));
      }
      if (error) {
        const message = error instanceof Error ? error.message : String(error);
        return next(ValidationFailure.single(['body'], `The multipart body could not be read: ${message}`, 'value_error'));
      }
      const body: Record<string, unknown> = { ...(req.body as Record<string, unknown> | undefined) };
      for (const [name, value] of Object.entries(body)) {
        if (value === 'true') body[name] = true;
        else if (value === 'false') body[name] = false;
      }
      const files = ((req.files ?? []) as Express.Multer.File[]).map((file) => ({
        field: file.fieldname, name: file.originalname, type: file.mimetype, bytes: new Uint8Array(file.buffer.buffer, file.buffer.byteOffset, file.buffer.byteLength),
      }));
      for (const file of files) {
        const prior = body[file.field];
        body[file.field] = Array.isArray(prior) ? [...(prior as unknown[]), ''] : prior === undefined ? '' : [prior, ''];
      }
      req.body = body;
      (req as WithFiles)[FILES] = files;
      next();
    });
  };
}
