import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRole } from '../../providers';
import { isRole } from '../../../common/access';
import { canManageUser } from '../../../common/domains/admin/user-rules';
import type { RowActionProps } from '../generic/row-actions';
import { useUserCommand, type AdminUser } from './admin-api';

/**
 * 'user-reset-password': mails an active user a one-time reset code (POST …/users/:id/reset-password),
 * on the users list's rows and the user's page; the server's sentence is the toast.
 */
export function ResetPasswordAction({ record, place }: RowActionProps) {
  const { t } = useTranslation();
  const role = useRole();
  const command = useUserCommand();
  const user = record as AdminUser;
  if (user.status !== 'active' || !isRole(role) || !canManageUser(role, user)) return null;
  return (
    <Button
      size={place === 'row' ? 'small' : 'middle'}
      loading={command.pending}
      onClick={() => command.run('reset-password', user)}
      data-testid={`user-reset-${user.username}`}
    >
      {t('admin.users.resetPassword')}
    </Button>
  );
}
