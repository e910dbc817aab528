import { createNoticeRepo } from '../modules/notices/index.js';
import type { DemoContentDeps } from './deps.js';

const HOUR = 3600;
const DAY = 24 * HOUR;

/** The demo's notices, newest first, each dated this long before the first start (seconds). */
const DEMO_NOTICES = [
  {
    ago: 2 * HOUR,
    title: '新功能上线：手机也能逛产品库、收藏空白产品',
    content:
      '欢迎使用手机版！现在用手机也能浏览全部空白产品，首页按“新品”“热销”快速挑选，或按产品分类和名称查找。\n' +
      '看中的产品在详情页点“收藏”，就会保存到“个人产品库”，下次打开直接找到。每个账号（包括子账号）的产品库各自独立，互不影响。\n' +
      '手机屏幕较小，设计产品建议在电脑上进行。',
  },
  {
    ago: 3 * DAY,
    title: '法定节假日生产与发货安排',
    content:
      '法定节假日期间工厂轮休：节前最后一个工作日 18:00 前支付的订单照常排产并发货；假期中支付的订单，在节后第一个工作日起按支付先后顺序生产，交期预计顺延 2 至 3 天。\n' +
      '每次假期的具体日期以节前发布的公告为准。如有加急需求，请提前联系客服。',
  },
  {
    ago: 9 * DAY,
    title: '部分产品价格及国际运费调整说明',
    content:
      '受原材料和国际物流成本变化影响，部分空白产品价格及国际运费将随之调整。\n' +
      '已支付的订单不受影响；新订单的产品价格与运费以下单结算页显示为准。感谢您一直以来的支持！',
  },
] as const;

/**
 * The demo's notices (docs/mobile.md#notices): a new-feature welcome, the holiday production schedule and a
 * price and shipping notice, dated before the first start so the list shows them newest first. Nothing is added
 * when the table holds any notice, retired ones too: an operator's own notices, or the demo's once retired, stay
 * as they are.
 */
export async function seedDemoNotices(deps: Pick<DemoContentDeps, 'db' | 'now' | 'log'>): Promise<void> {
  const repo = createNoticeRepo(deps.db);
  if (await repo.any()) return;
  const now = Math.floor(deps.now() / 1000);
  // Oldest first, so that ids follow the dates as they do for notices added one by one.
  for (const n of [...DEMO_NOTICES].reverse()) {
    await repo.insert({ title: n.title, content: n.content, created_at: now - n.ago, retired_at: null });
  }
  deps.log(`Demo notices added: ${DEMO_NOTICES.length}`);
}
