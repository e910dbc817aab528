import { DownOutlined, LogoutOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Flex, Grid, Tag, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import type { UserInfo } from '@app/contract';
import { useLogout } from '../../api';
import { LevelTag } from '../components';
import { useI18n } from '../i18n';
import { withLoginNotice } from '../loginRedirect';
import { BRAND_COLOR } from '../theme';

/** The account in the header: name and level, and the menu with logout. */
export function UserMenu({ user }: { user: UserInfo }) {
  const { t, m } = useI18n();
  const screens = Grid.useBreakpoint();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const name = user.nickname || user.username;

  const onLogout = () =>
    logout.mutate(undefined, {
      onSuccess: async () => {
        // The login page says it (it has no toast area: docs/web.md#where-the-bytes-go).
        await navigate('/login', { replace: true, state: withLoginNotice({ kind: 'success', text: m('loggedOut') }) });
        queryClient.clear();
      },
    });

  const items: MenuProps['items'] = [
    {
      type: 'group',
      key: 'who',
      label: (
        <Flex vertical gap={2} style={{ padding: '4px 0', minWidth: 200 }}>
          <strong>{name}</strong>
          <span style={{ fontSize: 12, color: 'rgba(0, 0, 0, 0.45)' }}>{user.username}</span>
          <Flex gap={6} style={{ marginTop: 6 }}>
            <Tag style={{ marginInlineEnd: 0 }}>{user.is_parent ? t('user.main') : t('user.sub')}</Tag>
            <LevelTag level={user.level} />
          </Flex>
        </Flex>
      ),
    },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('user.logout'), disabled: logout.isPending },
  ];

  return (
    <Dropdown trigger={['click']} placement="bottomRight" menu={{ items, onClick: ({ key }) => key === 'logout' && onLogout() }}>
      <Button type="text" aria-label={t('user.menu')} style={{ height: 44, paddingInline: 8 }}>
        <Flex align="center" gap={10}>
          <span className="user-avatar" style={{ background: BRAND_COLOR }} aria-hidden>
            {name.slice(0, 1).toUpperCase()}
          </span>
          {screens.sm && (
            <strong className="user-name" title={name}>
              {name}
            </strong>
          )}
          <LevelTag level={user.level} />
          <DownOutlined style={{ fontSize: 10, color: 'rgba(0,0,0,0.45)' }} />
        </Flex>
      </Button>
    </Dropdown>
  );
}
