import { DownloadOutlined } from '@ant-design/icons';
import { Button, Flex, List, Modal, Typography } from 'antd';
import type { FinishedRow } from '@app/contract';
import { useI18n } from '../../../app/i18n';
import { useDownload } from '../../../api';

/**
 * Material download (docs/finished.md#dialogs): per chosen product, the cut image (each design area's print image) or the
 * original image (each material file exactly as uploaded). Several files come as one zip.
 */
export function MaterialDownloadDialog({ rows, onClose }: { rows: FinishedRow[]; onClose: () => void }) {
  const { t } = useI18n();
  const download = useDownload();
  const open = (id: number, type: 'cut' | 'original') => download.mutate({ kind: 'material', id, type });
  return (
    <Modal open title={t('finished.material.title')} onCancel={onClose} footer={null} width={560}>
      <Typography.Paragraph type="secondary">{t('finished.material.hint')}</Typography.Paragraph>
      <List
        dataSource={rows}
        renderItem={(r) => (
          <List.Item>
            <Flex justify="space-between" align="center" style={{ width: '100%' }} gap={8}>
              <span>
                {r.product_name} · <span style={{ fontVariantNumeric: 'tabular-nums' }}>{r.key_id}</span>
              </span>
              <Flex gap={8}>
                <Button size="small" icon={<DownloadOutlined />} onClick={() => open(r.id, 'cut')}>
                  {t('finished.material.cut')}
                </Button>
                <Button size="small" icon={<DownloadOutlined />} onClick={() => open(r.id, 'original')}>
                  {t('finished.material.original')}
                </Button>
              </Flex>
            </Flex>
          </List.Item>
        )}
      />
    </Modal>
  );
}
