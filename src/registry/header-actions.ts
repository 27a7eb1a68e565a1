import type { ComponentType } from 'react';
import { NewTemplateButton } from '../pages/finview/templates/new-template';
import { RuleCreateButton } from '../pages/finview/rules/rule-actions';
import { CompanyTemplateButton, CompanyUploadButton } from '../pages/news/company-actions';
import { UserAddButton } from '../pages/admin/user-add-button';

/**
 * The extra buttons a definition's `headerActions` names, by key, as CUSTOM_PAGES
 * (route-tree.tsx) names custom pages: the generic list reads this registry, so it
 * knows no area. Only the generic list imports it, so the buttons stay in its chunk.
 */
export const HEADER_ACTIONS: Record<string, ComponentType> = {
  'finview-template-new': NewTemplateButton,
  'finview-rule-create': RuleCreateButton,
  'user-add': UserAddButton,
  'company-upload': CompanyUploadButton,
  'company-template': CompanyTemplateButton,
};
