import { useState } from 'react';
import { Modal, TreeSelect } from 'antd';
import type { GroupNode } from '@app/contract';
import { useGroupTree, useJoinGroup } from '../../../api';
import { useI18n } from '../../../app/i18n';
import { useFeedback } from '../../../app/feedback';

interface Option {
  value: number;
  title: string;
  children: Option[];
}
const toOptions = (nodes: readonly GroupNode[]): Option[] =>
  nodes.map((g) => ({ value: g.id, title: g.name, children: toOptions(g.childlist as GroupNode[]) }));

/** Files finished products into a custom group (docs/finished.md#dialogs): a group must be chosen first (docs/messages.md#validation). */
export function GroupPickerDialog({ ids, onClose, onDone }: { ids: number[]; onClose: () => void; onDone: () => void }) {
  const { t, m } = useI18n();
  const { message } = useFeedback();
  const groups = useGroupTree();
  const join = useJoinGroup();
  const [groupId, setGroupId] = useState<number>();
  const submit = () => {
    if (groupId === undefined) return void message.warning(m('chooseGroup'));
    join.mutate({ ids, group_id: groupId }, { onSuccess: onDone });
  };
  return (
    <Modal
      open
      title={t('finished.groups.pickTitle', { n: ids.length })}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={join.isPending}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
    >
      <TreeSelect
        style={{ width: '100%' }}
        treeDefaultExpandAll
        allowClear
        value={groupId}
        onChange={setGroupId}
        treeData={toOptions(groups.data ?? [])}
        placeholder={m('chooseGroup')}
        aria-label={t('finished.groups.pick')}
        notFoundContent={t('finished.groups.none')}
      />
    </Modal>
  );
}
