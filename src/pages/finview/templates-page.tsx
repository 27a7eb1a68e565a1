import { useParams } from 'react-router';
import NotFoundPage from '../errors/not-found-page';
import { TemplateEditor } from './templates/template-editor';

/** A template's editor (actionPages.edit): the list and the show page are the generic ones. */
export default function TemplateEditorPage() {
  const { id } = useParams();
  if (!id) return <NotFoundPage />;
  // Keyed by id: another template starts afresh.
  return <TemplateEditor key={id} id={id} />;
}
