import { useState } from 'react';
import { DeleteOutlined, SearchOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Form,
  Input,
  Popconfirm,
  Radio,
  Row,
  Select,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
  type TablePaginationConfig,
} from 'antd';
import {
  KEYWORD_BAN_ACTIONS,
  KEYWORD_BAN_MAX_LINES,
  KEYWORD_BAN_MAX_WORD_LENGTH,
  KEYWORD_BAN_PLATFORM_CODES,
  type DataOf,
  type KeywordBan,
  type KeywordBanAction,
  type routes,
} from '@app/contract';
import { useAddBannedWords, useBannedWords, useCheckBannedWords, useDeleteBannedWords } from '../../api';
import { dateTimeCell, PageHeader } from '../../app/components';
import { useI18n, type StringKey } from '../../app/i18n';
import { settled } from '../../app/feedback';
import { useUrlList, type ParamChanges } from '../../app/urlList';
import { highlightSegments } from './highlight';

const PAGE_SIZES = [20, 50, 100];
const platformKey = (p: number) => `bannedWords.platform.${p}` as StringKey;
/** The lines of a paste that hold a word (what the server counts against the line limit). */
const wordLines = (text: string | undefined) => (text ?? '').split(/\r\n|\r|\n/).filter((l) => l.trim() !== '').length;

/**
 * Banned words (/api/keywords_ban/*; docs/domain.md#banned-words): the list with search, marketplace
 * filter and paging (in the URL), bulk delete, a paste box adding words one per line, and a box that checks a
 * text and marks the words found.
 */
export function BannedWordsPage() {
  const { t } = useI18n();
  // Typing in the filter changes the address at each key: replace, so Back leaves the page.
  const { params, setParam, pageNumber, pageSize, pagination } = useUrlList({ sizes: PAGE_SIZES, replace: true });
  const word = params.get('word') ?? '';
  const platformParam = params.get('platform');
  const platform = platformParam === null ? undefined : Number(platformParam);

  const list = useBannedWords({
    pageNumber,
    pageSize,
    ...(word.trim() ? { word: word.trim() } : {}),
    ...(platform === undefined ? {} : { platform }),
  });

  return (
    <>
      <PageHeader title={t('bannedWords.title')} subtitle={t('bannedWords.subtitle')} />
      <Row gutter={[20, 20]}>
        <Col xs={24} xl={16}>
          <WordTable
            data={list.data}
            loading={list.isFetching}
            filtered={word.trim() !== '' || platform !== undefined}
            word={word}
            platform={platform}
            pagination={pagination(list.data?.count ?? 0)}
            setParam={setParam}
          />
        </Col>
        <Col xs={24} xl={8}>
          <Flex vertical gap={20}>
            <AddWords />
            <CheckText />
          </Flex>
        </Col>
      </Row>
    </>
  );
}

function PlatformSelect(props: {
  value?: number;
  onChange?: (v: number) => void;
  allowClear?: boolean;
  placeholder?: string;
  ariaLabel: string;
}) {
  const { t } = useI18n();
  return (
    <Select<number>
      value={props.value}
      onChange={props.onChange}
      allowClear={props.allowClear}
      placeholder={props.placeholder}
      aria-label={props.ariaLabel}
      style={{ minWidth: 170 }}
      options={KEYWORD_BAN_PLATFORM_CODES.map((p) => ({ value: p, label: t(platformKey(p)) }))}
    />
  );
}

function ActionTag({ action }: { action: KeywordBanAction }) {
  const { t } = useI18n();
  return <Tag color={action === 'block' ? 'red' : 'orange'}>{t(`bannedWords.actionShort.${action}`)}</Tag>;
}

function WordTable(props: {
  data: DataOf<typeof routes.keywordBanList> | undefined;
  loading: boolean;
  filtered: boolean;
  word: string;
  platform: number | undefined;
  pagination: TablePaginationConfig;
  setParam: (changes: ParamChanges) => void;
}) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [selected, setSelected] = useState<number[]>([]);
  const del = useDeleteBannedWords();
  const remove = (ids: number[]) =>
    settled(
      del.mutateAsync(ids).then((r) => {
        setSelected((s) => s.filter((id) => !ids.includes(id)));
        void message.success(t('bannedWords.deleted', { count: r.deleted }));
      }),
    );

  const columns: TableColumnsType<KeywordBan> = [
    { title: t('bannedWords.col.word'), dataIndex: 'word', render: (w: string) => <Typography.Text strong>{w}</Typography.Text> },
    { title: t('bannedWords.col.platform'), dataIndex: 'platform', width: 110, render: (p: number) => t(platformKey(p)) },
    { title: t('bannedWords.col.action'), dataIndex: 'action', width: 90, render: (a: KeywordBanAction) => <ActionTag action={a} /> },
    { title: t('bannedWords.col.account'), dataIndex: 'username', width: 100 },
    {
      title: t('bannedWords.col.createtime'),
      dataIndex: 'createtime',
      width: 170,
      render: dateTimeCell,
    },
    {
      title: t('bannedWords.col.actions'),
      key: 'actions',
      width: 80,
      align: 'right',
      fixed: 'right',
      render: (_, r) => (
        <Popconfirm
          title={t('bannedWords.confirmDeleteOne', { word: r.word })}
          okText={t('common.delete')}
          okButtonProps={{ danger: true }}
          cancelText={t('common.cancel')}
          onConfirm={() => remove([r.id])}
        >
          <Button type="link" size="small" danger>
            {t('common.delete')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Card variant="borderless" styles={{ body: { padding: 0 } }}>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ padding: '16px 20px' }}>
        <Flex gap={12} wrap>
          <Input
            allowClear
            prefix={<SearchOutlined style={{ color: 'rgba(0,0,0,0.35)' }} />}
            placeholder={t('bannedWords.search')}
            aria-label={t('bannedWords.search')}
            value={props.word}
            maxLength={KEYWORD_BAN_MAX_WORD_LENGTH}
            onChange={(e) => props.setParam({ word: e.target.value, page: undefined })}
            style={{ width: 240 }}
          />
          <PlatformSelect
            allowClear
            value={props.platform}
            placeholder={t('bannedWords.anyPlatform')}
            ariaLabel={t('bannedWords.filterPlatform')}
            onChange={(v) => props.setParam({ platform: v, page: undefined })}
          />
        </Flex>
        <Flex gap={12} align="center">
          <Typography.Text type="secondary">{t('bannedWords.total', { count: props.data?.count ?? 0 })}</Typography.Text>
          <Popconfirm
            title={t('bannedWords.confirmDeleteMany', { count: selected.length })}
            okText={t('common.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.cancel')}
            onConfirm={() => remove(selected)}
            disabled={selected.length === 0}
          >
            <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} loading={del.isPending}>
              {t('bannedWords.deleteSelected', { count: selected.length })}
            </Button>
          </Popconfirm>
        </Flex>
      </Flex>
      <Table<KeywordBan>
        rowKey="id"
        columns={columns}
        dataSource={props.data?.list ?? []}
        loading={props.loading}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)), preserveSelectedRowKeys: true }}
        pagination={props.pagination}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={props.filtered ? t('bannedWords.noMatch') : t('bannedWords.empty')} /> }}
      />
    </Card>
  );
}

interface AddForm {
  words: string;
  platform: number;
  action: KeywordBanAction;
}

function AddWords() {
  const { t, m } = useI18n();
  const { message } = App.useApp();
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

function CheckText() {
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
