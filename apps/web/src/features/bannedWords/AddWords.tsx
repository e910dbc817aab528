import { Button, Card, Flex, Form, Input, Radio } from 'antd';
import { KEYWORD_BAN_ACTIONS, KEYWORD_BAN_MAX_LINES, type KeywordBanAction } from '@app/contract';
import { useAddBannedWords } from '../../api';
import { useFeedback, settled } from '../../app/feedback';
import { useI18n } from '../../app/i18n';
import { PlatformSelect } from './PlatformSelect';

/** The lines of a paste that hold a word (what the server counts against the line limit). */
const wordLines = (text: string | undefined) => (text ?? '').split(/\r\n|\r|\n/).filter((l) => l.trim() !== '').length;

interface AddForm {
  words: string;
  platform: number;
  action: KeywordBanAction;
}

/** The paste box: words one per line, for a marketplace, blocking or stripping. */
export function AddWords() {
  const { t, m } = useI18n();
  const { message } = useFeedback();
  const [form] = Form.useForm<AddForm>();
  const words = Form.useWatch('words', form);
  const add = useAddBannedWords();
  const submit = (v: AddForm) =>
    settled(
      add.mutateAsync(v).then((r) => {
        void message.success(t('bannedWords.add.done', r));
        form.setFieldValue('words', '');
      }),
    );

  return (
    <Card title={t('bannedWords.add.title')} variant="borderless">
      <Form<AddForm> form={form} layout="vertical" initialValues={{ platform: 0, action: 'block' }} onFinish={submit} requiredMark={false}>
        <Form.Item
          name="words"
          label={t('bannedWords.add.words')}
          extra={t('bannedWords.add.lines', { count: wordLines(words), max: KEYWORD_BAN_MAX_LINES })}
          rules={[
            {
              validator: (_, v: string | undefined) =>
                wordLines(v) > 0 ? Promise.resolve() : Promise.reject(new Error(m('keywordBanEmpty'))),
            },
            {
              validator: (_, v: string | undefined) =>
                wordLines(v) <= KEYWORD_BAN_MAX_LINES
                  ? Promise.resolve()
                  : Promise.reject(new Error(m('keywordBanTooManyLines', { max: KEYWORD_BAN_MAX_LINES, count: wordLines(v) }))),
            },
          ]}
        >
          <Input.TextArea rows={7} placeholder={t('bannedWords.add.placeholder')} aria-label={t('bannedWords.add.words')} />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item name="platform" label={t('bannedWords.add.platform')}>
            <PlatformSelect ariaLabel={t('bannedWords.add.platform')} />
          </Form.Item>
          <Form.Item name="action" label={t('bannedWords.add.action')}>
            <Radio.Group
              optionType="button"
              options={KEYWORD_BAN_ACTIONS.map((a) => ({ value: a, label: t(`bannedWords.action.${a}`) }))}
            />
          </Form.Item>
        </Flex>
        <Button type="primary" htmlType="submit" loading={add.isPending} aria-label={t('bannedWords.add.submit')}>
          {t('bannedWords.add.submit')}
        </Button>
      </Form>
    </Card>
  );
}
