import { Typography } from 'antd';
import { Ltr } from '../i18n/formatting';
import type { UserRef } from '../../common/domains/finview/model';

/** Who did it, or a dash (a system change, a deleted user). */
export function UserName({ user }: { user: UserRef | null | undefined }) {
  if (!user) return <Typography.Text type="secondary">—</Typography.Text>;
  return <Ltr>{user.username}</Ltr>;
}
