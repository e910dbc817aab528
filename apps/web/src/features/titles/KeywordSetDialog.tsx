import { useState } from 'react';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { KEYWORD_SET_NAME_MAX, keywordSetProblem, keywordsOf, utf8Bytes, type KeywordSet } from '@app/contract';
import { useAddKeywordSet, useUpdateKeywordSet } from '../../api';
import { useFeedback } from '../../app/feedback';
import { useI18n } from '../../app/i18n';

/**
 * A keyword set's edit dialog (docs/listing-tools.md#keywords): its name and its keywords, one a line (a pasted
 * comma-separated list works too); the count and bytes say what the file's keywords field can hold. The same
 * rules as the server's, said before sending; the server's refusal shows as it is.
 */
export function KeywordSetDialog({ set, onClose }: { set: KeywordSet | null; onClose: () => void }) {
  const { t, m } = useI18n();
  const { message } = useFeedback();
  const [name, setName] = useState(set?.name ?? '');
  const [text, setText] = useState(set ? set.keywords.join('\n') : '');
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string>();
  const add = useAddKeywordSet();
  const update = useUpdateKeywordSet();
  const words = keywordsOf(text);
  const problem = keywordSetProblem(name, words);

  const save = async () => {
    setTried(true);
    setFailure(undefined);
    if (problem) return;
    try {
      await (set
        ? update.mutateAsync({ id: set.id, name: name.trim(), keywords: words })
        : add.mutateAsync({ name: name.trim(), keywords: words }));
      void message.success(t('keywords.saved'));
      onClose();
    } catch (e) {
      setFailure((e as Error).message);
    }
  };

  return (
    <Modal
      open
      title={t(set ? 'keywords.editTitle' : 'keywords.new')}
      onOk={() => void save()}
      onCancel={onClose}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={add.isPending || update.isPending}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('keywords.f.name')}>
          <Input
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={KEYWORD_SET_NAME_MAX}
            showCount
            aria-label={t('keywords.f.name')}
          />
        </Form.Item>
        <Form.Item
          label={t('keywords.f.words')}
          extra={
            <Typography.Text type="secondary">
              {t('keywords.f.counted', { n: words.length, bytes: utf8Bytes(words.join(' ')) })}
            </Typography.Text>
          }
        >
          <Input.TextArea
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoSize={{ minRows: 6, maxRows: 14 }}
            aria-label={t('keywords.f.words')}
          />
        </Form.Item>
      </Form>
      {((tried && problem) || failure) && <Alert type="error" showIcon title={failure ?? m(problem!.key, problem!.params)} />}
    </Modal>
  );
}
