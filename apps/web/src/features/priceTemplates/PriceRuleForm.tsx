import { Alert, Col, Form, Input, InputNumber, Modal, Radio, Row, Select, TreeSelect } from 'antd';
import { useState } from 'react';
import {
  PRICE_RULE_NAME_MAX,
  priceRuleProblem,
  type CategoryNode,
  type PriceRule,
  type PriceRuleFields,
  type PriceTemplateProblem,
} from '@app/contract';
import { useAddPriceRule, useCategories, useUpdatePriceRule } from '../../api';
import { useFeedback } from '../../app/feedback';
import { useI18n } from '../../app/i18n';

interface FormValues {
  name: string;
  action: 'add' | 'subtract';
  unit: 'amount' | 'percent';
  value: number | null;
  sizes: string[];
  colors: string[];
  category_ids: number[];
  price_min: number | null;
  price_max: number | null;
}

const EMPTY: FormValues = {
  name: '',
  action: 'add',
  unit: 'amount',
  value: null,
  sizes: [],
  colors: [],
  category_ids: [],
  price_min: null,
  price_max: null,
};

const fieldsOf = (v: FormValues): PriceRuleFields => ({ ...v, name: v.name ?? '', value: typeof v.value === 'number' ? v.value : NaN });

interface TreeNode {
  value: number;
  title: string;
  children: TreeNode[];
}
/** The category tree as TreeSelect reads it. */
const treeOf = (nodes: readonly CategoryNode[]): TreeNode[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, children: treeOf(n.childlist as CategoryNode[]) }));

/**
 * A price rule's form (docs/listing-tools.md#price-rules), in a dialog over /price-template: what to add or
 * subtract and when. Checked by the contract's priceRuleProblem before sending, as the server checks it.
 */
export function PriceRuleForm({ rule, open, onClose }: { rule: PriceRule | null; open: boolean; onClose: () => void }) {
  const { t, m } = useI18n();
  const { message } = useFeedback();
  const [form] = Form.useForm<FormValues>();
  const [problem, setProblem] = useState<PriceTemplateProblem | null>(null);
  const add = useAddPriceRule();
  const update = useUpdatePriceRule();
  const categories = useCategories();
  const unit = Form.useWatch('unit', form) ?? 'amount';

  const save = async () => {
    const values = { ...EMPTY, ...form.getFieldsValue() };
    const fields = fieldsOf(values);
    const p = priceRuleProblem(fields);
    setProblem(p);
    if (p) return;
    const body = { ...fields, name: fields.name.trim() };
    await (rule ? update.mutateAsync({ id: rule.id, ...body }) : add.mutateAsync(body));
    void message.success(t('priceRule.saved'));
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t(rule ? 'priceRule.edit' : 'priceRule.new')}
      onCancel={onClose}
      onOk={() => void save()}
      okButtonProps={{ loading: add.isPending || update.isPending }}
      destroyOnHidden
      width={640}
    >
      <Form<FormValues> form={form} layout="vertical" initialValues={rule ?? EMPTY} preserve={false} requiredMark={false}>
        <Form.Item name="name" label={t('priceRule.field.name')}>
          <Input maxLength={PRICE_RULE_NAME_MAX} showCount aria-label={t('priceRule.field.name')} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="action" label={t('priceRule.field.action')}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'add', label: t('priceRule.action.add') },
                  { value: 'subtract', label: t('priceRule.action.subtract') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item name="unit" label={t('priceRule.field.unit')}>
              <Select
                aria-label={t('priceRule.field.unit')}
                options={[
                  { value: 'amount', label: t('priceRule.unit.amount') },
                  { value: 'percent', label: t('priceRule.unit.percent') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="value" label={t('priceRule.field.value')}>
              <InputNumber
                min={0}
                step={1}
                suffix={unit === 'percent' ? '%' : undefined}
                style={{ width: '100%' }}
                aria-label={t('priceRule.field.value')}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="sizes" label={t('priceRule.field.sizes')}>
              <Select
                mode="tags"
                tokenSeparators={[',', '，']}
                placeholder={t('priceRule.listPlaceholder')}
                aria-label={t('priceRule.field.sizes')}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="colors" label={t('priceRule.field.colors')}>
              <Select
                mode="tags"
                tokenSeparators={[',', '，']}
                placeholder={t('priceRule.listPlaceholder')}
                aria-label={t('priceRule.field.colors')}
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="category_ids" label={t('priceRule.field.categories')}>
              <TreeSelect
                multiple
                treeData={treeOf(categories.data?.list ?? [])}
                loading={categories.isPending}
                aria-label={t('priceRule.field.categories')}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="price_min" label={t('priceRule.field.min')}>
              <InputNumber min={0} style={{ width: '100%' }} aria-label={t('priceRule.field.min')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="price_max" label={t('priceRule.field.max')}>
              <InputNumber min={0} style={{ width: '100%' }} aria-label={t('priceRule.field.max')} />
            </Form.Item>
          </Col>
        </Row>
        {problem && (
          <div data-testid="rule-problem">
            <Alert type="error" showIcon title={m(problem.key, problem.params)} />
          </div>
        )}
      </Form>
    </Modal>
  );
}
