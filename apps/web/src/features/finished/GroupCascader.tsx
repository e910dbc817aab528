import { Cascader } from 'antd';
import type { GroupNode } from '@app/contract';

/** The search form's group cascader (any level), loaded when the seller first opens the field (GroupField.tsx). */
export function GroupCascader(props: {
  id?: string;
  value: number[] | undefined;
  onChange: ((value: number[] | undefined) => void) | undefined;
  groups: readonly GroupNode[];
  placeholder: string;
  width: number;
}) {
  return (
    <Cascader<GroupNode>
      id={props.id}
      value={props.value}
      onChange={(value) => props.onChange?.(value as number[] | undefined)}
      changeOnSelect
      allowClear
      options={props.groups as GroupNode[]}
      fieldNames={{ label: 'name', value: 'id', children: 'childlist' }}
      style={{ width: props.width }}
      placeholder={props.placeholder}
      defaultOpen
      autoFocus
    />
  );
}
