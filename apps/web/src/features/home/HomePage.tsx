import type { ReactNode } from 'react';
import { RightOutlined, ShopOutlined, SkinOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Card, Col, Descriptions, Empty, Flex, Grid, Row, Skeleton, Tag, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useOffices } from '../../api';
import { LevelTag } from '../../app/components';
import { useI18n, type StringKey } from '../../app/i18n';
import { useCurrentUser } from '../../app/layout';
import { BRAND_COLOR } from '../../app/theme';

/** The home page's ways in: each card opens a page that works (export and publishing join when they exist). */
const START: { icon: ReactNode; title: StringKey; description: StringKey; to: string }[] = [
  { icon: <ShopOutlined />, title: 'home.start.products', description: 'home.start.productsDesc', to: '/products' },
  { icon: <SkinOutlined />, title: 'home.start.finished', description: 'home.start.finishedDesc', to: '/finished' },
];

function IconTile({ children }: { children: ReactNode }) {
  return (
    <Flex
      align="center"
      justify="center"
      style={{ width: 40, height: 40, borderRadius: 10, background: '#edf0fc', color: BRAND_COLOR, fontSize: 18, flex: 'none' }}
    >
      {children}
    </Flex>
  );
}

export function HomePage() {
  const me = useCurrentUser();
  const { t } = useI18n();
  const navigate = useNavigate();
  const offices = useOffices();
  const screens = Grid.useBreakpoint();
  const name = me.nickname || me.username;

  return (
    <Flex vertical gap={16}>
      <Card
        variant="borderless"
        styles={{ body: { padding: screens.md === false ? '20px' : '28px 32px' } }}
        style={{ background: 'linear-gradient(120deg, #ffffff 0%, #ffffff 55%, #eef1fd 100%)' }}
      >
        <Flex justify="space-between" align="center" gap={24} wrap>
          <div style={{ flex: '1 1 420px', minWidth: 0 }}>
            <Flex align="center" gap={10} wrap>
              <Typography.Title level={3} style={{ margin: 0 }}>
                {t('home.greeting', { name })}
              </Typography.Title>
              <Tag style={{ marginInlineEnd: 0 }}>{me.is_parent ? t('user.main') : t('user.sub')}</Tag>
              <LevelTag level={me.level} />
            </Flex>
            <Typography.Paragraph type="secondary" style={{ margin: '10px 0 0', maxWidth: 720, fontSize: 15 }}>
              {t('home.intro')}
            </Typography.Paragraph>
          </div>
          {me.is_parent && (
            <Button type="primary" icon={<TeamOutlined />} onClick={() => void navigate('/account/sub-accounts')}>
              {t('home.manageSubAccounts')}
            </Button>
          )}
        </Flex>
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card variant="borderless" title={t('home.account.title')} style={{ height: '100%' }}>
            <Descriptions
              column={1}
              size="small"
              styles={{ label: { width: 150, whiteSpace: 'nowrap', color: 'rgba(0,0,0,0.5)' } }}
              items={[
                { key: 'username', label: t('field.username'), children: me.username },
                { key: 'nickname', label: t('field.nickname'), children: me.nickname || t('common.none') },
                { key: 'type', label: t('home.account.type'), children: me.is_parent ? t('user.main') : t('user.sub') },
                { key: 'level', label: t('home.account.level'), children: <LevelTag level={me.level} /> },
                ...(me.is_parent
                  ? []
                  : [{ key: 'office', label: t('home.account.office'), children: me.office_name ?? t('home.account.noOffice') }]),
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card variant="borderless" title={t('home.offices.title')} style={{ height: '100%' }}>
            {offices.isPending ? (
              <Skeleton active paragraph={{ rows: 2 }} />
            ) : (offices.data?.length ?? 0) === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.offices.empty')} />
            ) : (
              <Flex vertical gap={12}>
                {offices.data?.map((office) => (
                  <Flex key={office.id} align="center" gap={12}>
                    <IconTile>
                      <TeamOutlined />
                    </IconTile>
                    <Flex vertical>
                      <Typography.Text strong>{office.name}</Typography.Text>
                      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                        {t('home.offices.members', { count: office.member_count })}
                      </Typography.Text>
                    </Flex>
                  </Flex>
                ))}
              </Flex>
            )}
          </Card>
        </Col>
      </Row>

      <Card variant="borderless" title={t('home.start.title')}>
        <Row gutter={[16, 16]}>
          {START.map((item) => (
            <Col key={item.to} xs={24} md={12}>
              <Link to={item.to} aria-label={t(item.title)} style={{ display: 'block', height: '100%' }}>
                <Card hoverable style={{ height: '100%' }}>
                  <Flex gap={16} align="flex-start">
                    <IconTile>{item.icon}</IconTile>
                    <Flex vertical gap={6} style={{ flex: 1, minWidth: 0 }}>
                      <Typography.Text strong style={{ fontSize: 15 }}>
                        {t(item.title)}
                      </Typography.Text>
                      <Typography.Text type="secondary" style={{ lineHeight: 1.6 }}>
                        {t(item.description)}
                      </Typography.Text>
                    </Flex>
                    <RightOutlined style={{ color: BRAND_COLOR, marginTop: 4 }} aria-hidden />
                  </Flex>
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      </Card>
    </Flex>
  );
}
