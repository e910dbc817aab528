import { useState } from 'react';
import { Button, Form, Input, Selector, TextArea } from 'antd-mobile';
import {
  INQUIRY_COMPANY_MAX,
  INQUIRY_CONTACT_MAX,
  INQUIRY_MESSAGE_MAX,
  INQUIRY_NAME_MAX,
  INQUIRY_SCALE_LABELS,
  INQUIRY_SCALES,
  inquiryContactKind,
  type InquiryAddBody,
} from '@app/contract';
import { useAddInquiry } from '../../api';
import { useI18n } from '../../app/i18n';
import styles from './Site.module.css';

type Fields = Omit<InquiryAddBody, 'scale'> & { scale?: number[] };

/**
 * /mobile-independent-deployment (docs/mobile.md#the-public-pages): how the back office runs on a seller's own servers,
 * in a seller's words, and an inquiry form the server stores (docs/mobile.md#inquiries). Readable logged out.
 */
export function DeploymentPage() {
  const { t, m } = useI18n();
  const [form] = Form.useForm<Fields>();
  const add = useAddInquiry();
  const [sentId, setSentId] = useState<number>();
  const required = (label: string) => ({ required: true, whitespace: true, message: m('inquiryFieldEmpty', { field: label }) });
  const submit = (v: Fields) =>
    add.mutate(
      { name: v.name, company: v.company || undefined, contact: v.contact, message: v.message, scale: v.scale?.[0] },
      { onSuccess: (r) => setSentId(r.id) },
    );
  const contactLabel = t('mobile.deploy.contact');
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{t('mobile.deploy.title')}</h1>
      <p className={styles.lead}>{t('mobile.deploy.lead')}</p>
      <section className={styles.card} aria-labelledby="deploy-how">
        <h2 id="deploy-how" className={styles.cardTitle}>
          {t('mobile.deploy.how')}
        </h2>
        <ol className={styles.steps}>
          {t('mobile.deploy.steps')
            .split('|')
            .map((s) => (
              <li key={s}>{s}</li>
            ))}
        </ol>
      </section>
      <section className={styles.card} aria-labelledby="deploy-ask">
        <h2 id="deploy-ask" className={styles.cardTitle}>
          {t('mobile.deploy.ask')}
        </h2>
        {sentId !== undefined ? (
          <p role="status" className={styles.sent}>
            {t('mobile.deploy.sent', { id: sentId })}
          </p>
        ) : (
          <Form
            form={form}
            layout="vertical"
            requiredMarkStyle="none"
            onFinish={submit}
            footer={
              <Button block type="submit" color="primary" size="large" loading={add.isPending}>
                {t('mobile.deploy.send')}
              </Button>
            }
          >
            <Form.Item name="name" label={t('mobile.deploy.name')} rules={[required(t('mobile.deploy.name'))]}>
              <Input id="inquiry-name" maxLength={INQUIRY_NAME_MAX} aria-label={t('mobile.deploy.name')} />
            </Form.Item>
            <Form.Item name="company" label={t('mobile.deploy.company')}>
              <Input id="inquiry-company" maxLength={INQUIRY_COMPANY_MAX} aria-label={t('mobile.deploy.company')} />
            </Form.Item>
            <Form.Item
              name="contact"
              label={contactLabel}
              rules={[
                required(contactLabel),
                {
                  validator: (_r, v: string | undefined) =>
                    !v?.trim() || inquiryContactKind(v.trim())
                      ? Promise.resolve()
                      : Promise.reject(new Error(m('inquiryContactInvalid', { field: contactLabel }))),
                },
              ]}
            >
              <Input id="inquiry-contact" maxLength={INQUIRY_CONTACT_MAX} aria-label={contactLabel} />
            </Form.Item>
            <Form.Item name="scale" label={t('mobile.deploy.scale')}>
              <Selector columns={1} options={INQUIRY_SCALES.map((s) => ({ label: m(INQUIRY_SCALE_LABELS[s]), value: s }))} />
            </Form.Item>
            <Form.Item name="message" label={t('mobile.deploy.message')} rules={[required(t('mobile.deploy.message'))]}>
              <TextArea
                id="inquiry-message"
                maxLength={INQUIRY_MESSAGE_MAX}
                showCount
                autoSize={{ minRows: 3, maxRows: 8 }}
                aria-label={t('mobile.deploy.message')}
              />
            </Form.Item>
          </Form>
        )}
      </section>
    </div>
  );
}
