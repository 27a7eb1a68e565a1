import { CreateButton } from '@refinedev/antd';
import { useTranslation } from 'react-i18next';

/** 'user-add': the users list's "Add user", which opens the user form (the resource's create page). */
export function UserAddButton() {
  const { t } = useTranslation();
  return (
    <CreateButton resource="users" data-testid="users-add">
      {t('admin.users.add')}
    </CreateButton>
  );
}
