import { lazyPieces } from './lazy-piece';

/**
 * The extra buttons a definition's `headerActions` names, by key, as CUSTOM_PAGES
 * (route-tree.tsx) names custom pages: the generic list reads this registry, so it
 * knows no area. Each loads its area's code when a list that names it is shown (lazy-piece.tsx).
 */
export const HEADER_ACTIONS = lazyPieces<object>({
  'finview-template-new': () => import('../pages/finview/templates/new-template').then((m) => m.NewTemplateButton),
  'finview-rule-create': () => import('../pages/finview/rules/rule-actions').then((m) => m.RuleCreateButton),
  'user-add': () => import('../pages/admin/user-add-button').then((m) => m.UserAddButton),
  'company-upload': () => import('../pages/news/company-actions').then((m) => m.CompanyUploadButton),
  'company-template': () => import('../pages/news/company-actions').then((m) => m.CompanyTemplateButton),
});
