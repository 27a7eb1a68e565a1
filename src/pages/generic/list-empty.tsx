import { CreateButton } from '@refinedev/antd';
import { Button, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../../common/resources/types';
import { inSentence } from '../../i18n/resource-labels';

/**
 * What an empty list says, with the next step: with filters, that nothing matches them and a
 * way to clear them; without, that there is nothing yet and, for a user who may, the create button.
 */
export function ListEmpty({ definition, filtered, onClear }: { definition: ResourceDefinition; filtered: boolean; onClear(): void }) {
  const { t } = useTranslation();
  const resource = inSentence(t(definition.labelKey));
  const creates = definition.actions.includes('create');
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={<span data-testid="generic-empty">{filtered ? t('list.emptyFiltered', { resource }) : t('list.emptyNone', { resource })}</span>}
    >
      {filtered ? (
        <Button onClick={onClear} data-testid="generic-clear-filters">
          {t('list.clearFilters')}
        </Button>
      ) : creates ? (
        // Refine hides it from a role that may not create (the access control provider).
        <CreateButton resource={definition.name} accessControl={{ enabled: true, hideIfUnauthorized: true }} data-testid="generic-empty-create">
          {t('generic.create')}
        </CreateButton>
      ) : null}
    </Empty>
  );
}
