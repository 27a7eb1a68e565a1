import type { TFunction } from 'i18next';
import type { ResourceDefinition } from '../../common/resources/types';

/**
 * "Company" for companies: the resource's label key with count 1, so i18next takes
 * `resources.<name>_one` where the catalogue has it and the plural label where it does not.
 */
export function singularLabel(t: TFunction, definition: Pick<ResourceDefinition, 'labelKey'>): string {
  return t(definition.labelKey, { count: 1 });
}

/**
 * A label inside a sentence ("No companies yet", "Edit company"): its first letter lowered,
 * unless the first word is an acronym ("KYC documents" stays as it is).
 */
export function inSentence(label: string): string {
  // Right to left, the label comes inside an isolate (i18n.ts): the words start after its mark.
  const start = label.search(/[^\u2066-\u2069\u200e\u200f]/);
  if (start < 0) return label;
  const [first = '', second = ''] = [...label.slice(start)];
  const acronym = second && second === second.toLocaleUpperCase() && second !== second.toLocaleLowerCase();
  return acronym ? label : label.slice(0, start) + first.toLocaleLowerCase() + label.slice(start + first.length);
}
