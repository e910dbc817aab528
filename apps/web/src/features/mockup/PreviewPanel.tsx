import { useState } from 'react';
import { SaveOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Alert, Button, Carousel, Empty, Flex, Form, InputNumber, Typography } from 'antd';
import { Link } from 'react-router';
import { useFeedback } from '../../app/feedback';
import { useI18n, type StringKey } from '../../app/i18n';
import { isQuantity, isQuantityText, QUANTITY_MAX } from './quantity';
import { PREVIEW_TEE, PREVIEW_VIEWS } from './samples';

/** Where the real design editor starts: a blank of the catalogue opens it (docs/editor.md). */
export const EDITOR_START = '/products';

/**
 * The right-hand column (docs/mockup-prototype.md#the-page): the canvas's picture on a few placeholder T-shirt
 * colours in a carousel, the quantity and the two buttons. The buttons only say that this is a prototype and where
 * the real editor is: nothing is sent anywhere.
 */
export function PreviewPanel({ snapshot }: { snapshot: string | null }) {
  const { t } = useI18n();
  const { message } = useFeedback();
  const [quantity, setQuantity] = useState(1);
  // What the seller is typing, while it is not a quantity (antd keeps the last good one until the field is left).
  const [badText, setBadText] = useState<string | null>(null);
  const [told, setTold] = useState(false);

  const prototypeAction = () => {
    setTold(true);
    void message.info(t('mockup.prototypeAction'));
  };

  return (
    <section className="mockup-panel mockup-side" aria-label={t('mockup.preview')}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('mockup.preview')}
      </Typography.Title>
      {snapshot ? (
        <div data-testid="mockup-preview">
          <Carousel className="mockup-carousel" arrows infinite={false} dots>
            {PREVIEW_VIEWS.map((view) => {
              const caption = t('mockup.previewOf', { color: t(`mockup.view.${view.id}` as StringKey) });
              return (
                <div key={view.id}>
                  <figure className="mockup-view" style={{ background: '#f3f4f6' }}>
                    <svg viewBox="0 0 240 240" aria-hidden>
                      <path d={PREVIEW_TEE} fill={view.color} stroke="#9ca3af" strokeWidth={2} strokeLinejoin="round" />
                    </svg>
                    <img src={snapshot} alt={caption} className="mockup-view-art" />
                    <figcaption aria-hidden>{caption}</figcaption>
                  </figure>
                </div>
              );
            })}
          </Carousel>
        </div>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('mockup.previewEmpty')} className="mockup-preview-empty" />
      )}

      <div className="mockup-order">
        {/* A Form.Item rather than a bare label: it keeps the chunks other pages share whole (docs/mockup-prototype.md#its-cost-to-other-pages). */}
        <Form.Item
          label={t('mockup.quantity')}
          htmlFor="mockup-quantity"
          layout="vertical"
          validateStatus={badText !== null ? 'error' : undefined}
          help={badText !== null ? <span id="mockup-quantity-error">{t('mockup.quantityInvalid')}</span> : undefined}
          style={{ marginBottom: 0 }}
        >
          <InputNumber
            id="mockup-quantity"
            min={1}
            max={QUANTITY_MAX}
            value={quantity}
            aria-invalid={badText !== null}
            aria-describedby={badText !== null ? 'mockup-quantity-error' : undefined}
            onInput={(text) => setBadText(isQuantityText(text) ? null : text)}
            onChange={(n) => {
              if (isQuantity(n)) setQuantity(n);
            }}
            onBlur={() => {
              if (badText === null) return;
              setBadText(null);
              void message.warning(t('mockup.quantityReset', { n: quantity }));
            }}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Flex gap={8} wrap>
          <Button type="primary" icon={<ShoppingCartOutlined />} onClick={prototypeAction} style={{ flex: '1 1 auto' }}>
            {t('mockup.addToCart')}
          </Button>
          <Button icon={<SaveOutlined />} onClick={prototypeAction} style={{ flex: '1 1 auto' }}>
            {t('mockup.save')}
          </Button>
        </Flex>
        {told && (
          <Alert
            type="info"
            showIcon
            data-testid="mockup-prototype-notice"
            title={t('mockup.prototypeAction')}
            description={<Link to={EDITOR_START}>{t('mockup.openEditor')}</Link>}
          />
        )}
      </div>
    </section>
  );
}
