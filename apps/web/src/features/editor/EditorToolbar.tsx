import {
  BgColorsOutlined,
  BorderInnerOutlined,
  ClearOutlined,
  CopyOutlined,
  DownOutlined,
  RedoOutlined,
  ScissorOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { Button, ColorPicker, Dropdown, Flex, Popconfirm, Popover, Table, Tooltip } from 'antd';
import { IconButton } from '../../app/components';
import { useI18n, type StringKey } from '../../app/i18n';
import { SHORTCUT_LIST, type EditorState } from './model';

export interface EditorToolbarProps {
  state: EditorState;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  grid: boolean;
  onGrid: (on: boolean) => void;
  onClear: () => void;
  /** The current area's background colour ('' for none). */
  background: string;
  onBackground: (color: string) => void;
  eyedropper: boolean;
  onEyedropper: (on: boolean) => void;
  /** Shown only when the selected layer can be cropped (docs/editor.md#the-screen: a non-text, non-tiled image). */
  canCrop: boolean;
  onCrop: () => void;
  /** Copy to one area (save mode 4) or all other areas (mode 5). */
  onCopyTo: (target: string | 'all') => void;
}

/** The canvas toolbar of docs/editor.md#the-screen plus undo and redo. */
export function EditorToolbar(p: EditorToolbarProps) {
  const { t, lang } = useI18n();
  const label = (key: StringKey) => t(key);

  const shortcuts = (
    <Table
      size="small"
      pagination={false}
      rowKey="keys"
      style={{ width: 380 }}
      dataSource={SHORTCUT_LIST.map((s) => ({ keys: s.keys, label: s.label[lang] }))}
      columns={[
        { title: t('editor.shortcutKeys'), dataIndex: 'keys', width: 170 },
        { title: t('editor.shortcutAction'), dataIndex: 'label' },
      ]}
    />
  );

  return (
    <Flex gap={6} wrap align="center" data-testid="editor-toolbar">
      <IconButton label={label('editor.undo')} icon={<UndoOutlined />} disabled={!p.canUndo} onClick={p.onUndo} />
      <IconButton label={label('editor.redo')} icon={<RedoOutlined />} disabled={!p.canRedo} onClick={p.onRedo} />
      <IconButton
        label={label('editor.grid')}
        icon={<BorderInnerOutlined />}
        type={p.grid ? 'primary' : 'default'}
        aria-pressed={p.grid}
        onClick={() => p.onGrid(!p.grid)}
      />
      <Popover content={shortcuts} title={t('editor.shortcuts')} trigger="click" placement="bottom">
        <Button>{t('editor.shortcuts')}</Button>
      </Popover>
      <Popconfirm title={t('editor.clearConfirm')} onConfirm={p.onClear} okText={t('common.ok')} cancelText={t('common.cancel')}>
        <IconButton label={label('editor.clear')} icon={<ClearOutlined />} />
      </Popconfirm>
      <Tooltip title={t('editor.background')}>
        <span>
          <ColorPicker
            aria-label={t('editor.background')}
            value={p.background || null}
            allowClear
            format="rgb"
            onClear={() => p.onBackground('')}
            onChangeComplete={(c) => p.onBackground(c.toRgbString())}
          />
        </span>
      </Tooltip>
      <IconButton
        label={label('editor.eyedropper')}
        icon={<BgColorsOutlined />}
        type={p.eyedropper ? 'primary' : 'default'}
        aria-pressed={p.eyedropper}
        onClick={() => p.onEyedropper(!p.eyedropper)}
      />
      {p.canCrop && <IconButton label={label('editor.toolCrop')} icon={<ScissorOutlined />} onClick={p.onCrop} />}
      {p.state.areaList.length > 1 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'all', label: t('editor.copyToAll') },
              { type: 'divider' },
              ...p.state.areaList.map((a) => ({ key: a.id, label: a.name[lang] })),
            ],
            onClick: ({ key }) => p.onCopyTo(key),
          }}
        >
          <Button icon={<CopyOutlined />}>
            {t('editor.copyTo')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Flex>
  );
}
