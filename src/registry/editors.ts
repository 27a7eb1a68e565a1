import type { EditorProps } from '../pages/generic/editors/editor-types';
import { lazyPieces } from './lazy-piece';

/**
 * Editors an area adds for what a plain field cannot edit, by the name a field's `editor` gives,
 * as AREA_PANELS (panels.ts) names panels: the generic one-form page reads this map and knows no
 * area. Each loads its area's code when a form that names it is shown (lazy-piece.tsx).
 */
export const AREA_EDITORS = lazyPieces<EditorProps>({
  'finview-font': () => import('../pages/finview/settings/settings-editors').then((m) => m.FontEditor),
  'finview-logo': () => import('../pages/finview/settings/settings-editors').then((m) => m.LogoEditor),
  'kyc-scan-policy': () => import('../pages/kyc/settings-editors').then((m) => m.ScanPolicyEditor),
  'kyc-certificate': () => import('../pages/kyc/settings-editors').then((m) => m.CertificateEditor),
});
