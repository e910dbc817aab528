import { EyeInvisibleOutlined, EyeOutlined, FontSizeOutlined, LockOutlined, PictureOutlined, UnlockOutlined } from '@ant-design/icons';
import { Button, Flex, Tooltip, Typography } from 'antd';
import { useI18n } from '../../app/i18n';
import { layerFlags, selectLayer, setHidden, setLocked, type AreaState, type CommandResult, type EditorState } from './model';

export interface LayerListProps {
  area: AreaState;
  selectedId: string | null;
  apply: (command: (state: EditorState) => CommandResult) => void;
}

/** The layers of the current design area, top first: select, hide and lock (beyond SPEC, issue 4). */
export function LayerList({ area, selectedId, apply }: LayerListProps) {
  const { t } = useI18n();
  if (area.layers.length === 0) return null;
  const rows = [...area.layers].reverse();
  return (
    <Flex vertical gap={2} data-testid="layer-list">
      <Typography.Text type="secondary">{t('editor.layers')}</Typography.Text>
      {rows.map((layer, i) => {
        const flags = layerFlags(area, layer.id);
        const name = layer.type === 'text' ? layer.text : t('editor.imageLayer', { n: rows.length - i });
        return (
          <Flex
            key={layer.id}
            align="center"
            gap={6}
            onClick={() => apply((s) => selectLayer(s, layer.id))}
            style={{
              padding: '2px 6px',
              borderRadius: 6,
              cursor: 'pointer',
              background: layer.id === selectedId ? '#e8ecfb' : undefined,
              opacity: flags.hidden ? 0.5 : 1,
            }}
          >
            {layer.type === 'text' ? <FontSizeOutlined /> : <PictureOutlined />}
            <Typography.Text ellipsis style={{ flex: 1 }}>
              {name}
            </Typography.Text>
            <Tooltip title={t(flags.hidden ? 'editor.show' : 'editor.hide')}>
              <Button
                size="small"
                type="text"
                aria-label={t(flags.hidden ? 'editor.show' : 'editor.hide')}
                icon={flags.hidden ? <EyeInvisibleOutlined /> : <EyeOutlined />}
                onClick={(e) => {
                  e.stopPropagation();
                  apply((s) => setHidden(s, layer.id, !flags.hidden));
                }}
              />
            </Tooltip>
            <Tooltip title={t(flags.locked ? 'editor.unlock' : 'editor.lock')}>
              <Button
                size="small"
                type="text"
                aria-label={t(flags.locked ? 'editor.unlock' : 'editor.lock')}
                icon={flags.locked ? <LockOutlined /> : <UnlockOutlined />}
                onClick={(e) => {
                  e.stopPropagation();
                  apply((s) => setLocked(s, layer.id, !flags.locked));
                }}
              />
            </Tooltip>
          </Flex>
        );
      })}
    </Flex>
  );
}
