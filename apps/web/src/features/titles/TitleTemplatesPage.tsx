import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography, type TableColumnsType } from 'antd';
import { Link, useNavigate } from 'react-router';
import type { TitleTemplate } from '@app/contract';
import { useDeleteTitleTemplate, useTitleTemplates } from '../../api';
import { dateTimeCell, ListTable, PageHeader, useEditDeleteColumn, NameSearch } from '../../app/components';
import { useI18n } from '../../app/i18n';
import { useUrlList } from '../../app/urlList';

/**
 * /title-templates: the seller's title templates (a parent's include its sub-accounts', with their account;
 * docs/listing-tools.md#titles). Name and page live in the URL.
 */
export function TitleTemplatesPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { params, setParam, pageNumber, pageSize, pagination, afterRemove } = useUrlList();
  const name = params.get('name') ?? '';
  const list = useTitleTemplates({ name: name || undefined, pageNumber, pageSize });
  const del = useDeleteTitleTemplate();
  const edit = (id: number) => `/title-template-edit?id=${id}`;

  const actions = useEditDeleteColumn<TitleTemplate>({
    title: t('titles.col.actions'),
    page: list,
    onEdit: (r) => void navigate(edit(r.id)),
    remove: (r) => del.mutateAsync(r.id),
    deletedText: (n) => t('titles.deleted', { name: n }),
    afterRemove,
  });
  const columns: TableColumnsType<TitleTemplate> = [
    {
      title: t('titles.col.name'),
      dataIndex: 'name',
      width: 180,
      ellipsis: true,
      render: (n: string, r) => (
        <Link to={edit(r.id)}>
          <Typography.Text strong>{n}</Typography.Text>
        </Link>
      ),
    },
    {
      title: t('titles.col.template'),
      dataIndex: 'template',
      width: 360,
      ellipsis: true,
      render: (s: string) => <Typography.Text code>{s}</Typography.Text>,
    },
    {
      title: t('titles.col.overflow'),
      dataIndex: 'overflow',
      width: 130,
      render: (o: TitleTemplate['overflow']) => t(`titles.overflow.${o}`),
    },
    {
      title: t('titles.col.maxLength'),
      dataIndex: 'max_length',
      width: 120,
      render: (n: number) => (n > 0 ? n : t('titles.platformLimit')),
    },
    { title: t('titles.col.owner'), dataIndex: 'username', width: 120 },
    { title: t('titles.col.createtime'), dataIndex: 'createtime', width: 170, render: dateTimeCell },
    actions,
  ];

  return (
    <>
      <PageHeader
        title={t('titles.title')}
        subtitle={t('titles.subtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/title-template-edit')}>
            {t('titles.new')}
          </Button>
        }
      />
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <NameSearch name={name} label={t('titles.search')} setParam={setParam} />
        </Flex>
        <ListTable<TitleTemplate>
          columns={columns}
          page={list}
          pagination={pagination}
          emptyText={t('titles.empty')}
          totalText={(total) => t('titles.total', { total })}
          scrollX={1230}
        />
      </Card>
    </>
  );
}
