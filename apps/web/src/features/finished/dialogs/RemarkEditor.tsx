import { useState } from 'react';
import { EditOutlined } from '@ant-design/icons';
import { App, Button, Input, Popover, Typography } from 'antd';
import type { FinishedRow } from '@app/contract';
import { useAddRemark } from '../../../api';
import { useI18n } from '../../../app/i18n';

const REMARK_MAX = 500;

/** The remark cell (SPEC §2.1, §2.2): the remark, an edit icon opening the editor; Enter saves (备注修改成功！). */
export function RemarkEditor({ row }: { row: FinishedRow }) {
  const { t, m } = useI18n();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(row.remark);
  const save = useAddRemark();

  const submit = () =>
    save.mutate(
      { id: row.id, remark: text.trim() },
      {
        onSuccess: () => {
          void message.success(m('remarkSaved'));
          setOpen(false);
        },
      },
    );

  return (
    <div onClick={(e) => e.stopPropagation()} style={{ fontSize: 13 }}>
      <Typography.Text type={row.remark ? undefined : 'secondary'} ellipsis={{ tooltip: row.remark }} style={{ maxWidth: 100 }}>
        {row.remark || '--'}
      </Typography.Text>
      <Popover
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (next) setText(row.remark);
        }}
        trigger="click"
        title={t('finished.remark.title')}
        content={
          <div style={{ width: 280 }}>
            <Input.TextArea
              autoFocus
              value={text}
              maxLength={REMARK_MAX}
              showCount
              autoSize={{ minRows: 2, maxRows: 6 }}
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
            <div style={{ textAlign: 'right', marginTop: 8 }}>
              <Button size="small" type="primary" loading={save.isPending} onClick={submit}>
                {t('common.save')}
              </Button>
            </div>
          </div>
        }
      >
        <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('finished.remark.edit')} />
      </Popover>
    </div>
  );
}
