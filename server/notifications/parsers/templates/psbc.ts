import type { NotificationTemplate } from '../template';
import { AMOUNT } from './shared';

/** Postal Savings Bank of China: SMS from 95580 (with a two-digit year). */
export const psbc: NotificationTemplate = {
  id: 'psbc',
  name: 'PSBC (邮储银行)',
  exampleSender: '95580',
  senders: [/95580$/, /^psbc$/i, /^邮储银行$/],
  patterns: [
    {
      // 【邮储银行】26年11月23日14:05您尾号1234账户转账收入金额1,000.00元，余额5,000.00元。付款人张三，附言K7QX2M。
      regex: new RegExp(
        String.raw`(?<year>\d{2})年(?<month>\d{1,2})月(?<day>\d{1,2})日(?<hour>\d{1,2}):(?<minute>\d{2})您尾号(?<last4>\d{4})账户[^\d]*?(?<direction>收入|支出|提现|消费)金额` +
          AMOUNT +
          String.raw`元(?:.*?付款人[:：]?(?<payer>[^，,。]+))?(?:.*?附言[:：]?(?<memo>[^，,。]+))?`,
      ),
      direction: { 收入: 'credit', 支出: 'debit', 提现: 'debit', 消费: 'debit' },
    },
  ],
  samples: [
    {
      text: '【邮储银行】26年11月23日14:05您尾号1234账户转账收入金额1,000.00元，余额5,000.00元。付款人张三，附言K7QX2M。',
      expect: { direction: 'credit', amount: '1000.00', last4: '1234', time: '2026-11-23 14:05', payer: '张三', memo: 'K7QX2M' },
    },
    {
      text: '【邮储银行】26年11月23日09:01您尾号7788账户他行来账收入金额150,000.00元，余额150,500.00元。',
      expect: { direction: 'credit', amount: '150000.00', last4: '7788', time: '2026-11-23 09:01' },
    },
    {
      text: '【邮储银行】26年11月23日15:10您尾号1234账户快捷支付支出金额200.00元，余额4,800.00元。',
      expect: { direction: 'debit', amount: '200.00', last4: '1234', time: '2026-11-23 15:10' },
    },
  ],
};
