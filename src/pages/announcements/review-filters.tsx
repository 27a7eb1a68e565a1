import { Checkbox, Flex, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ANNOUNCEMENT_SOURCES, type AnnouncementSource } from '../../../common/domains/announcements/model';
import { useCategories } from './announcement-form';
import type { ReviewState } from './review-state';

/** Source, category, unmatched, critical and a search: each change is the URL's at once. */
export function ReviewFilters({ state, onChange }: { state: ReviewState; onChange(next: ReviewState): void }) {
  const { t } = useTranslation();
  const categories = useCategories();
  const [q, setQ] = useState(state.q ?? '');
  useEffect(() => setQ(state.q ?? ''), [state.q]);
  return (
    <Flex wrap gap={12} align="center" data-testid="announcements-filters">
      <Input.Search
        allowClear
        value={q}
        maxLength={200}
        onChange={(event) => setQ(event.target.value)}
        onSearch={(value) => onChange({ ...state, q: value.trim() || undefined })}
        placeholder={t('announcements.filters.search')}
        aria-label={t('announcements.filters.search')}
        style={{ width: 260 }}
        data-testid="announcements-search"
      />
      <Select<AnnouncementSource>
        allowClear
        value={state.source}
        onChange={(source) => onChange({ ...state, source })}
        placeholder={t('announcements.filters.source')}
        aria-label={t('announcements.filters.source')}
        style={{ width: 150 }}
        options={ANNOUNCEMENT_SOURCES.map((value) => ({ value, label: value === 'manual' ? t('announcements.source.manual') : value }))}
        data-testid="announcements-filter-source"
      />
      <Select<number>
        allowClear
        value={state.categoryId}
        onChange={(categoryId) => onChange({ ...state, categoryId })}
        placeholder={t('announcements.filters.category')}
        aria-label={t('announcements.filters.category')}
        style={{ width: 200 }}
        options={categories.map((category) => ({ value: category.id, label: category.name }))}
        data-testid="announcements-filter-category"
      />
      <Checkbox checked={state.unmatched} onChange={(event) => onChange({ ...state, unmatched: event.target.checked })} data-testid="announcements-filter-unmatched">
        {t('announcements.filters.unmatched')}
      </Checkbox>
      <Checkbox checked={state.critical} onChange={(event) => onChange({ ...state, critical: event.target.checked })} data-testid="announcements-filter-critical">
        {t('announcements.filters.critical')}
      </Checkbox>
    </Flex>
  );
}
