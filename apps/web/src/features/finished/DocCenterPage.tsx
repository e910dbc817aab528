import { Anchor, Card, Col, Row, Typography } from 'antd';
import { Link } from 'react-router';
import type { Lang } from '@app/contract';
import { PageHeader } from '../../app/components';
import { useI18n } from '../../app/i18n';

type Section = { id: string; title: Record<Lang, string>; items: Record<Lang, string>[] };

/** What each action of the finished-products screen does (/doccenter, docs/finished.md#navigation), in the words the screen uses. */
const SECTIONS: Section[] = [
  {
    id: 'search',
    title: { zh: '搜索与筛选', en: 'Search and filters' },
    items: [
      {
        zh: '按产品名称、素材图名称（包含即可）、成品编号、合成编号、创建时间、账号和自定义分组搜索；在任一输入框按 Enter 即搜索，“重置”清空全部条件。',
        en: 'Search by product name or material image name (contains), finished number, synthesis number, creation time, account and custom group; Enter in any field searches, Reset clears every condition.',
      },
      {
        zh: '创建时间可选最近一周、一个月、三个月；开始时间为当天 00:00:00，结束时间为当天 23:59:59。',
        en: 'Creation time offers the last week, month and three months; a range starts at 00:00:00 and ends at 23:59:59.',
      },
      {
        zh: '左侧“产品分类”按分类（含子分类）筛选，“自定义分组”按分组（含下级分组）筛选；上方单选按钮按类型筛选。筛选条件和页码保存在网址中，可收藏或分享。',
        en: 'On the left, Categories filter by category (with its sub-categories) and Custom groups by group (with the groups below it); the buttons above the table filter by type. Filters and page live in the address, so a link shows the same list.',
      },
    ],
  },
  {
    id: 'groups',
    title: { zh: '自定义分组', en: 'Custom groups' },
    items: [
      {
        zh: '“管理分组”中可新建（名为“新分组”并直接进入编辑）、重命名（离开输入框即保存）、锁定、解锁和删除分组。“全部”和“未分组”不能编辑。',
        en: 'Manage groups creates a group (named 新分组, ready to rename), renames (leaving the field saves), locks, unlocks and deletes. 全部 and 未分组 cannot be edited.',
      },
      {
        zh: '锁定的分组保护其中的成品：这些成品不能删除，直到解锁。删除分组会同时删除其下级分组，其中的成品移到“未分组”。',
        en: 'A locked group protects the finished products in it: they cannot be deleted until it is unlocked. Deleting a group deletes the groups below it and moves their products to 未分组.',
      },
      {
        zh: '勾选成品后在“批量操作”中“加入分组”或“清除分组”，或在行内点“分组”。',
        en: 'Check products and use Bulk operations → Add to group or Clear group, or Grouping on a row.',
      },
    ],
  },
  {
    id: 'combine',
    title: { zh: '组合商品', en: 'Combination products' },
    items: [
      {
        zh: '“设置组合商品”把勾选的成品合成一个新的组合商品（新的合成编号），被组合的成品在列表中隐藏；所有子商品设计相同时为单素材组合，否则为多素材组合。勾选已有组合会把它的子商品并入新组合。',
        en: 'Set Combination Product makes the checked products one new combination (a new synthesis number); its childs leave the list. Same design everywhere gives a single-material combination, otherwise multi-material. A checked combination is flattened into the new one.',
      },
      {
        zh: '“取消组合”删除组合商品，子商品原样回到列表。',
        en: 'Cancel Combo deletes the combination and returns every child to the list unchanged.',
      },
    ],
  },
  {
    id: 'rows',
    title: { zh: '行内操作', en: 'Row operations' },
    items: [
      {
        zh: '编辑成品：修改每个款式的导出名称、素材名称、关键词、素材颜色、颜色、尺码和价格，“设为母体”指定刊登用的母体款式；“批量改价”一次设置价格。',
        en: 'Edit Finished: change each variant’s export name, material name, keyword, material colour, colour, size and price; 设为母体 picks the listing’s parent variant; batch price sets a price for all.',
      },
      {
        zh: '加入购物车：按编号、颜色或尺码搜索款式，点购物车图标加入。重新设计：点画笔设计单个款式，勾选多个款式可一次设计全部，也可上传 Excel 批量生成号码姓名款。',
        en: 'Add to cart: search the variants by number, colour or size and click the cart. Redesign: the brush designs one variant, several checked variants are designed together, and an Excel file makes one product per row of numbers and names.',
      },
      {
        zh: '备注：点铅笔图标编辑，按 Enter 保存。鼠标移到编号上会出现复制图标。',
        en: 'Remark: click the pencil and press Enter to save. Hovering a number shows its copy icon.',
      },
    ],
  },
  {
    id: 'bulk',
    title: { zh: '批量操作', en: 'Bulk operations' },
    items: [
      {
        zh: '重新生成：按当前设计重新合成成品图。批量下载图片：把所选成品的图片按成品编号和颜色打包下载。批量编辑：在一张表中修改多个成品的款式信息。素材下载：下载裁切图（每个设计区域的印刷图）或原图（上传时的原文件）。',
        en: 'Regenerate recomposes the images of the current design. Bulk picture download zips the chosen products’ images named by finished number and colour. Batch edit changes many products’ variants in one table. Material download gives the cut images (each design area’s print) or the originals (the files as uploaded).',
      },
      {
        zh: '删除前会要求确认；分组已锁定的成品不能删除。',
        en: 'Deleting asks for confirmation; products in a locked group cannot be deleted.',
      },
    ],
  },
];

/** The help centre (docs/finished.md#navigation): how each action of the finished-products screen works. */
export function DocCenterPage() {
  const { t, lang } = useI18n();
  return (
    <>
      <PageHeader title={t('finished.helpCentre')} subtitle={<Link to="/finished">{t('finished.title')}</Link>} />
      <Row gutter={24}>
        <Col flex="auto">
          {SECTIONS.map((s) => (
            <Card key={s.id} id={s.id} title={s.title[lang]} variant="borderless" style={{ marginBottom: 16 }}>
              {s.items.map((item, i) => (
                <Typography.Paragraph key={i}>{item[lang]}</Typography.Paragraph>
              ))}
            </Card>
          ))}
        </Col>
        <Col flex="200px">
          <Anchor items={SECTIONS.map((s) => ({ key: s.id, href: `#${s.id}`, title: s.title[lang] }))} />
        </Col>
      </Row>
    </>
  );
}
