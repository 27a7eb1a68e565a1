import type { BaseRecord } from '@refinedev/core';
import { Card } from 'antd';
import type { ComponentType } from 'react';
import { AREA_PANELS } from '../../../registry/panels';
import type { ResourceDefinition } from '../../../../common/resources/types';

/** What a panel is given: the record shown and its resource. */
export interface PanelProps {
  record: BaseRecord;
  definition: ResourceDefinition;
}

export type PanelComponent = ComponentType<PanelProps>;

// Named panels a show page draws under the fields (`definition.panels`): the video player, a
// feed run's report. The map starts with what areas register in src/registry/panels.ts.
const PANELS = new Map<string, PanelComponent>(Object.entries(AREA_PANELS));

export function registerPanel(name: string, component: PanelComponent): void {
  PANELS.set(name, component);
}

/** The definition's panels in its order; a name nobody registered is left out. */
export function Panels({ record, definition }: PanelProps) {
  return (
    <>
      {(definition.panels ?? []).map((name) => {
        const Panel = PANELS.get(name);
        if (!Panel) return null;
        return (
          <Card key={name} data-testid={`generic-panel-${name}`}>
            <Panel record={record} definition={definition} />
          </Card>
        );
      })}
    </>
  );
}

/** A named panel under a list's expanded row (`list.expand`), without a card of its own. */
export function ExpandedRow({ name, record, definition }: PanelProps & { name: string }) {
  const Panel = PANELS.get(name);
  return Panel ? <Panel record={record} definition={definition} /> : null;
}
