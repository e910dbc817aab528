import { Col, Flex, Row } from 'antd';
import { useBannedWords } from '../../api';
import { PageHeader } from '../../app/components';
import { useI18n } from '../../app/i18n';
import { useUrlList } from '../../app/urlList';
import { AddWords } from './AddWords';
import { CheckText } from './CheckText';
import { WordTable } from './WordTable';

const PAGE_SIZES = [20, 50, 100];

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
