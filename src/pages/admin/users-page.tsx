import type { RouteSpec } from '../../../common/resources/generate';
import UserForm from './user-form';
import UsersList from './users-list';

/** The users resource's custom page: one component per route action. */
export default function UsersPage({ route }: { route: RouteSpec }) {
  return route.action === 'list' ? <UsersList /> : <UserForm route={route} />;
}
