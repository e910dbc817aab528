import { inquiryMessages, type Lang } from '@app/contract';

/**
 * The phone's public pages (docs/mobile.md#the-public-pages): online design, the cloud-image advantage, independent
 * deployment with its inquiry form, and about.
 */
export const MOBILE_SITE_STRINGS = {
  'mobile.design.title': { zh: '在线设计', en: 'Online design' },
  'mobile.design.lead': {
    zh: '选一款空白产品，设计器会在这个标签页打开。手机屏幕较小，复杂的设计建议在电脑上完成。',
    en: 'Pick a blank and the editor opens in this tab. A computer gives complex designs more room.',
  },
  'mobile.design.opening': { zh: '正在打开设计器…', en: 'Opening the editor…' },
  'mobile.design.saved': { zh: '个人产品库', en: 'Your product library' },
  'mobile.design.new': { zh: '新品', en: 'New blanks' },
  'mobile.design.open': { zh: '设计', en: 'Design' },
  'mobile.design.browse': { zh: '浏览全部产品分类', en: 'Browse every category' },
  'mobile.design.mockup': { zh: '效果图面板原型（电脑版）', en: 'Mockup panel prototype (desktop)' },
  'mobile.advantage.title': { zh: '云端出图', en: 'Images made in the cloud' },
  'mobile.advantage.lead': {
    zh: '设计一次，服务器按每个颜色合成全部效果图和印刷文件，不占用你的电脑和手机。',
    en: 'Design once: the server composes every mockup and print file in every colour, without your computer or phone doing the work.',
  },
  'mobile.advantage.live': { zh: '实时数据（{time} 更新）', en: 'Live figures (as of {time})' },
  'mobile.advantage.blanks': { zh: '款在售空白产品', en: 'blanks on sale' },
  'mobile.advantage.colours': { zh: '种颜色', en: 'colours' },
  'mobile.advantage.finished': { zh: '个已生成的成品', en: 'finished products made' },
  'mobile.advantage.composed': { zh: '个已合成全部效果图', en: 'with all their images composed' },
  'mobile.advantage.median': { zh: '秒：合成一个成品的中位用时', en: 's: median time to compose a product' },
  'mobile.advantage.noMedian': { zh: '暂无合成记录', en: 'No composition yet' },
  'mobile.advantage.points': {
    zh: '每个颜色、每个视图都合成；改设计后一键重新生成|批量：Excel 一次生成 20 个号码姓名款|导出各平台的上架表格，或直接发布到两个平台|下单生产，钱包支付，订单跟踪到发货',
    en: 'Every colour and every view composed; one tap recomposes after a change|Batches: 20 name-and-number designs from one spreadsheet|Listing files for each marketplace, or publish straight to two|Order production, pay from the wallet, follow each order to shipping',
  },
  'mobile.advantage.start': { zh: '开始设计', en: 'Start designing' },
  'mobile.deploy.title': { zh: '独立部署', en: 'Independent deployment' },
  'mobile.deploy.lead': {
    zh: '在你自己的服务器上运行整套后台：数据和图片都在你手里。',
    en: 'Run the whole back office on your own servers: your data and images stay with you.',
  },
  'mobile.deploy.how': { zh: '怎么运行', en: 'How it runs' },
  'mobile.deploy.steps': {
    zh: '一台装有 Node.js 22 的服务器即可起步：默认使用本机 SQLite 数据库文件和本地目录保存图片|业务增长后设置 DATABASE_URL 改用 PostgreSQL，设置 REDIS_URL 让合成、导出和发布在独立的任务进程里运行|市场平台、支付和工厂都通过适配器接入，换成你自己的账号只需改配置|我们协助安装、迁移数据和升级',
    en: 'One server with Node.js 22 to start: a SQLite database file and a local folder for images by default|As you grow, set DATABASE_URL for PostgreSQL and REDIS_URL to run composition, exports and publishing in worker processes|Marketplaces, payment and the factory are adapters: your own accounts are a configuration change|We help with installing, moving your data and upgrading',
  },
  'mobile.deploy.ask': { zh: '咨询独立部署', en: 'Ask about deployment' },
  'mobile.deploy.name': { zh: '称呼', en: 'Your name' },
  'mobile.deploy.company': { zh: '公司（选填）', en: 'Company (optional)' },
  'mobile.deploy.contact': { zh: '手机、电话或邮箱', en: 'Mobile, phone or email' },
  'mobile.deploy.scale': { zh: '业务规模（选填）', en: 'Scale (optional)' },
  'mobile.deploy.message': { zh: '想了解什么', en: 'What you would like to know' },
  'mobile.deploy.send': { zh: '提交咨询', en: 'Send' },
  'mobile.deploy.sent': {
    zh: '已收到你的咨询（编号 {id}），我们会尽快联系你。',
    en: 'We have your inquiry (no. {id}) and will be in touch soon.',
  },
  'mobile.about.title': { zh: '关于', en: 'About' },
  'mobile.about.lead': {
    zh: '按需印刷卖家的后台：设计、生成成品图、上架到平台、下单生产、跟踪订单。',
    en: 'The back office of print-on-demand sellers: design, compose product images, list on marketplaces, order production, follow orders.',
  },
  'mobile.about.version': { zh: '版本 {version}', en: 'Version {version}' },
  'mobile.about.help': { zh: '客服电话', en: 'Customer service' },
  'mobile.about.qr': { zh: '扫码联系客服', en: 'Scan to reach customer service' },
  'mobile.about.call': { zh: '拨打 {phone}', en: 'Call {phone}' },
} as const satisfies Record<string, Record<Lang, string>>;

export const texts = { strings: MOBILE_SITE_STRINGS, messages: inquiryMessages };
