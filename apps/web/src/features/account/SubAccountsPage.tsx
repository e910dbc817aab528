import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Avatar, Badge, Button, Card, Flex, Input, Popconfirm, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { Outlet, useNavigate, useSearchParams } from 'react-router';
import type { SubAccount } from '@app/contract';
import { useOffices, useSetSubAccountDisabled, useSubAccounts } from '../../api';
import { dateTimeCell, LevelTag, PageHeader } from '../../app/components';
import { useI18n } from '../../app/i18n';
import { useCurrentUser } from '../../app/layout';
import { useFeedback } from '../../app/feedback';

/**
 * Sub-accounts of the logged-in main account (GET /api/user/getChildList): create, disable, enable. A
 * sub-account sees the list read-only. The search text lives in the URL (?q=), so Back and links keep it.
 */
export function SubAccountsPage() {
  const me = useCurrentUser();
  const { t, m } = useI18n();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const accounts = useSubAccounts();
  const offices = useOffices();
  const setDisabled = useSetSubAccountDisabled();

  const officeNames = new Map((offices.data ?? []).map((o) => [o.id, o.name]));
  const all = accounts.data ?? [];
  const needle = q.trim().toLowerCase();
  const rows = needle ? all.filter((a) => a.username.toLowerCase().includes(needle) || a.nickname.toLowerCase().includes(needle)) : all;
  const subCount = all.filter((a) => a.id !== me.id).length;

  const toggle = (account: SubAccount, disabled: boolean) =>
    setDisabled.mutate(
      { id: account.id, disabled },
      {
        onSuccess: () =>
          void message.success(t(disabled ? 'subAccounts.disabledDone' : 'subAccounts.enabledDone', { name: account.username })),
      },
    );

  const columns: TableColumnsType<SubAccount> = [
    {
      title: t('subAccounts.col.account'),
      key: 'account',
      width: 280,
      render: (_, a) => (
        <Flex align="center" gap={12}>
          <Avatar style={{ background: a.disabled ? '#bfbfbf' : '#e8ecfb', color: a.disabled ? '#fff' : '#3451d1', flex: 'none' }}>
            {(a.nickname || a.username).slice(0, 1).toUpperCase()}
          </Avatar>
          <Flex vertical style={{ minWidth: 0 }}>
            <Flex align="center" gap={6}>
              <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
                {a.nickname || a.username}
              </Typography.Text>
              {a.id === me.id && (
                <Tag color="blue" style={{ marginInlineEnd: 0 }}>
                  {me.is_parent ? t('user.main') : t('subAccounts.you')}
                </Tag>
              )}
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {a.username}
            </Typography.Text>
          </Flex>
        </Flex>
      ),
    },
    {
      title: t('subAccounts.col.level'),
      dataIndex: 'level',
      width: 100,
      render: (level: SubAccount['level']) => <LevelTag level={level} />,
    },
    {
      title: t('subAccounts.col.office'),
      dataIndex: 'office_id',
      render: (id: number | null) => (
        <span style={{ whiteSpace: 'nowrap' }}>{(id !== null && officeNames.get(id)) || t('common.none')}</span>
      ),
    },
    {
      title: t('subAccounts.col.status'),
      dataIndex: 'disabled',
      width: 120,
      render: (disabled: 0 | 1) =>
        disabled ? (
          <Badge status="default" text={t('subAccounts.status.disabled')} />
        ) : (
          <Badge status="success" text={t('subAccounts.status.active')} />
        ),
    },
    {
      title: t('subAccounts.col.createtime'),
      dataIndex: 'createtime',
      width: 190,
      render: dateTimeCell,
    },
  ];
  if (me.is_parent) {
    columns.push({
      title: t('subAccounts.col.actions'),
      key: 'actions',
      width: 110,
      align: 'right',
      fixed: 'right',
      render: (_, a) => {
        if (a.id === me.id) return null;
        const busy = setDisabled.isPending && setDisabled.variables.id === a.id;
        return a.disabled ? (
          <Button type="link" size="small" loading={busy} onClick={() => toggle(a, false)}>
            {t('subAccounts.enable')}
          </Button>
        ) : (
          <Popconfirm
            title={t('subAccounts.confirmDisable', { name: a.username })}
            description={t('subAccounts.confirmDisableDesc')}
            okText={t('subAccounts.disable')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.cancel')}
            onConfirm={() => toggle(a, true)}
          >
            <Button type="link" size="small" danger loading={busy}>
              {t('subAccounts.disable')}
            </Button>
          </Popconfirm>
        );
      },
    });
  }

  return (
    <>
      <PageHeader
        title={t('subAccounts.title')}
        subtitle={t(me.is_parent ? 'subAccounts.subtitle' : 'subAccounts.subtitleSub')}
        extra={
          me.is_parent && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate({ pathname: 'new', search: params.toString() })}>
              {t('subAccounts.create')}
            </Button>
          )
        }
      />
      {!me.is_parent && <Alert type="info" showIcon title={m('subAccountCannotManage')} style={{ marginBottom: 16 }} />}
      <Card variant="borderless" styles={{ body: { padding: 0 } }}>
        <Flex justify="space-between" align="center" gap={12} wrap style={{ padding: '16px 20px' }}>
          <Input
            allowClear
            prefix={<SearchOutlined style={{ color: 'rgba(0,0,0,0.35)' }} />}
            placeholder={t('subAccounts.search')}
            value={q}
            onChange={(e) => setParams(e.target.value ? { q: e.target.value } : {}, { replace: true })}
            style={{ width: 280, maxWidth: '100%' }}
            aria-label={t('subAccounts.search')}
          />
          {me.is_parent && <Typography.Text type="secondary">{t('subAccounts.total', { count: subCount })}</Typography.Text>}
        </Flex>
        <Table<SubAccount>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={accounts.isPending}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: needle ? t('subAccounts.noMatch') : t('subAccounts.empty') }}
        />
      </Card>
      <Outlet />
    </>
  );
}
