import { useEffect } from 'react';
import { Checkbox, Flex, Form, Input, Radio } from 'antd';
import { SIMPLE_COLUMN_LABELS, SIMPLE_EXPORT_COLUMNS, TEMPLATE_LIMITS, type SimpleTemplate, type SimpleTemplateBody } from '@app/contract';
import { useSaveSimpleTemplate } from '../../api';
import { useI18n } from '../../app/i18n';
import { TemplateFormDrawer, useSaveThenClose } from './TemplateFormParts';

type Values = Omit<SimpleTemplateBody, 'fixed_values'> & { fixed_values?: Record<string, string | undefined> };

/**
 * Create or edit a simplified Excel (6) / Txt (9) template: its shop, format, the columns to write (a
 * checkbox list in the file's order) and, per chosen column, an optional fixed value for every row.
 */
export function SimpleTemplateDrawer({ row, onClose }: { row: SimpleTemplate | null; onClose: () => void }) {
  const { t, m, lang } = useI18n();
  const [form] = Form.useForm<Values>();
  const save = useSaveSimpleTemplate();
  const saveThenClose = useSaveThenClose(save, onClose);
  const chosen = Form.useWatch('columns', form) ?? [];

  useEffect(() => {
    form.setFieldsValue(
      row
        ? { store_id: row.store_id, name: row.name, format: row.format, columns: row.columns, fixed_values: row.fixed_values }
        : { format: 6, columns: [...SIMPLE_EXPORT_COLUMNS] },
    );
  }, [form, row]);

  const onFinish = (v: Values) => {
    const columns = v.columns;
    // Only the chosen columns' non-empty values are sent (the server refuses a value for a column not chosen).
    const fixed = Object.fromEntries(
      Object.entries(v.fixed_values ?? {}).filter((e): e is [string, string] => columns.includes(e[0]) && !!e[1]?.trim()),
    );
    saveThenClose({ ...v, columns, fixed_values: fixed, id: row?.id });
  };

  return (
    <TemplateFormDrawer kind="simple" row={row} form={form} save={save} onFinish={onFinish} onClose={onClose}>
      <Form.Item name="format" label={t('tpl.field.format')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 6, label: t('tpl.format.6') },
            { value: 9, label: t('tpl.format.9') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="columns"
        label={`${t('tpl.field.columns')} · ${t('tpl.columnsCount', { n: chosen.length })}`}
        extra={t('tpl.field.fixed')}
        rules={[{ required: true, type: 'array', min: 1, message: m('templateColumnsEmpty') }]}
      >
        <Checkbox.Group style={{ width: '100%' }}>
          <Flex vertical gap={8} style={{ width: '100%' }}>
            {SIMPLE_EXPORT_COLUMNS.map((c) => (
              <Flex key={c} align="center" gap={12}>
                <Checkbox value={c} style={{ width: 150, flex: 'none' }}>
                  {SIMPLE_COLUMN_LABELS[c][lang]}
                </Checkbox>
                <Form.Item name={['fixed_values', c]} noStyle>
                  <Input
                    size="small"
                    disabled={!chosen.includes(c)}
                    maxLength={TEMPLATE_LIMITS.fixedValue}
                    placeholder={t('tpl.fixedPlaceholder')}
                    aria-label={`${SIMPLE_COLUMN_LABELS[c][lang]} ${t('tpl.field.fixed')}`}
                  />
                </Form.Item>
              </Flex>
            ))}
          </Flex>
        </Checkbox.Group>
      </Form.Item>
    </TemplateFormDrawer>
  );
}
