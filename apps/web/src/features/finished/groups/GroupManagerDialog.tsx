import { useState } from 'react';
import { DeleteOutlined, EditOutlined, LockOutlined, PlusOutlined, UnlockOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Input, Modal, Popconfirm, Tree, Typography, type TreeDataNode } from 'antd';
import { GROUP_MAX_DEPTH, NEW_GROUP_NAME, type GroupNode } from '@app/contract';
import { IconButton } from '../../../app/components';
import { useFeedback, settled } from '../../../app/feedback';
import { useI18n } from '../../../app/i18n';
import { useAddGroup, useDeleteGroup, useGroupTree, useLockGroup, useRenameGroup } from '../../../api';

const allIds = (nodes: readonly GroupNode[]): number[] => nodes.flatMap((g) => [g.id, ...allIds(g.childlist as GroupNode[])]);

/**
 * The group manager (docs/finished.md#states): add (a new group is named 新分组 and opens in rename mode), rename (one node at a
 * time; leaving the field saves), lock/unlock, delete. 全部 and 未分组 are not shown here: they cannot be edited.
 */
export function GroupManagerDialog({ onClose }: { onClose: () => void }) {
  const { t, m } = useI18n();
  const { message } = useFeedback();
  const groups = useGroupTree();
  const add = useAddGroup();
  const rename = useRenameGroup();
  const lock = useLockGroup();
  const del = useDeleteGroup();
  const [editing, setEditing] = useState<{ id: number; name: string }>();

  const create = (pid: number) =>
    add.mutate({ pid, name: NEW_GROUP_NAME }, { onSuccess: (g) => setEditing({ id: g.id, name: NEW_GROUP_NAME }) });

  const saveRename = (g: GroupNode) => {
    if (!editing || editing.id !== g.id) return;
    const name = editing.name.trim();
    setEditing(undefined);
    if (!name || name === g.name) return;
    rename.mutate({ id: g.id, name }, { onSuccess: () => void message.success(t('finished.groups.renamed')) });
  };

  const title = (g: GroupNode, depth: number) => (
    // Clicks and focus inside a node (its name field, its buttons) are not the tree's: rc-tree would try to
    // scroll its (absent) virtual list to a focused node.
    <Flex
      align="center"
      justify="space-between"
      gap={8}
      style={{ minHeight: 28 }}
      onClick={(e) => e.stopPropagation()}
      onFocus={(e) => e.stopPropagation()}
    >
      {editing?.id === g.id ? (
        <Input
          size="small"
          autoFocus
          maxLength={50}
          value={editing.name}
          aria-label={t('finished.groups.name')}
          onFocus={(e) => e.target.select()}
          onChange={(e) => setEditing({ id: g.id, name: e.target.value })}
          onBlur={() => saveRename(g)}
          onPressEnter={() => saveRename(g)}
          style={{ maxWidth: 220 }}
        />
      ) : (
        <span>
          {g.name} {g.locked ? <LockOutlined style={{ color: '#d48806' }} /> : null}
        </span>
      )}
      <Flex gap={2} className="group-actions">
        {depth < GROUP_MAX_DEPTH && (
          <IconButton
            size="small"
            type="text"
            icon={<PlusOutlined />}
            label={t('finished.groups.addChild')}
            ariaLabel={t('finished.groups.addChildOf', { name: g.name })}
            onClick={() => create(g.id)}
          />
        )}
        <IconButton
          size="small"
          type="text"
          icon={<EditOutlined />}
          label={t('finished.groups.rename')}
          ariaLabel={t('finished.groups.renameOf', { name: g.name })}
          onClick={() => setEditing({ id: g.id, name: g.name })}
        />
        <IconButton
          size="small"
          type="text"
          icon={g.is_locked ? <UnlockOutlined /> : <LockOutlined />}
          label={t(g.is_locked ? 'finished.groups.unlock' : 'finished.groups.lock')}
          ariaLabel={t(g.is_locked ? 'finished.groups.unlockOf' : 'finished.groups.lockOf', { name: g.name })}
          onClick={() => lock.mutate({ id: g.id, locked: !g.is_locked })}
        />
        <Popconfirm
          title={m('confirmDeleteShort')}
          description={t('finished.groups.deleteHint')}
          onConfirm={() => settled(del.mutateAsync(g.id))}
          okButtonProps={{ danger: true }}
        >
          <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('finished.groups.deleteOf', { name: g.name })} />
        </Popconfirm>
      </Flex>
    </Flex>
  );

  const toTree = (nodes: readonly GroupNode[], depth = 1): TreeDataNode[] =>
    nodes.map((g) => ({ key: g.id, title: title(g, depth), children: toTree(g.childlist as GroupNode[], depth + 1) }));

  return (
    <Modal
      open
      title={t('finished.side.manageGroups')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
      width={560}
    >
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">{t('finished.groups.hint')}</Typography.Text>
        <Button type="primary" size="small" icon={<PlusOutlined />} loading={add.isPending} onClick={() => create(0)}>
          {t('finished.groups.add')}
        </Button>
      </Flex>
      {groups.data?.length ? (
        // Every group stays open, a new one included.
        <Tree blockNode selectable={false} treeData={toTree(groups.data)} expandedKeys={allIds(groups.data)} />
      ) : (
        <Empty description={t('finished.groups.none')} />
      )}
    </Modal>
  );
}
