import { fieldReasonOf, isApiError } from './http-error';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface UploadRowError {
  row: number;
  field: string;
  reason: string;
}

/** The `{errors: [{row, field, reason}]}` of a refused upload (API.md); empty for any other failure. */
export function uploadRowErrorsOf(error: unknown, t?: Translate): UploadRowError[] {
  if (!isApiError(error)) return [];
  const body = error.body;
  const errors = typeof body === 'object' && body !== null ? (body as { errors?: unknown }).errors : undefined;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { row, field, reason, code, params } = entry as Record<string, unknown>;
    if (typeof row !== 'number' || !Number.isInteger(row)) return [];
    const english = typeof reason === 'string' ? reason : '';
    // The reader's words where the server sent the reason's code; its English otherwise.
    const worded = t && typeof code === 'string' ? fieldReasonOf({ code, params }, english, t) : english;
    return [{ row, field: typeof field === 'string' ? field : '', reason: worded }];
  });
}
