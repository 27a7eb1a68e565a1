import { useParams } from 'react-router';
import type { RouteSpec } from '../../../common/resources/generate';
import NotFoundPage from '../errors/not-found-page';
import { TemplateEditor } from './templates/template-editor';
import { TemplateShow } from './templates/template-show';
import { TemplatesList } from './templates/templates-list';

/** The templates resource's custom page: the list (with the New dialog at …/create), the editor, or the versions. */
export default function TemplatesPage({ route }: { route: RouteSpec }) {
  const { id } = useParams();
  if (route.action === 'list') return <TemplatesList />;
  if (route.action === 'create') return <TemplatesList creating />;
  if (!id) return <NotFoundPage />;
  // Keyed by id: another template starts afresh.
  return route.action === 'edit' ? <TemplateEditor key={id} id={id} /> : <TemplateShow key={id} id={id} />;
}
