import { useState } from 'react';
import { DeleteOutlined, SearchOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Empty,
  Flex,
  Input,
  Popconfirm,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
  type TablePaginationConfig,
} from 'antd';
import { KEYWORD_BAN_MAX_WORD_LENGTH, type DataOf, type KeywordBan, type KeywordBanAction, type routes } from '@app/contract';
import { useDeleteBannedWords } from '../../api';
import { dateTimeCell } from '../../app/components';
import { useFeedback, settled } from '../../app/feedback';
import { useI18n } from '../../app/i18n';
import type { ParamChanges } from '../../app/urlList';
import { platformKey, PlatformSelect } from './PlatformSelect';

function ActionTag({ action }: { action: KeywordBanAction }) {
  const { t } = useI18n();
  return <Tag color={action === 'block' ? 'red' : 'orange'}>{t(`bannedWords.actionShort.${action}`)}</Tag>;
}

/** The banned words: search and marketplace filter (in the address), paging, single and bulk delete. */
export function WordTable(props: {
  data: DataOf<typeof routes.keywordBanList> | undefined;
  loading: boolean;
  filtered: boolean;
  word: string;
  platform: number | undefined;
  pagination: TablePaginationConfig;
  setParam: (changes: ParamChanges) => void;
}) {
  const { t } = useI18n();
  const { message } = useFeedback();
  const [selected, setSelected] = useState<number[]>([]);
  const del = useDeleteBannedWords();
  const remove = (ids: number[]) =>
    settled(
      del.mutateAsync(ids).then((r) => {
        setSelected((s) => s.filter((id) => !ids.includes(id)));
        void message.success(t('bannedWords.deleted', { count: r.deleted }));
      }),
    );

  const columns: TableColumnsType<KeywordBan> = [
    { title: t('bannedWords.col.word'), dataIndex: 'word', render: (w: string) => <Typography.Text strong>{w}</Typography.Text> },
    { title: t('bannedWords.col.platform'), dataIndex: 'platform', width: 110, render: (p: number) => t(platformKey(p)) },
    { title: t('bannedWords.col.action'), dataIndex: 'action', width: 90, render: (a: KeywordBanAction) => <ActionTag action={a} /> },
    { title: t('bannedWords.col.account'), dataIndex: 'username', width: 100 },
    {
      title: t('bannedWords.col.createtime'),
      dataIndex: 'createtime',
      width: 170,
      render: dateTimeCell,
    },
    {
      title: t('bannedWords.col.actions'),
      key: 'actions',
      width: 80,
      align: 'right',
      fixed: 'right',
      render: (_, r) => (
        <Popconfirm
          title={t('bannedWords.confirmDeleteOne', { word: r.word })}
          okText={t('common.delete')}
          okButtonProps={{ danger: true }}
          cancelText={t('common.cancel')}
          onConfirm={() => remove([r.id])}
        >
          <Button type="link" size="small" danger>
            {t('common.delete')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Card variant="borderless" styles={{ body: { padding: 0 } }}>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ padding: '16px 20px' }}>
        <Flex gap={12} wrap>
          <Input
            allowClear
            prefix={<SearchOutlined style={{ color: 'rgba(0,0,0,0.35)' }} />}
            placeholder={t('bannedWords.search')}
            aria-label={t('bannedWords.search')}
            value={props.word}
            maxLength={KEYWORD_BAN_MAX_WORD_LENGTH}
            onChange={(e) => props.setParam({ word: e.target.value, page: undefined })}
            style={{ width: 240 }}
          />
          <PlatformSelect
            allowClear
            value={props.platform}
            placeholder={t('bannedWords.anyPlatform')}
            ariaLabel={t('bannedWords.filterPlatform')}
            onChange={(v) => props.setParam({ platform: v, page: undefined })}
          />
        </Flex>
        <Flex gap={12} align="center">
          <Typography.Text type="secondary">{t('bannedWords.total', { count: props.data?.count ?? 0 })}</Typography.Text>
          <Popconfirm
            title={t('bannedWords.confirmDeleteMany', { count: selected.length })}
            okText={t('common.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.cancel')}
            onConfirm={() => remove(selected)}
            disabled={selected.length === 0}
          >
            <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} loading={del.isPending}>
              {t('bannedWords.deleteSelected', { count: selected.length })}
            </Button>
          </Popconfirm>
        </Flex>
      </Flex>
      <Table<KeywordBan>
        rowKey="id"
        columns={columns}
        dataSource={props.data?.list ?? []}
        loading={props.loading}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)), preserveSelectedRowKeys: true }}
        pagination={props.pagination}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={props.filtered ? t('bannedWords.noMatch') : t('bannedWords.empty')} /> }}
      />
    </Card>
  );
}
