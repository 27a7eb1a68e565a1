import type { IResourceItem } from '@refinedev/core';
import { DocumentTitleHandler } from '@refinedev/react-router';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { AREAS } from '../../common/resources/areas';
import type { AreaPageSpec } from '../../common/resources/generate';
import { inSentence } from '../i18n/resource-labels';
import { titleOf } from './document-title';

interface TitleInput {
  resource?: IResourceItem;
  action?: string;
  pathname?: string;
}

/** The page part of a title behind the login: the resource and action, else the fixed pages and area menus. */
export function privatePageTitle(t: TFunction, areaPages: readonly AreaPageSpec[], { resource, action, pathname = '' }: TitleInput): string | undefined {
  const label = typeof resource?.meta?.label === 'string' ? resource.meta.label : undefined;
  // "New staff notice", "Company · 12": one record is named in the singular (private-app.tsx's meta.singularLabel).
  const singular = typeof resource?.meta?.singularLabel === 'string' ? resource.meta.singularLabel : label;
  if (label && action === 'list') return t('titles.list', { resource: label });
  if (singular && action === 'create') return t('titles.create', { resource: inSentence(singular) });
  if (singular && (action === 'edit' || action === 'show')) {
    // The id until the page has the record and names it (src/pages/generic/record-title.ts).
    const name = decodeURIComponent(pathname.split('/').pop() ?? '');
    return t(`titles.${action}`, { resource: action === 'edit' ? inSentence(singular) : singular, name });
  }
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return t('titles.dashboard');
  if (path === '/change-password') return t('titles.changePassword');
  if (path === '/forbidden') return t('pages.forbidden.title');
  const area = areaPages.find((page) => `/${page.path.replace(/^\/+/, '')}` === path);
  const areaLabel = area ? AREAS.find((candidate) => candidate.value === area.area)?.labelKey : undefined;
  if (areaLabel) return t(areaLabel);
  return undefined;
}

/** Refine's title handler, worded by us and redone when the language changes. */
export function PageTitle({ areaPages }: { areaPages: readonly AreaPageSpec[] }) {
  const { t, i18n } = useTranslation();
  const handler = useCallback((input: TitleInput) => titleOf(t, privatePageTitle(t, areaPages, input)), [t, areaPages]);
  // Refine sets the title when the location changes; a new key redoes it for a new language.
  return <DocumentTitleHandler key={i18n.language} handler={handler} />;
}
