import { useParams } from 'react-router';
import type { RouteSpec } from '../../../common/resources/generate';
import RuleEditor from './rules/rule-editor';
import RulesList from './rules/rules-list';

/** Rules: the list, or one rule's form (create, or edit and show alike). */
export default function RulesPage({ route }: { route: RouteSpec }) {
  const { id } = useParams();
  if (route.action === 'list') return <RulesList />;
  if (route.action === 'create') return <RuleEditor />;
  return <RuleEditor key={id} id={id} />;
}
