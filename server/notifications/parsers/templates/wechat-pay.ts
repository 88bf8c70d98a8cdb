import type { NotificationTemplate } from '../template';
import { AMOUNT } from './shared';

/** WeChat Pay notifications (收款助手 and transfers; no account digits or time in the text). */
export const wechatPay: NotificationTemplate = {
  id: 'wechat-pay',
  name: 'WeChat Pay (微信支付)',
  exampleSender: 'com.tencent.mm',
  senders: [/^wechat(?:[ _-]?pay)?$/i, /^weixin$/i, /^微信(?:支付)?$/, /^com\.tencent\.mm$/i],
  patterns: [
    // 微信支付收款1,000.00元(朋友到店)
    { regex: new RegExp(String.raw`微信支付收款` + AMOUNT + String.raw`元(?:[(（](?<memo>[^)）]*)[)）])?`), direction: 'credit' },
    // [转账]张三向你转账1,000.00元，转账说明：K7QX2M
    {
      regex: new RegExp(String.raw`(?<payer>[^\s\]】，,。]{1,30}?)向你转账¥?` + AMOUNT + String.raw`元?(?:.*?(?:转账说明|备注)[:：](?<memo>[^，,。]+))?`),
      direction: 'credit',
    },
    // 微信支付凭证：你已支付¥200.00
    { regex: new RegExp(String.raw`(?:已支付|支付成功)\s*¥?` + AMOUNT), direction: 'debit' },
  ],
  samples: [
    { text: '微信支付收款1,000.00元(朋友到店)', expect: { direction: 'credit', amount: '1000.00', memo: '朋友到店' } },
    { text: '[转账]张三向你转账3,210.50元，转账说明：K7QX2M', expect: { direction: 'credit', amount: '3210.50', payer: '张三', memo: 'K7QX2M' } },
    { text: '微信支付收款66.6元', expect: { direction: 'credit', amount: '66.60' } },
    { text: '微信支付凭证：你已支付¥200.00', expect: { direction: 'debit', amount: '200.00' } },
  ],
};
