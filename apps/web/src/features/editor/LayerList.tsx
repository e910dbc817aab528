import { useState } from 'react';
import { EyeInvisibleOutlined, EyeOutlined, FontSizeOutlined, LockOutlined, PictureOutlined, UnlockOutlined } from '@ant-design/icons';
import { Button, Flex, Tooltip, Typography } from 'antd';
import { useI18n } from '../../app/i18n';
import { layerFlags, reorderLayer, selectLayer, setHidden, setLocked, type AreaState, type CommandResult, type EditorState } from './model';

export interface LayerListProps {
  area: AreaState;
  selectedId: string | null;
  apply: (command: (state: EditorState) => CommandResult) => void;
}

/**
 * The layers of the current design area, top first: select, hide, lock, and drag a row to another place
 * to restack (our addition to the product; the model keeps background layers in their places).
 */
export function LayerList({ area, selectedId, apply }: LayerListProps) {
  const { t } = useI18n();
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<number | null>(null);
  if (area.layers.length === 0) return null;
  const rows = [...area.layers].reverse();
  // Row i (top first) is place rows.length - 1 - i of the layers (bottom first).
  const placeOf = (row: number) => rows.length - 1 - row;
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
            draggable
            data-testid="layer-row"
            title={t('editor.dragToReorder')}
            onDragStart={(e) => {
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', layer.id);
              setDragged(layer.id);
            }}
            onDragOver={(e) => {
              if (!dragged) return;
              e.preventDefault();
              setOver(i);
            }}
            onDragLeave={() => setOver((o) => (o === i ? null : o))}
            onDrop={(e) => {
              e.preventDefault();
              const id = dragged;
              setDragged(null);
              setOver(null);
              if (id && id !== layer.id) apply((s) => reorderLayer(s, id, placeOf(i)));
            }}
            onDragEnd={() => {
              setDragged(null);
              setOver(null);
            }}
            onClick={() => apply((s) => selectLayer(s, layer.id))}
            style={{
              padding: '2px 6px',
              borderRadius: 6,
              cursor: 'grab',
              background: layer.id === selectedId ? '#e8ecfb' : undefined,
              opacity: flags.hidden || layer.id === dragged ? 0.5 : 1,
              boxShadow: over === i && dragged !== layer.id ? 'inset 0 2px 0 #4f46e5' : undefined,
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
