import type { BaseRecord } from '@refinedev/core';
import type { ComponentType } from 'react';
import type { FieldDefinition } from '../../../../common/resources/types';

/**
 * What a named editor is given: antd's Form.Item injects `id`, `value` and `onChange`; the field
 * it edits and the record as loaded (a certificate editor shows the pinned one beside its picker).
 * A disabled form disables antd's inputs inside it by itself.
 */
export interface EditorProps {
  id?: string;
  value?: unknown;
  onChange?(value: unknown): void;
  field: FieldDefinition;
  record: BaseRecord;
}

export type EditorComponent = ComponentType<EditorProps>;
