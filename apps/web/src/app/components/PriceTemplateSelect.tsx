import { Select, type SelectProps } from 'antd';
import { DEFAULT_PRICE_TEMPLATE_ID } from '@app/contract';

/**
 * A pricing template field (the export dialog's and publishing's): the system default, then the seller's templates
 * the caller fetched. Inside a Form.Item, which gives it its value and onChange.
 */
export function PriceTemplateSelect({
  label,
  defaultLabel,
  templates,
  loading,
  ...field
}: {
  /** The field's name, for screen readers. */
  label: string;
  /** What the system default is called here. */
  defaultLabel: string;
  /** The seller's templates, each named as the option shows it. */
  templates: readonly { id: number; name: string }[] | undefined;
  loading: boolean;
} & Omit<SelectProps<number>, 'options' | 'loading' | 'aria-label'>) {
  return (
    <Select
      {...field}
      aria-label={label}
      loading={loading}
      showSearch
      optionFilterProp="label"
      options={[
        { value: DEFAULT_PRICE_TEMPLATE_ID, label: defaultLabel },
        ...(templates ?? []).map((p) => ({ value: p.id, label: p.name })),
      ]}
    />
  );
}
