import type { NotificationTemplate } from '../template';
import { AMOUNT } from './shared';

/** Bank of China: SMS from 95566. */
export const boc: NotificationTemplate = {
  id: 'boc',
  name: 'BOC (中国银行)',
  exampleSender: '95566',
  senders: [/95566$/, /^boc$/i, /^中国银行$/],
  patterns: [
    {
      // 【中国银行】您的借记卡账户1234，于11月23日14:05网银转账收入人民币1,000.00元，交易后余额5,000.00元。对方户名：张三；附言：K7QX2M
      regex: new RegExp(
        String.raw`借记卡账户(?:尾号)?(?<last4>\d{4})[，,]于(?<month>\d{1,2})月(?<day>\d{1,2})日(?:(?<hour>\d{1,2}):(?<minute>\d{2}))?[^\d]*?(?<direction>收入|支出)(?:[(（][^)）]*[)）])?人民币` +
          AMOUNT +
          String.raw`元(?:.*?对方户名[:：](?<payer>[^，,。;；]+))?(?:.*?附言[:：](?<memo>[^，,。;；]+))?`,
      ),
      direction: { 收入: 'credit', 支出: 'debit' },
    },
  ],
  samples: [
    {
      text: '【中国银行】您的借记卡账户1234，于11月23日14:05网银转账收入人民币1,000.00元，交易后余额5,000.00元。对方户名：张三；附言：K7QX2M',
      expect: { direction: 'credit', amount: '1000.00', last4: '1234', time: '11-23 14:05', payer: '张三', memo: 'K7QX2M' },
    },
    {
      text: '【中国银行】您的借记卡账户尾号9012，于12月31日23:59收入（跨行转账）人民币88,888.88元，交易后余额90,000.00元。',
      expect: { direction: 'credit', amount: '88888.88', last4: '9012', time: '12-31 23:59' },
    },
    {
      text: '【中国银行】您的借记卡账户1234，于11月23日15:10网上快捷支付支出人民币200.00元，交易后余额4,800.00元。',
      expect: { direction: 'debit', amount: '200.00', last4: '1234', time: '11-23 15:10' },
    },
  ],
};
