import { useRef, useState, type ReactNode } from 'react';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Empty, Flex, Form, Input, InputNumber, Radio, Row, Skeleton, Tag } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  TITLE_MAX_LENGTH_MAX,
  TITLE_OVERFLOWS,
  TITLE_TEMPLATE_NAME_MAX,
  TITLE_TEMPLATE_TEXT_MAX,
  titleTemplateProblem,
  type TitleOverflow,
  type TitleTemplate,
} from '@app/contract';
import { useAddTitleTemplate, useTitleTemplates, useUpdateTitleTemplate } from '../../api';
import { PageHeader } from '../../app/components';
import { useFeedback } from '../../app/feedback';
import { useI18n } from '../../app/i18n';
import { positiveIdParam } from '../../app/urlParams';
import { PLACEHOLDER_BUTTONS } from './labels';
import { TitlePreviewCard } from './TitlePreviewCard';

interface FormValues {
  name: string;
  template: string;
  overflow: TitleOverflow;
  max_length: number | null;
}

const NEW_TEMPLATE: FormValues = { name: '', template: '{export_name} {color} {size}', overflow: 'cut', max_length: 0 };
const formOf = (t: TitleTemplate): FormValues => ({ name: t.name, template: t.template, overflow: t.overflow, max_length: t.max_length });

/**
 * /title-template-edit (new) and ?id= (edit): the template's text with its placeholders, what an over-long
 * title does, an own length limit, and a live preview on a chosen finished product — the server's preview call,
 * the same filling the export and the publish use (docs/listing-tools.md#preview).
 */
export function TitleTemplateEditPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const id = positiveIdParam(params.get('id'));
  // The list holds the template (a page of 100 is the most a seller keeps at hand; an edit opens from it).
  const list = useTitleTemplates({ pageNumber: 1, pageSize: 100 });
  const existing = id === null ? undefined : list.data?.list.find((r) => r.id === id);
  const back = (
    <Link to="/title-templates">
      <ArrowLeftOutlined /> {t('titles.back')}
    </Link>
  );
  if (id !== null && list.isPending) return <Skeleton active />;
  if (id !== null && !existing)
    return (
      <Card>
        <Empty description={t('titles.notFound')}>{back}</Empty>
      </Card>
    );
  return <TemplateForm key={id ?? 'new'} id={id} initial={existing ? formOf(existing) : NEW_TEMPLATE} back={back} />;
}

function TemplateForm({ id, initial, back }: { id: number | null; initial: FormValues; back: ReactNode }) {
  const { t, m } = useI18n();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const watched = Form.useWatch([], form) as Partial<FormValues> | undefined;
  const [triedSave, setTriedSave] = useState(false);
  const text = useRef<TextAreaRef>(null);
  const add = useAddTitleTemplate();
  const update = useUpdateTitleTemplate();

  const values = { ...initial, ...watched };
  const fields = {
    name: values.name ?? '',
    template: values.template ?? '',
    overflow: values.overflow ?? 'cut',
    max_length: typeof values.max_length === 'number' ? values.max_length : NaN,
  };
  const problem = titleTemplateProblem(fields);
  // The preview needs only the text and the limits: it runs before the template has a name.
  const textProblem = titleTemplateProblem({ ...fields, name: '-' });

  /** Puts a placeholder where the cursor is (or at the end). */
  const insert = (placeholder: string) => {
    const el = text.current?.resizableTextArea?.textArea;
    const current = fields.template;
    const at = el ? el.selectionStart : current.length;
    const end = el ? el.selectionEnd : current.length;
    const before = current.slice(0, at);
    const spaced = before === '' || before.endsWith(' ') ? placeholder : ` ${placeholder}`;
    form.setFieldValue('template', before + spaced + current.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      const caret = at + spaced.length;
      el?.setSelectionRange(caret, caret);
    });
  };

  const save = async () => {
    setTriedSave(true);
    if (problem) {
      void message.error(m(problem.key, problem.params));
      return;
    }
    const body = { ...fields, name: fields.name.trim() };
    await (id === null ? add.mutateAsync(body) : update.mutateAsync({ id, ...body }));
    void message.success(t('titles.saved'));
    void navigate('/title-templates');
  };

  return (
    <>
      <PageHeader title={t(id === null ? 'titles.newTitle' : 'titles.editTitle')} subtitle={t('titles.subtitle')} extra={back} />
      <Row gutter={[20, 20]}>
        <Col xs={24} xl={12}>
          <Card>
            <Form<FormValues> form={form} layout="vertical" initialValues={initial} onFinish={() => void save()} requiredMark={false}>
              <Form.Item name="name" label={t('titles.f.name')}>
                <Input maxLength={TITLE_TEMPLATE_NAME_MAX} showCount aria-label={t('titles.f.name')} />
              </Form.Item>
              <Form.Item label={t('titles.f.template')} extra={t('titles.f.templateHint')}>
                <Flex gap={6} wrap style={{ marginBottom: 8 }}>
                  {PLACEHOLDER_BUTTONS.map((p) => (
                    <Tag.CheckableTag key={p.text} checked={false} onChange={() => insert(p.text)} style={{ border: '1px dashed #d9d9d9' }}>
                      <span title={t(p.label)}>{p.text}</span>
                    </Tag.CheckableTag>
                  ))}
                </Flex>
                <Form.Item name="template" noStyle>
                  <Input.TextArea
                    ref={text}
                    autoSize={{ minRows: 3, maxRows: 8 }}
                    maxLength={TITLE_TEMPLATE_TEXT_MAX}
                    aria-label={t('titles.f.template')}
                  />
                </Form.Item>
              </Form.Item>
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item name="overflow" label={t('titles.f.overflow')}>
                    <Radio.Group
                      aria-label={t('titles.f.overflow')}
                      optionType="button"
                      options={TITLE_OVERFLOWS.map((o) => ({ value: o, label: t(`titles.overflow.${o}`) }))}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="max_length" label={t('titles.f.maxLength')} extra={t('titles.f.maxLengthHint')}>
                    <InputNumber
                      min={0}
                      max={TITLE_MAX_LENGTH_MAX}
                      step={1}
                      precision={0}
                      style={{ width: '100%' }}
                      aria-label={t('titles.f.maxLength')}
                    />
                  </Form.Item>
                </Col>
              </Row>
              {(triedSave || (textProblem && fields.template.trim() !== '')) && (problem ?? textProblem) && (
                <div data-testid="save-problem" style={{ marginBottom: 16 }}>
                  <Alert type="error" showIcon title={m((problem ?? textProblem)!.key, (problem ?? textProblem)!.params)} />
                </div>
              )}
              <Flex gap={8}>
                <Button type="primary" htmlType="submit" loading={add.isPending || update.isPending}>
                  {t('common.save')}
                </Button>
                <Button onClick={() => void navigate('/title-templates')}>{t('common.cancel')}</Button>
              </Flex>
            </Form>
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <TitlePreviewCard
            template={
              textProblem ? null : { text: fields.template, overflow: fields.overflow as TitleOverflow, max_length: fields.max_length }
            }
          />
        </Col>
      </Row>
    </>
  );
}
