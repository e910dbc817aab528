import { useState, type ReactNode } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { Image, Input, Table, type TableColumnsType } from 'antd';
import { thumbUrl, type ChildRow, type FinishedRow } from '@app/contract';
import { useFinishedVariants } from '../../../api';
import { useI18n } from '../../../app/i18n';

/**
 * The variant list of the add-to-cart and re-design dialogs (docs/finished.md#dialogs): search by number (or colour,
 * size), rows of thumbnail, size, colour and number, and the dialog's own action per row.
 */
export function VariantList({
  row,
  action,
  rowSelection,
}: {
  row: FinishedRow;
  action: (variant: ChildRow) => ReactNode;
  rowSelection?: { selected: number[]; onChange: (ids: number[], rows: ChildRow[]) => void };
}) {
  const { t } = useI18n();
  const [keywords, setKeywords] = useState('');
  const variants = useFinishedVariants(row.id, keywords);
  const columns: TableColumnsType<ChildRow> = [
    {
      title: t('finished.variant.image'),
      dataIndex: 'thumb',
      width: 70,
      render: (src: string) => (src ? <Image src={thumbUrl(src)} preview={{ src }} height={48} style={{ width: 'auto' }} alt="" /> : null),
    },
    { title: t('finished.variant.size'), dataIndex: 'size', width: 80 },
    { title: t('finished.variant.color'), dataIndex: 'color', width: 110 },
    {
      title: t('finished.variant.number'),
      dataIndex: 'key_id',
      render: (k: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{k}</span>,
    },
    { title: '', key: 'action', width: 70, align: 'center', render: (_, v) => action(v) },
  ];
  return (
    <>
      <Input.Search
        allowClear
        enterButton={<SearchOutlined />}
        placeholder={t('finished.variant.search')}
        aria-label={t('finished.variant.search')}
        onSearch={(v) => setKeywords(v.trim())}
        style={{ marginBottom: 12 }}
      />
      <Table<ChildRow>
        rowKey="id"
        size="small"
        loading={variants.isFetching}
        dataSource={variants.data ?? []}
        columns={columns}
        pagination={{ pageSize: 8, showSizeChanger: false, hideOnSinglePage: true }}
        rowSelection={
          rowSelection && {
            selectedRowKeys: rowSelection.selected,
            preserveSelectedRowKeys: true,
            onChange: (keys, rows) => rowSelection.onChange(keys as number[], rows),
          }
        }
      />
    </>
  );
}
