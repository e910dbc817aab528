import { useState } from 'react';
import { Input, Modal, Typography } from 'antd';
import type { FinishedRow } from '@app/contract';
import { useAddRemark } from '../../../api';
import { useI18n } from '../../../app/i18n';
import { useFeedback } from '../../../app/feedback';

const REMARK_MAX = 500;

/** The remark editor (docs/finished.md#state-in-the-address): Enter saves (备注修改成功！), Shift+Enter starts a new line. */
export function RemarkDialog({ row, onClose }: { row: FinishedRow; onClose: () => void }) {
  const { t, m } = useI18n();
  const { message } = useFeedback();
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
