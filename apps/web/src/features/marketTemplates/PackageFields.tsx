import { Col, Form, InputNumber, Row } from 'antd';
import { useI18n } from '../../app/i18n';

const SIDES = ['package_length', 'package_width', 'package_height'] as const;
const SIDE_LABEL = { package_length: 'mtpl.field.length', package_width: 'mtpl.field.width', package_height: 'mtpl.field.height' } as const;

/** A marketplace template's leaf category id (from the marketplace's own category tree); required. */
export function CategoryIdField() {
  const { t, m } = useI18n();
  return (
    <Form.Item
      name="category_id"
      label={t('mtpl.field.categoryId')}
      extra={t('mtpl.field.categoryIdHint')}
      rules={[{ required: true, message: m('marketTemplateCategory') }]}
    >
      <InputNumber min={1} precision={0} controls={false} style={{ width: '100%' }} />
    </Form.Item>
  );
}

/** The package's length, width and height, each required, in the marketplace's range and unit. */
export function PackageSides(props: {
  min: number;
  max?: number;
  precision: number;
  unit: string;
  /** The message of a missing side, naming the field as the marketplace does. */
  missing: (field: string) => string;
}) {
  const { t } = useI18n();
  return (
    <Row gutter={16}>
      {SIDES.map((s) => (
        <Col span={8} key={s}>
          <Form.Item name={s} label={t(SIDE_LABEL[s])} rules={[{ required: true, message: props.missing(s) }]}>
            <InputNumber min={props.min} max={props.max} precision={props.precision} suffix={props.unit} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}
