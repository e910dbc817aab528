import { useMemo, type ReactNode } from 'react';
import { LockOutlined } from '@ant-design/icons';
import {
  Card,
  Checkbox,
  Col,
  Empty,
  Flex,
  Grid,
  Input,
  Pagination,
  Radio,
  Row,
  Skeleton,
  Spin,
  Tag,
  Tooltip,
  Tree,
  Typography,
  type TreeDataNode,
} from 'antd';
import { Link } from 'react-router';
import {
  PRODUCT_LEVEL_OPTIONS,
  PRODUCT_SEARCH_DEFAULT_PAGE_SIZE,
  PRODUCT_TAG_OPTIONS,
  type CategoryNode,
  type ProductListQuery,
  type ProductSearchItem,
} from '@app/contract';
import { useCategories, useFavoritePage, useProducts } from '../../api';
import { PageHeader } from '../../app/components';
import { useI18n } from '../../app/i18n';
import { useCurrentUser } from '../../app/layout';
import { useUrlList, type ParamChanges } from '../../app/urlList';
import { FavoriteButton } from './FavoriteButton';
import { formatPrice, tagLabel } from './labels';
import { Swatch } from './Swatch';

const ALL = 'all';
const PAGE_SIZE = PRODUCT_SEARCH_DEFAULT_PAGE_SIZE;
const SWATCHES_SHOWN = 8;

function toTree(nodes: readonly CategoryNode[]): TreeDataNode[] {
  return nodes.map((n) => ({ key: String(n.id), title: n.name, children: toTree(n.childlist as CategoryNode[]) }));
}

/** A code of the URL ('' or absent = all), kept only when it is one of 0–3. */
type Code = '' | 0 | 1 | 2 | 3;
const code = (s: string | null): Code => (s !== null && /^[0-3]$/.test(s) ? (Number(s) as Code) : '');

/** A row of the filters: its label, one button per code (the first one "all"), and an optional hint after them. */
function CodeFilter(props: {
  label: string;
  value: Code;
  onChange: (value: string) => void;
  options: { value: Code; label: ReactNode }[];
  hint?: string;
  disabled?: boolean;
}) {
  return (
    <Flex align="center" gap={12} wrap>
      <Typography.Text type="secondary" style={{ width: 40 }}>
        {props.label}
      </Typography.Text>
      <Radio.Group
        optionType="button"
        value={props.value}
        aria-label={props.label}
        onChange={(e) => props.onChange(String(e.target.value))}
        options={props.options}
        disabled={props.disabled}
      />
      {props.hint !== undefined && <Typography.Text type="secondary">{props.hint}</Typography.Text>}
    </Flex>
  );
}

/**
 * 产品库 (the product query, docs/editor.md#catalogue): the category tree, name search, tag and level filters, and the blanks in pages
 * of 20, each with its 收藏 / 已收藏. 只看收藏 shows the account's personal product library instead, in pages of 20 too, last saved
 * first (docs/mobile.md#the-personal-product-library); the library is not searched, so the filters rest meanwhile. The filters
 * live in the URL so that Back from a product returns to the same list.
 */
export function ProductsPage() {
  const { t, lang } = useI18n();
  const me = useCurrentUser();
  // On a narrow screen the categories go above the products rather than beside them.
  const narrow = Grid.useBreakpoint().md === false;
  const { params, setParam, pageNumber: page, afterRemove } = useUrlList({ sizes: [PAGE_SIZE], defaultSize: PAGE_SIZE });
  const saved = params.get('saved') === '1';
  const cid = params.get('cid') ?? '';
  const name = params.get('name') ?? '';
  const tag = code(params.get('tag'));
  const level = code(params.get('level'));

  const query: ProductListQuery = useMemo(
    () => ({
      pageNumber: page,
      pageSize: PAGE_SIZE,
      ...(name ? { name } : {}),
      ...(cid ? { cid: Number(cid) } : {}),
      tag,
      level,
    }),
    [page, name, cid, tag, level],
  );
  const products = useProducts(query, !saved);
  const library = useFavoritePage(page, PAGE_SIZE, saved);
  const shown = saved ? library : products;
  const categories = useCategories();
  const tree = useMemo<TreeDataNode[]>(
    () => [{ key: ALL, title: t('catalogue.allCategories'), children: toTree(categories.data?.list ?? []) }],
    [categories.data, t],
  );

  /** Sets some filters; any change but the page's goes back to page 1. */
  const update = (changes: ParamChanges) => setParam({ page: undefined, ...changes });

  const list: ProductSearchItem[] = (saved ? library.data?.list : products.data?.product_list) ?? [];
  const total = shown.data?.total ?? 0;

  return (
    <>
      <PageHeader title={t('catalogue.title')} subtitle={t('catalogue.subtitle')} />
      <Flex gap={16} align={narrow ? 'stretch' : 'flex-start'} vertical={narrow}>
        <Card
          variant="borderless"
          title={t('catalogue.categories')}
          style={narrow ? undefined : { width: 240, flex: 'none' }}
          styles={{ body: { padding: '8px 12px 12px' } }}
        >
          {!categories.data ? (
            <Skeleton active paragraph={{ rows: 4 }} title={false} />
          ) : (
            <Tree
              blockNode
              defaultExpandAll
              disabled={saved}
              treeData={tree}
              selectedKeys={[cid || ALL]}
              onSelect={(keys) => {
                const key = keys[0];
                if (key !== undefined) update({ cid: key === ALL ? '' : String(key) });
              }}
              aria-label={t('catalogue.categories')}
            />
          )}
        </Card>

        <Flex vertical gap={16} style={{ flex: 1, minWidth: 0 }}>
          <Card variant="borderless" styles={{ body: { padding: '16px 20px' } }}>
            <Flex vertical gap={12}>
              <Flex align="center" gap={16} wrap>
                <Input.Search
                  key={name}
                  defaultValue={name}
                  allowClear
                  disabled={saved}
                  placeholder={t('catalogue.search')}
                  aria-label={t('catalogue.search')}
                  enterButton
                  style={{ maxWidth: 420, flex: '1 1 240px' }}
                  onSearch={(v) => update({ name: v.trim() })}
                />
                <Checkbox checked={saved} onChange={(e) => update({ saved: e.target.checked ? '1' : undefined })}>
                  {t('catalogue.savedOnly')}
                </Checkbox>
              </Flex>
              {saved && <Typography.Text type="secondary">{t('catalogue.savedHint')}</Typography.Text>}
              <CodeFilter
                label={t('catalogue.tag')}
                value={tag}
                disabled={saved}
                onChange={(v) => update({ tag: v })}
                options={PRODUCT_TAG_OPTIONS.map((o) => ({ value: o.value, label: o.label[lang] }))}
              />
              <CodeFilter
                label={t('catalogue.level')}
                value={level}
                disabled={saved}
                onChange={(v) => update({ level: v })}
                options={PRODUCT_LEVEL_OPTIONS.map((o) => ({
                  value: o.value,
                  // A level above the account's can be browsed, not designed: marked with a lock.
                  label:
                    o.value !== '' && o.value > me.level ? (
                      <Tooltip title={t('catalogue.levelLocked', { level: o.value })}>
                        <span>
                          <LockOutlined style={{ marginInlineEnd: 4 }} aria-label={t('catalogue.levelLocked', { level: o.value })} />
                          {o.label[lang]}
                        </span>
                      </Tooltip>
                    ) : (
                      o.label[lang]
                    ),
                }))}
                hint={t('catalogue.levelHint', { level: me.level })}
              />
            </Flex>
          </Card>

          <Spin spinning={shown.isFetching && shown.isPlaceholderData}>
            {shown.isPending ? (
              <Card variant="borderless">
                <Skeleton active />
              </Card>
            ) : list.length === 0 ? (
              <Card variant="borderless">
                <Empty description={t(saved ? 'catalogue.savedEmpty' : 'catalogue.empty')} />
              </Card>
            ) : (
              <Row gutter={[16, 16]} role="list" aria-label={t('catalogue.title')}>
                {list.map((p) => (
                  <Col key={p.id} xs={24} sm={12} lg={8} xxl={6} role="listitem">
                    <ProductCard
                      product={p}
                      locked={p.level > me.level}
                      // Taken out of the library it leaves this list; the last one of a later page shows the page before.
                      onFavoriteDone={saved ? (favorite) => !favorite && afterRemove(list.length, 1) : undefined}
                    />
                  </Col>
                ))}
              </Row>
            )}
          </Spin>

          <Flex justify="space-between" align="center" gap={8} wrap>
            <Typography.Text type="secondary">{t(saved ? 'catalogue.savedTotal' : 'catalogue.total', { total })}</Typography.Text>
            <Pagination
              current={page}
              pageSize={PAGE_SIZE}
              total={total}
              showSizeChanger={false}
              hideOnSinglePage
              onChange={(p) => update({ page: String(p) })}
            />
          </Flex>
        </Flex>
      </Flex>
    </>
  );
}

/** A blank's card: a link to its page, and over its picture (beside the link, not in it) its 收藏 / 已收藏. */
function ProductCard({
  product: p,
  locked,
  onFavoriteDone,
}: {
  product: ProductSearchItem;
  locked: boolean;
  onFavoriteDone?: (favorite: boolean) => void;
}) {
  const { t, lang } = useI18n();
  const tag = tagLabel(p.tag, lang);
  return (
    <div style={{ position: 'relative', height: '100%' }}>
      <Link to={`/productdtl?id=${p.id}`} aria-label={p.name} style={{ display: 'block', height: '100%' }}>
        <Card
          hoverable
          variant="borderless"
          style={{ height: '100%' }}
          styles={{ body: { padding: '12px 16px 16px' } }}
          cover={
            <div style={{ position: 'relative', aspectRatio: '1 / 1', background: '#f5f6fa' }}>
              <img src={p.thumb} alt={p.name} loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'contain' }} />
              <Flex gap={4} style={{ position: 'absolute', top: 8, left: 8 }}>
                {tag && <Tag color="red">{tag}</Tag>}
                {locked && (
                  <Tag icon={<LockOutlined />} color="default">
                    {t('catalogue.levelLocked', { level: p.level })}
                  </Tag>
                )}
              </Flex>
            </div>
          }
        >
          <Flex vertical gap={8}>
            <Typography.Text strong ellipsis={{ tooltip: p.name }} style={{ fontSize: 15 }}>
              {p.name}
            </Typography.Text>
            <Flex justify="space-between" align="baseline">
              <Typography.Text style={{ color: '#d4380d', fontSize: 16, fontWeight: 600 }}>
                {t('catalogue.priceFrom', { price: formatPrice(p.min_price) })}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {p.cate_name} · v{p.level}
              </Typography.Text>
            </Flex>
            <Flex gap={6} align="center" wrap aria-label={t('catalogue.colors', { count: p.colors.length })}>
              {p.colors.slice(0, SWATCHES_SHOWN).map((c) => (
                <Swatch key={c.code + c.name} name={c.name} code={c.code} />
              ))}
              {p.colors.length > SWATCHES_SHOWN && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  +{p.colors.length - SWATCHES_SHOWN}
                </Typography.Text>
              )}
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
              {t('catalogue.sizes')}: {p.sizes.join(' / ')}
            </Typography.Text>
          </Flex>
        </Card>
      </Link>
      <FavoriteButton
        size="small"
        productId={p.id}
        favorite={p.favorite === 1}
        onDone={onFavoriteDone}
        style={{ position: 'absolute', top: 8, right: 8 }}
      />
    </div>
  );
}
