import { useState } from 'react';
import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  ArrowDownOutlined,
  ArrowUpOutlined,
  CopyOutlined,
  DeleteOutlined,
  RotateLeftOutlined,
  RotateRightOutlined,
  VerticalAlignBottomOutlined,
  VerticalAlignTopOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Button, ColorPicker, Divider, Flex, Input, InputNumber, Segmented, Select, Slider, Typography } from 'antd';
import { FONT_FAMILIES, TILE_MODES, type Layer, type TileMode } from '@app/design';
import { IconButton } from '../../app/components';
import { useI18n, type StringKey } from '../../app/i18n';
import {
  alignLayer,
  bringToTop,
  copyLayer,
  deleteLayer,
  fillArea,
  fitArea,
  flipLayer,
  moveDown,
  moveUp,
  rotateLayer,
  scaleLayer,
  sendToBottom,
  setFontFamily,
  setFontSize,
  setOpacity,
  setText,
  setTextAlign,
  setTextColor,
  toggleTiling,
  type Alignment,
  type CommandResult,
  type EditorState,
  type TextAlign,
} from './model';
import { useFeedback } from '../../app/feedback';

type Command = (state: EditorState) => CommandResult;

export interface LayerToolsProps {
  layer: Layer;
  /** Runs a command on the current state as one undo step. */
  apply: (command: Command) => void;
  /** A continuous change (slider): `begin` before the first step, `end` after the last. */
  gesture: { begin: () => void; end: () => void };
}

/** Whether the browser's canvas can fill with a repeated image: tiling is drawn that way (docs/messages.md#editor-messages: else "switch to Chrome"). */
function canvasPatternsSupported(): boolean {
  try {
    const ctx = document.createElement('canvas').getContext('2d');
    return typeof ctx?.createPattern === 'function' && ctx.createPattern(document.createElement('canvas'), 'repeat') !== null;
  } catch {
    return false;
  }
}

const ALIGNMENTS: Alignment[] = ['left', 'hcenter', 'right', 'top', 'vcenter', 'bottom'];
const TILES = Object.values(TILE_MODES) as TileMode[];

/** The right-hand per-layer tools of docs/editor.md#the-screen, each wired to one model command. */
export function LayerTools({ layer, apply, gesture }: LayerToolsProps) {
  const { t, m, lang } = useI18n();
  const { message } = useFeedback();
  const id = layer.id;
  const isText = layer.type === 'text';

  const tool = (key: StringKey, icon: React.ReactNode, command: Command) => (
    <IconButton key={key} label={t(key)} icon={icon} onClick={() => apply(command)} />
  );
  const textButton = (key: StringKey, command: Command) => (
    <Button key={key} size="small" onClick={() => apply(command)}>
      {t(key)}
    </Button>
  );

  return (
    <Flex vertical gap={10} data-testid="layer-tools">
      <Flex wrap gap={6}>
        {tool('editor.toTop', <VerticalAlignTopOutlined />, (s) => bringToTop(s, id))}
        {tool('editor.toBottom', <VerticalAlignBottomOutlined />, (s) => sendToBottom(s, id))}
        {tool('editor.up', <ArrowUpOutlined />, (s) => moveUp(s, id))}
        {tool('editor.down', <ArrowDownOutlined />, (s) => moveDown(s, id))}
        {!isText && tool('editor.copy', <CopyOutlined />, (s) => copyLayer(s, id))}
        {tool('editor.delete', <DeleteOutlined />, (s) => deleteLayer(s, id))}
      </Flex>
      {!isText && (
        <Flex wrap gap={6}>
          {ALIGNMENTS.map((a) => textButton(`editor.align.${a}`, (s) => alignLayer(s, id, a)))}
        </Flex>
      )}
      <Flex wrap gap={6}>
        {tool('editor.enlarge', <ZoomInOutlined />, (s) => scaleLayer(s, id, 1))}
        {tool('editor.shrink', <ZoomOutOutlined />, (s) => scaleLayer(s, id, -1))}
        {tool('editor.rotateLeft', <RotateLeftOutlined />, (s) => rotateLayer(s, id, -45))}
        {tool('editor.rotateRight', <RotateRightOutlined />, (s) => rotateLayer(s, id, 45))}
        {textButton('editor.flipX', (s) => flipLayer(s, id, 'x'))}
        {textButton('editor.flipY', (s) => flipLayer(s, id, 'y'))}
      </Flex>
      <div>
        <Typography.Text type="secondary">{t('editor.opacity')}</Typography.Text>
        <Slider
          min={0}
          max={100}
          value={Math.round(layer.opacity * 100)}
          onChange={(v) => {
            gesture.begin();
            apply((s) => setOpacity(s, id, v / 100));
          }}
          onChangeComplete={gesture.end}
        />
      </div>
      {!isText && (
        <>
          <Flex wrap gap={6}>
            {textButton('editor.fill', (s) => fillArea(s, id))}
            {textButton('editor.adapt', (s) => fitArea(s, id))}
          </Flex>
          <div>
            <Typography.Text type="secondary">{t('editor.tiling')}</Typography.Text>
            <Flex wrap gap={6} style={{ marginTop: 4 }}>
              {TILES.map((mode) => (
                <Button
                  key={mode}
                  size="small"
                  type={layer.putu === 1 && layer.putustr === mode ? 'primary' : 'default'}
                  onClick={() =>
                    canvasPatternsSupported() ? apply((s) => toggleTiling(s, id, mode)) : void message.error(m('tilingUnsupported'))
                  }
                >
                  {t(`editor.tile.${mode}`)}
                </Button>
              ))}
            </Flex>
          </div>
        </>
      )}
      {layer.type === 'text' && (
        <>
          <Divider style={{ margin: '4px 0' }} />
          <Typography.Text type="secondary">{t('editor.textContent')}</Typography.Text>
          <TextInput key={layer.text} label={t('editor.textContent')} text={layer.text} onCommit={(v) => apply((s) => setText(s, id, v))} />
          <Flex gap={8} align="center">
            <Typography.Text type="secondary" style={{ width: 40 }}>
              {t('editor.fontFamily')}
            </Typography.Text>
            <Select
              aria-label={t('editor.fontFamily')}
              style={{ flex: 1 }}
              value={layer.fontFamily}
              onChange={(v) => apply((s) => setFontFamily(s, id, v))}
              options={FONT_FAMILIES.map((f) => ({
                value: f.family,
                label: <span style={{ fontFamily: f.family }}>{f.label[lang]}</span>,
              }))}
            />
          </Flex>
          <Flex gap={8} align="center">
            <Typography.Text type="secondary" style={{ width: 40 }}>
              {t('editor.fontSize')}
            </Typography.Text>
            <InputNumber
              aria-label={t('editor.fontSize')}
              min={12}
              max={100}
              step={2}
              value={layer.fontSize}
              onChange={(v) => v !== null && apply((s) => setFontSize(s, id, v))}
            />
            <ColorPicker
              aria-label={t('editor.fontColor')}
              value={layer.fill}
              disabledAlpha
              onChangeComplete={(c) => apply((s) => setTextColor(s, id, c.toHexString()))}
            />
          </Flex>
          <Segmented<TextAlign>
            value={layer.align}
            onChange={(v) => apply((s) => setTextAlign(s, id, v))}
            options={[
              { value: 'left', icon: <AlignLeftOutlined />, title: t('editor.textAlign.left') },
              { value: 'center', icon: <AlignCenterOutlined />, title: t('editor.textAlign.center') },
              { value: 'right', icon: <AlignRightOutlined />, title: t('editor.textAlign.right') },
            ]}
          />
        </>
      )}
    </Flex>
  );
}

/** The text of a text layer: edited freely, applied (one undo step) on Enter or when the field loses focus. */
function TextInput({ label, text, onCommit }: { label: string; text: string; onCommit: (text: string) => void }) {
  const [draft, setDraft] = useState(text);
  const commitDraft = () => draft !== text && onCommit(draft);
  return (
    <Input aria-label={label} value={draft} onChange={(e) => setDraft(e.target.value)} onBlur={commitDraft} onPressEnter={commitDraft} />
  );
}
