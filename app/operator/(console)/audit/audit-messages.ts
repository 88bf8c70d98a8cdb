import type { Lang } from '../../../pay/[token]/language';

/** The strings of the audit log page; English defines the shape and Chinese is typed by it. */
const en = {
  title: 'Audit log',
  lead: 'Every operator and trader action and every card-number view, newest first. Times are UTC.',
  form: 'Filter the audit log',
  actorType: 'Actor type',
  any: 'Any',
  actorId: 'Actor id',
  action: 'Action (e.g. dispute. for a family)',
  targetType: 'Target type',
  targetId: 'Target id',
  from: 'From (UTC)',
  to: 'Until (UTC)',
  apply: 'Apply filters',
  clear: 'Clear',
  empty: 'No entries match these filters.',
  tableLabel: 'Audit log',
  time: 'Time',
  actor: 'Actor',
  actionCol: 'Action',
  target: 'Target',
  details: 'Details',
  pagerLabel: 'Audit log',
};

const zh: typeof en = {
  title: '审计日志',
  lead: '所有运营人员和承兑商的操作以及每次查看卡号的记录，最新的在前。时间为 UTC。',
  form: '筛选审计日志',
  actorType: '操作方类型',
  any: '全部',
  actorId: '操作方 ID',
  action: '操作（如 dispute. 表示一类）',
  targetType: '对象类型',
  targetId: '对象 ID',
  from: '起始（UTC）',
  to: '截止（UTC）',
  apply: '应用筛选',
  clear: '清除',
  empty: '没有符合筛选条件的记录。',
  tableLabel: '审计日志',
  time: '时间',
  actor: '操作方',
  actionCol: '操作',
  target: '对象',
  details: '详情',
  pagerLabel: '审计日志',
};

export const auditMessages: Record<Lang, typeof en> = { en, zh };
