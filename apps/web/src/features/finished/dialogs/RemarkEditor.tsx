import { useState } from 'react';
import { EditOutlined } from '@ant-design/icons';
import { App, Flex, Input, Modal, Typography } from 'antd';
import { Link, useLocation } from 'react-router';
import type { FinishedRow } from '@app/contract';
import { useAddRemark } from '../../../api';
import { useI18n } from '../../../app/i18n';
import { FROM_LIST, rowDialogTo } from '../dialogAddress';

const REMARK_MAX = 500;

/**
 * The remark cell (docs/finished.md#the-list): the remark kept inside its column (two lines, then an ellipsis; the whole text on
 * hover) and an edit icon linking to the remark editor.
 */
export function RemarkCell({ row }: { row: FinishedRow }) {
  const { t } = useI18n();
  const { search } = useLocation();
  return (
    <Flex align="start" gap={2} onClick={(e) => e.stopPropagation()} className="finished-remark">
      <Typography.Paragraph
        type={row.remark ? undefined : 'secondary'}
        ellipsis={{ rows: 2, tooltip: row.remark || undefined }}
        style={{ margin: 0, flex: 1, minWidth: 0, wordBreak: 'break-word' }}
      >
        {row.remark || '--'}
      </Typography.Paragraph>
      <Link
        to={rowDialogTo(row.key_id, 'remark', search)}
        state={FROM_LIST}
        aria-label={t('finished.remark.edit')}
        className="finished-remark-edit"
      >
        <EditOutlined />
      </Link>
    </Flex>
  );
}

/** The remark editor (docs/finished.md#state-in-the-address): Enter saves (备注修改成功！), Shift+Enter starts a new line. */
export function RemarkDialog({ row, onClose }: { row: FinishedRow; onClose: () => void }) {
  const { t, m } = useI18n();
  const { message } = App.useApp();
  const [text, setText] = useState(row.remark);
  const save = useAddRemark();

  const submit = () =>
    save.mutate(
      { id: row.id, remark: text.trim() },
      {
        onSuccess: () => {
          void message.success(m('remarkSaved'));
          onClose();
        },
      },
    );

  return (
    <Modal
      open
      title={`${t('finished.remark.title')} · ${row.key_id}`}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={save.isPending}
      width={420}
      destroyOnHidden
    >
      <Input.TextArea
        autoFocus
        value={text}
        maxLength={REMARK_MAX}
        showCount
        autoSize={{ minRows: 3, maxRows: 8 }}
        aria-label={t('finished.remark.title')}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={(e) => {
          if (e.shiftKey) return; // Shift+Enter: a new line
          e.preventDefault();
          submit();
        }}
      />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '8px 0 0' }}>
        {t('finished.remark.hint')}
      </Typography.Paragraph>
    </Modal>
  );
}
