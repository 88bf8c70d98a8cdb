import type { NotificationTemplate } from '../template';
import { AMOUNT } from './shared';

/** China Construction Bank: SMS from 95533. */
export const ccb: NotificationTemplate = {
  id: 'ccb',
  name: 'CCB (建设银行)',
  exampleSender: '95533',
  senders: [/95533$/, /^ccb$/i, /^建设银行$/],
  patterns: [
    {
      // 您尾号1234的储蓄卡11月23日14时05分向您转账存入人民币1,000.00元,活期余额5,000.00元。对方户名：张三，附言：K7QX2M。[建设银行]
      regex: new RegExp(
        String.raw`尾号(?<last4>\d{4})的储蓄卡(?:账户)?(?<month>\d{1,2})月(?<day>\d{1,2})日(?<hour>\d{1,2})时(?<minute>\d{2})分[^\d]*?(?<direction>存入|收入|支出|消费)人民币` +
          AMOUNT +
          String.raw`元(?:.*?对方户名[:：](?<payer>[^，,。;；\]]+))?(?:.*?附言[:：](?<memo>[^，,。;；\]]+))?`,
      ),
      direction: { 存入: 'credit', 收入: 'credit', 支出: 'debit', 消费: 'debit' },
    },
  ],
  samples: [
    {
      text: '您尾号1234的储蓄卡11月23日14时05分向您转账存入人民币1,000.00元,活期余额5,000.00元。对方户名：张三，附言：K7QX2M。[建设银行]',
      expect: { direction: 'credit', amount: '1000.00', last4: '1234', time: '11-23 14:05', payer: '张三', memo: 'K7QX2M' },
    },
    {
      text: '[建设银行]您尾号5678的储蓄卡账户1月2日8时07分跨行转入存入人民币23,456.78元,活期余额30,000.00元。',
      expect: { direction: 'credit', amount: '23456.78', last4: '5678', time: '01-02 08:07' },
    },
    {
      text: '您尾号1234的储蓄卡11月23日15时10分消费支出人民币200.00元,活期余额4,800.00元。[建设银行]',
      expect: { direction: 'debit', amount: '200.00', last4: '1234', time: '11-23 15:10' },
    },
  ],
};
