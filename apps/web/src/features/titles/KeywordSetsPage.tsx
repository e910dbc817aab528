import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography, type TableColumnsType } from 'antd';
import type { KeywordSet } from '@app/contract';
import { useDeleteKeywordSet, useKeywordSets } from '../../api';
import { dateTimeCell, ListTable, PageHeader, useEditDeleteColumn, NameSearch } from '../../app/components';
import { useI18n } from '../../app/i18n';
import { useUrlList } from '../../app/urlList';
import { KeywordSetDialog } from './KeywordSetDialog';

/**
 * /keyword-sets: the seller's keyword sets (a parent's include its sub-accounts'; docs/listing-tools.md#keywords),
 * each edited in a dialog. Name and page live in the URL.
 */
export function KeywordSetsPage() {
  const { t } = useI18n();
  const { params, setParam, pageNumber, pageSize, pagination, afterRemove } = useUrlList();
  const name = params.get('name') ?? '';
  const list = useKeywordSets({ name: name || undefined, pageNumber, pageSize });
  const del = useDeleteKeywordSet();
  // undefined: no dialog; null: a new set.
  const [editing, setEditing] = useState<KeywordSet | null>();

  const actions = useEditDeleteColumn<KeywordSet>({
    title: t('titles.col.actions'),
    page: list,
    onEdit: setEditing,
    remove: (r) => del.mutateAsync(r.id),
    deletedText: (n) => t('keywords.deleted', { name: n }),
    afterRemove,
  });
  const columns: TableColumnsType<KeywordSet> = [
    {
      title: t('keywords.col.name'),
      dataIndex: 'name',
      width: 180,
      ellipsis: true,
      render: (n: string, r) => (
        <Typography.Link strong onClick={() => setEditing(r)}>
          {n}
        </Typography.Link>
      ),
    },
    { title: t('keywords.col.count'), key: 'count', width: 90, render: (_, r) => r.keywords.length },
    {
      title: t('keywords.col.words'),
      dataIndex: 'keywords',
      width: 420,
      ellipsis: true,
      render: (words: string[]) => words.join(' · '),
    },
    { title: t('titles.col.owner'), dataIndex: 'username', width: 120 },
    { title: t('titles.col.createtime'), dataIndex: 'createtime', width: 170, render: dateTimeCell },
    actions,
  ];

  return (
    <>
      <PageHeader
        title={t('keywords.title')}
        subtitle={t('keywords.subtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {t('keywords.new')}
          </Button>
        }
      />
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <NameSearch name={name} label={t('keywords.search')} setParam={setParam} />
        </Flex>
        <ListTable<KeywordSet>
          columns={columns}
          page={list}
          pagination={pagination}
          emptyText={t('keywords.empty')}
          totalText={(total) => t('keywords.total', { total })}
          scrollX={1130}
        />
      </Card>
      {editing !== undefined && <KeywordSetDialog set={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}
