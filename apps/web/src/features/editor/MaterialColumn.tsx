import { FontSizeOutlined } from '@ant-design/icons';
import { Button, Card, Flex } from 'antd';
import type { MaterialItem } from '@app/contract';
import { useI18n } from '../../app/i18n';
import { LocalUpload, MaterialPanel } from './MaterialPanel';

/**
 * The editor's left-hand column (docs/editor.md#materials): a local upload and a text layer at the top,
 * the material library below; a picked or uploaded material is added to the current design area.
 */
export function MaterialColumn({ onAddMaterial, onAddText }: { onAddMaterial: (item: MaterialItem) => void; onAddText: () => void }) {
  const { t } = useI18n();
  return (
    <Card size="small" style={{ width: 300, margin: 12, marginRight: 0, flex: 'none' }} title={t('editor.material')}>
      <Flex vertical gap={8}>
        <Flex gap={8}>
          <div style={{ flex: 1 }}>
            <LocalUpload onUploaded={onAddMaterial} />
          </div>
          <Button icon={<FontSizeOutlined />} onClick={onAddText}>
            {t('editor.text')}
          </Button>
        </Flex>
        <MaterialPanel onPick={onAddMaterial} />
      </Flex>
    </Card>
  );
}
