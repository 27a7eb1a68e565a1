import { HEADER_ACTIONS } from '../../registry/header-actions';
import type { ResourceDefinition } from '../../../common/resources/types';

/**
 * Extra buttons a definition's `headerActions` names for the generic list's header:
 * what a resource does besides plain CRUD (companies' Excel upload and template).
 */
export function HeaderActions({ definition }: { definition: ResourceDefinition }) {
  return (
    <>
      {(definition.headerActions ?? []).map((key) => {
        const Action = HEADER_ACTIONS[key];
        return Action ? <Action key={key} /> : null;
      })}
    </>
  );
}
