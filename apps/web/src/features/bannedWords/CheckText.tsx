import { useState } from 'react';
import { Alert, Button, Card, Flex, Input, Tag } from 'antd';
import type { DataOf, routes } from '@app/contract';
import { useCheckBannedWords } from '../../api';
import { settled } from '../../app/feedback';
import { useI18n } from '../../app/i18n';
import { highlightSegments } from './highlight';
import { platformKey, PlatformSelect } from './PlatformSelect';

/** The check box: a text checked against the list, the words found marked in it. */
export function CheckText() {
  const { t } = useI18n();
  const [text, setText] = useState('');
  const [platform, setPlatform] = useState<number | undefined>(undefined);
  const check = useCheckBannedWords();
  const [checked, setChecked] = useState<{ text: string; result: DataOf<typeof routes.keywordBanCheck> } | null>(null);
  const run = () =>
    settled(check.mutateAsync({ texts: [text], ...(platform ? { platform } : {}) }).then((result) => setChecked({ text, result })));
  const hits = checked?.result.list[0]?.hits ?? [];

  return (
    <Card title={t('bannedWords.check.title')} variant="borderless">
      <Flex vertical gap={12}>
        <Input.TextArea
          rows={4}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('bannedWords.check.placeholder')}
          aria-label={t('bannedWords.check.text')}
        />
        <Flex gap={12} align="center" wrap>
          <PlatformSelect value={platform ?? 0} onChange={setPlatform} ariaLabel={t('bannedWords.check.platform')} />
          <Button
            type="primary"
            ghost
            aria-label={t('bannedWords.check.submit')}
            onClick={() => void run()}
            disabled={text.trim() === ''}
            loading={check.isPending}
          >
            {t('bannedWords.check.submit')}
          </Button>
        </Flex>
        {checked &&
          (hits.length === 0 ? (
            <Alert type="success" showIcon title={t('bannedWords.check.clean')} />
          ) : (
            <>
              <Alert
                type={checked.result.blocked ? 'error' : 'warning'}
                showIcon
                title={t('bannedWords.check.found', { count: new Set(hits.map((h) => h.word.toLowerCase())).size })}
                description={checked.result.blocked ? t('bannedWords.check.blocked') : t('bannedWords.check.stripped')}
              />
              <div
                data-testid="banned-words-highlight"
                style={{
                  whiteSpace: 'pre-wrap',
                  wordBreak: 'break-word',
                  padding: 12,
                  background: '#fafafa',
                  borderRadius: 6,
                  lineHeight: 1.8,
                }}
              >
                {highlightSegments(
                  checked.text,
                  hits.flatMap((h) => h.ranges),
                ).map((s, i) =>
                  s.hit ? (
                    <mark key={i} style={{ background: '#ffccc7', padding: '0 2px', borderRadius: 3 }}>
                      {s.text}
                    </mark>
                  ) : (
                    <span key={i}>{s.text}</span>
                  ),
                )}
              </div>
              <Flex gap={8} wrap>
                {hits.map((h) => (
                  <Tag key={h.id} color={h.action === 'block' ? 'red' : 'orange'}>
                    {h.word} · {t(platformKey(h.platform))} · {t(`bannedWords.actionShort.${h.action}`)} ·{' '}
                    {t('bannedWords.check.times', { count: h.ranges.length })}
                  </Tag>
                ))}
              </Flex>
            </>
          ))}
      </Flex>
    </Card>
  );
}
