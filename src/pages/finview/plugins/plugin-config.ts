// A plugin's config form from its `configSchema` (docs/finview.md "Plugins"), and a price-series
// upload's refusal as lines: pure, so they are tested alone.

export interface ConfigField {
  key: string;
  type: 'number' | 'integer' | 'string' | 'boolean';
  title?: string;
  minimum?: number;
  maximum?: number;
  options?: Array<string | number>;
}

/** The top-level properties of a config schema the form can edit (numbers, texts, switches, choices). */
export function configFieldsOf(schema: Record<string, unknown> | null | undefined): ConfigField[] {
  const properties = (schema?.properties ?? {}) as Record<string, Record<string, unknown>>;
  return Object.entries(properties).flatMap(([key, property]): ConfigField[] => {
    const type = property.type;
    if (type !== 'number' && type !== 'integer' && type !== 'string' && type !== 'boolean') return [];
    return [
      {
        key,
        type,
        ...(typeof property.title === 'string' ? { title: property.title } : {}),
        ...(typeof property.minimum === 'number' ? { minimum: property.minimum } : {}),
        ...(typeof property.maximum === 'number' ? { maximum: property.maximum } : {}),
        ...(Array.isArray(property.enum) ? { options: property.enum as Array<string | number> } : {}),
      },
    ];
  });
}

/** Row-numbered reasons of a refused upload (`reasons`: a list, or `{row: reason}`), as readable lines. */
export function uploadProblemLines(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return [];
  const { reasons, errors } = body as { reasons?: unknown; errors?: unknown };
  const lines: string[] = [];
  const add = (value: unknown, prefix = '') => {
    if (typeof value === 'string' || typeof value === 'number') lines.push(`${prefix}${value}`);
    else if (Array.isArray(value)) value.forEach((item) => add(item, prefix));
    else if (typeof value === 'object' && value !== null) {
      const { row, reason, message, code } = value as Record<string, unknown>;
      const text = [reason, message, code].find((item) => typeof item === 'string');
      if (typeof row === 'number' && text !== undefined) lines.push(`${prefix}${row}: ${String(text)}`);
      else if (text !== undefined) lines.push(`${prefix}${String(text)}`);
      else Object.entries(value).forEach(([key, item]) => add(item, `${prefix}${key}: `));
    }
  };
  add(reasons);
  if (lines.length === 0) add(errors);
  return [...new Set(lines)].slice(0, 50);
}
