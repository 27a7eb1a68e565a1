import { isApiError } from './http-error';

export interface UploadRowError {
  row: number;
  field: string;
  reason: string;
}

/** The `{errors: [{row, field, reason}]}` of a refused upload (API.md); empty for any other failure. */
export function uploadRowErrorsOf(error: unknown): UploadRowError[] {
  if (!isApiError(error)) return [];
  const body = error.body;
  const errors = typeof body === 'object' && body !== null ? (body as { errors?: unknown }).errors : undefined;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { row, field, reason } = entry as Record<string, unknown>;
    if (typeof row !== 'number' || !Number.isInteger(row)) return [];
    return [{ row, field: typeof field === 'string' ? field : '', reason: typeof reason === 'string' ? reason : '' }];
  });
}
