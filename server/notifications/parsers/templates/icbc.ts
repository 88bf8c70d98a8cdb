import type { NotificationTemplate } from '../template';

import { AMOUNT } from './shared';

/** Industrial and Commercial Bank of China: SMS from 95588. */
export const icbc: NotificationTemplate = {
  id: 'icbc',
  name: 'ICBC (工商银行)',
  exampleSender: '95588',
  senders: [/95588$/, /^icbc$/i, /^工商银行$/],
  patterns: [
    {
      // 您尾号1234卡11月23日14:05网上银行转账收入(张三)1,000.00元，余额5,000.00元，附言K7QX2M。【工商银行】
      regex: new RegExp(
        String.raw`尾号(?<last4>\d{4})卡(?<month>\d{1,2})月(?<day>\d{1,2})日(?<hour>\d{1,2}):(?<minute>\d{2})[^()（）\d]*?(?<direction>收入|支出)(?:[(（](?<payer>[^)）]*)[)）])?` +
          AMOUNT +
          String.raw`元(?:.*?附言[:：]?(?<memo>[^，,。【]+))?`,
      ),
      direction: { 收入: 'credit', 支出: 'debit' },
    },
  ],
  samples: [
    {
      text: '您尾号1234卡11月23日14:05网上银行转账收入(张三)1,000.00元，余额5,000.00元，附言K7QX2M。【工商银行】',
      expect: { direction: 'credit', amount: '1000.00', last4: '1234', time: '11-23 14:05', payer: '张三', memo: 'K7QX2M' },
    },
    {
      text: '您尾号1234卡11月23日09:30工商银行收入(他行汇入)12,345.6元，余额17,345.60元。【工商银行】',
      expect: { direction: 'credit', amount: '12345.60', last4: '1234', time: '11-23 09:30', payer: '他行汇入' },
    },
    {
      text: '您尾号1234卡11月23日15:10快捷支付支出(支付宝-某某商户)200.00元，余额4,800.00元。【工商银行】',
      expect: { direction: 'debit', amount: '200.00', last4: '1234', time: '11-23 15:10', payer: '支付宝-某某商户' },
    },
  ],
};
