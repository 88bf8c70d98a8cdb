import type { NotificationTemplate } from '../template';
import { AMOUNT } from './shared';

/** Alipay app notifications (no account digits or time in the text: the received time is used). */
export const alipay: NotificationTemplate = {
  id: 'alipay',
  name: 'Alipay (支付宝)',
  exampleSender: 'com.eg.android.AlipayGphone',
  senders: [/^alipay$/i, /^支付宝$/, /^com\.eg\.android\.AlipayGphone$/i],
  patterns: [
    // 张三通过扫码向你付款1,000.00元 / 张三向你转账1,000.00元，备注：K7QX2M
    {
      regex: new RegExp(String.raw`^(?<payer>[^\s，,。]{1,30}?)(?:通过扫码)?向你(?:付款|转账)` + AMOUNT + String.raw`元(?:.*?(?:备注|留言)[:：](?<memo>[^，,。]+))?`),
      direction: 'credit',
    },
    // 支付宝成功收款1.00元。享免费提现等更多专属服务，点击查看
    { regex: new RegExp(String.raw`成功收款` + AMOUNT + '元'), direction: 'credit' },
    // 你已成功付款200.00元 / 付款成功 ¥200.00
    { regex: new RegExp(String.raw`(?:成功付款|付款成功\s*¥)` + AMOUNT), direction: 'debit' },
  ],
  samples: [
    { text: '张三通过扫码向你付款1,000.00元', expect: { direction: 'credit', amount: '1000.00', payer: '张三' } },
    { text: '李四向你转账2,345.67元，备注：K7QX2M', expect: { direction: 'credit', amount: '2345.67', payer: '李四', memo: 'K7QX2M' } },
    { text: '支付宝成功收款88.80元。享免费提现等更多专属服务，点击查看', expect: { direction: 'credit', amount: '88.80' } },
    { text: '你已成功付款200.00元', expect: { direction: 'debit', amount: '200.00' } },
  ],
};
