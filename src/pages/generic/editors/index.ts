import type { ResourceDefinition } from '../../../../common/resources/types';
import { AREA_EDITORS } from '../../../registry/editors';
import { ColourEditor, ColourListEditor } from './colour';
import type { EditorComponent } from './editor-types';

export type { EditorComponent, EditorProps } from './editor-types';

// Named editors a field's `editor` picks instead of its type's input, as named cells draw a
// value: the generic ones here, an area's own registered (lazily) in src/registry/editors.ts.
const EDITORS = new Map<string, EditorComponent>(Object.entries({ colour: ColourEditor, 'colour-list': ColourListEditor, ...AREA_EDITORS }));

/** The editor a definition names; a name nobody registered has none (the type's input is used). */
export function editorNamed(name: string | undefined): EditorComponent | undefined {
  return name ? EDITORS.get(name) : undefined;
}

/**
 * Starts loading the area editors a definition's fields name, beside the form's first read, so
 * the form does not wait for them one after the other once its record is in.
 */
export function preloadEditors(definition: ResourceDefinition): void {
  for (const field of definition.fields ?? []) {
    if (field.editor && Object.hasOwn(AREA_EDITORS, field.editor)) void AREA_EDITORS[field.editor]?.preload();
  }
}
