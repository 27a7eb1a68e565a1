import { useTranslation } from 'react-i18next';
import type { VersionStatus } from '../../../../common/domains/finview/model';
import { StatusTag } from '../../../components/status-tag';

const COLOURS: Record<VersionStatus, string> = { draft: 'blue', published: 'green' };

/** "Draft", or with its number "Draft · v3": a template version's status. */
export function VersionStatusTag({ status, version }: { status: VersionStatus; version?: number }) {
  const { t } = useTranslation();
  return (
    <StatusTag status={status} colours={COLOURS}>
      {t(`finviewTemplates.status.${status}`)}
      {version === undefined ? null : <> · {t('finviewTemplates.versionN', { n: version })}</>}
    </StatusTag>
  );
}
