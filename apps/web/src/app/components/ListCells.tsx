import type { ReactNode } from 'react';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Flex, Popconfirm } from 'antd';
import { settled } from '../feedback';
import { useI18n } from '../i18n';

/**
 * The actions cell of a list row: edit, anything the page adds, and delete after a confirmation. The buttons
 * name the row (`编辑 <name>`, `删除 <name>`) for screen readers and tests.
 */
export function RowActions(props: {
  /** The row's name, read after the buttons' labels. */
  name: string;
  onEdit?: () => void;
  editLabel?: string;
  /**
   * Deletes the row; the confirmation stays open (its button loading) until the promise settles, and closes
   * however it ends (a failure was already shown by the API error handler).
   */
  onDelete: () => Promise<unknown>;
  /** The confirmation's question; by default 是否确认删除?. */
  confirm?: ReactNode;
  deleteLabel?: string;
  children?: ReactNode;
}) {
  const { t, m } = useI18n();
  const deleteLabel = props.deleteLabel ?? t('common.delete');
  return (
    <Flex justify="end" gap={4}>
      {props.onEdit && (
        <Button
          type="link"
          size="small"
          icon={<EditOutlined />}
          onClick={props.onEdit}
          aria-label={`${props.editLabel ?? t('common.edit')} ${props.name}`}
        >
          {props.editLabel ?? t('common.edit')}
        </Button>
      )}
      {props.children}
      <Popconfirm
        title={props.confirm ?? m('confirmDelete')}
        okText={t('common.delete')}
        okButtonProps={{ danger: true }}
        cancelText={t('common.cancel')}
        onConfirm={() => settled(props.onDelete())}
      >
        <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={`${deleteLabel} ${props.name}`}>
          {deleteLabel}
        </Button>
      </Popconfirm>
    </Flex>
  );
}
