import { useParams } from 'react-router';
import RuleEditor from './rules/rule-editor';

/** A rule's form (actionPages create and edit): the list and the show page are the generic ones. */
export default function RuleEditorPage() {
  const { id } = useParams();
  return id ? <RuleEditor key={id} id={id} /> : <RuleEditor />;
}
