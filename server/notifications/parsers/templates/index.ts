import type { NotificationTemplate } from '../template';
import { abc } from './abc';
import { alipay } from './alipay';
import { boc } from './boc';
import { bocom } from './bocom';
import { ccb } from './ccb';
import { cmb } from './cmb';
import { icbc } from './icbc';
import { psbc } from './psbc';
import { wechatPay } from './wechat-pay';

/** Every template the engine knows; adding a bank is adding its file here (docs/trader-guide.md). */
export const notificationTemplates: readonly NotificationTemplate[] = [icbc, ccb, abc, boc, bocom, psbc, cmb, alipay, wechatPay];
