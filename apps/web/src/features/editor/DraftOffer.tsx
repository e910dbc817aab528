import { Alert, Button, Flex, Modal } from 'antd';
import { useI18n } from '../../app/i18n';

/** The draft of an earlier visit, offered back above the canvas: restore it or discard it (useDraft). */
export function DraftOffer({ savedAt, onRestore, onDiscard }: { savedAt: number; onRestore: () => void; onDiscard: () => void }) {
  const { t, lang } = useI18n();
  return (
    <Alert
      type="info"
      showIcon
      data-testid="draft-offer"
      title={t('editor.draftFound', { time: new Date(savedAt).toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-GB') })}
      action={
        <Flex gap={8}>
          <Button size="small" type="primary" onClick={onRestore}>
            {t('editor.draftRestore')}
          </Button>
          <Button size="small" onClick={onDiscard}>
            {t('editor.draftDiscard')}
          </Button>
        </Flex>
      }
    />
  );
}

/** Leaving the editor with unsaved work (useDraft's blocker): leave, the draft kept for the next visit, or stay. */
export function LeaveWarning({ open, onLeave, onStay }: { open: boolean; onLeave: () => void; onStay: () => void }) {
  const { t } = useI18n();
  return (
    <Modal
      open={open}
      title={t('editor.leaveTitle')}
      okText={t('editor.leave')}
      cancelText={t('editor.stay')}
      onOk={onLeave}
      onCancel={onStay}
    >
      {t('editor.leaveBody')}
    </Modal>
  );
}
