import type { RouteSpec } from '../../resources/generate';

// Placeholder until its helper builds it (docs/finview.md).
export default function TemplatesPage(_props: { route: RouteSpec }) {
  return null;
}
