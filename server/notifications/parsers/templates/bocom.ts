import type { NotificationTemplate } from '../template';
import { AMOUNT } from './shared';

/** Bank of Communications: SMS from 95559. */
export const bocom: NotificationTemplate = {
  id: 'bocom',
  name: 'BOCOM (交通银行)',
  exampleSender: '95559',
  senders: [/95559$/, /^bocom$/i, /^交通银行$/],
  patterns: [
    {
      // 【交通银行】您尾号*1234的卡于11月23日14:05网银转入1,000.00元，交易后余额为5,000.00元。对方户名：张三，附言：K7QX2M
      regex: new RegExp(
        String.raw`尾号\*?(?<last4>\d{4})的卡于(?<month>\d{1,2})月(?<day>\d{1,2})日(?<hour>\d{1,2}):(?<minute>\d{2})[^\d]*?(?<direction>转入|存入|收入|转出|支出|支付|消费)` +
          AMOUNT +
          String.raw`元(?:.*?对方户名[:：](?<payer>[^，,。;；]+))?(?:.*?附言[:：](?<memo>[^，,。;；]+))?`,
      ),
      direction: { 转入: 'credit', 存入: 'credit', 收入: 'credit', 转出: 'debit', 支出: 'debit', 支付: 'debit', 消费: 'debit' },
    },
  ],
  samples: [
    {
      text: '【交通银行】您尾号*1234的卡于11月23日14:05网银转入1,000.00元，交易后余额为5,000.00元。对方户名：张三，附言：K7QX2M',
      expect: { direction: 'credit', amount: '1000.00', last4: '1234', time: '11-23 14:05', payer: '张三', memo: 'K7QX2M' },
    },
    {
      text: '【交通银行】您尾号*3456的卡于3月8日10:15他行汇入存入3,000元，交易后余额为8,000.00元。',
      expect: { direction: 'credit', amount: '3000.00', last4: '3456', time: '03-08 10:15' },
    },
    {
      text: '【交通银行】您尾号*1234的卡于11月23日15:10支付宝支付200.00元，交易后余额为4,800.00元。',
      expect: { direction: 'debit', amount: '200.00', last4: '1234', time: '11-23 15:10' },
    },
  ],
};
