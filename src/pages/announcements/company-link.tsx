import { Button, Card, Checkbox, Flex, Typography } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../i18n/formatting';
import type { AnnouncementDetail } from '../../../common/domains/announcements/model';
import { CompanyPicker } from './company-picker';

// Link the company a filing is about; "remember" stores the source's code (BSE scrip code, NSE
// symbol) for it, so later filings with that code match by themselves and every unmatched row
// with it is linked now (docs/announcements.md, decision `company`).

export function CompanyLink({ detail, disabled, onLink }: { detail: AnnouncementDetail; disabled: boolean; onLink(companyId: number, remember: boolean): void }) {
  const { t } = useTranslation();
  const [companyId, setCompanyId] = useState<number | undefined>(detail.company?.id);
  const [remember, setRemember] = useState(false);
  const labelId = useId();
  useEffect(() => setCompanyId(detail.company?.id), [detail.company?.id]);
  const code = detail.source === 'NSE' ? detail.symbol : detail.source === 'BSE' ? detail.scripCode : '';
  if (detail.status === 'retracted') return null;
  return (
    <Card size="small" title={<span id={labelId}>{detail.company ? t('announcements.link.change') : t('announcements.link.title')}</span>} data-testid="announcement-company-link">
      <Flex vertical gap={8}>
        {!detail.company ? (
          <Typography.Text type="secondary">
            {t('announcements.link.sourceSaid', { name: detail.companyName || '—' })}
          </Typography.Text>
        ) : null}
        <Flex wrap gap={8} align="center">
          <CompanyPicker known={detail.company} value={companyId} onChange={(value) => setCompanyId(value ?? undefined)} aria-labelledby={labelId} placeholder={t('announcements.fields.companyPlaceholder')} data-testid="announcement-company-picker" />
          {code ? (
            <Checkbox checked={remember} onChange={(event) => setRemember(event.target.checked)} data-testid="announcement-company-remember">
              {t('announcements.link.remember', { source: detail.source })} <Ltr>{code}</Ltr>
            </Checkbox>
          ) : null}
          <Button
            disabled={disabled || companyId === undefined || companyId === detail.company?.id}
            onClick={() => companyId !== undefined && onLink(companyId, remember && code !== '')}
            data-testid="announcement-company-save"
          >
            {t('announcements.link.save')}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
