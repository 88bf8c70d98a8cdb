import type { MerchantLang } from '../../../_components/messages';

/** The request log page's strings, in English and Chinese (English defines the shape). No server imports. */
const en = {
  title: 'API requests',
  lead: 'The last 7 days of calls your API keys made, newest first: the method, the route (its template, never the values in the path or the query), the status, how long Corridor took and the request id to quote to support. Bodies are never kept. A call appears a second or so after its answer. Times are UTC.',
  filterLabel: 'Filter the requests',
  statusClass: 'Status',
  anyStatus: 'any',
  classes: { '2xx': '2xx: succeeded', '3xx': '3xx', '4xx': '4xx: refused', '5xx': '5xx: server error' } as Record<string, string>,
  apply: 'Show',
  refresh: 'Refresh',
  loading: 'Loading…',
  empty: 'No requests match. Calls signed with one of your keys appear here.',
  tableLabel: 'API requests',
  time: 'Time',
  method: 'Method',
  route: 'Route',
  status: 'Status',
  latency: 'Latency',
  requestId: 'Request id',
  key: 'API key',
  unknownKey: 'a deleted key',
  previous: 'Newer',
  next: 'Older',
  page: (n: number) => `Page ${n}`,
  pagesLabel: 'API request pages',
};

export type RequestLogMessages = typeof en;

const zh: RequestLogMessages = {
  title: 'API 请求',
  lead: '您的 API 密钥最近 7 天的调用，最新的在前：方法、路由（只记模板，从不记路径中的值或查询参数）、状态码、Corridor 的处理耗时，以及可提供给客服的请求 ID。从不保存请求体。调用在应答后约一秒出现。时间为 UTC。',
  filterLabel: '筛选请求',
  statusClass: '状态',
  anyStatus: '全部',
  classes: { '2xx': '2xx：成功', '3xx': '3xx', '4xx': '4xx：被拒绝', '5xx': '5xx：服务器错误' },
  apply: '显示',
  refresh: '刷新',
  loading: '加载中…',
  empty: '没有符合条件的请求。用您的密钥签名的调用会显示在这里。',
  tableLabel: 'API 请求',
  time: '时间',
  method: '方法',
  route: '路由',
  status: '状态码',
  latency: '耗时',
  requestId: '请求 ID',
  key: 'API 密钥',
  unknownKey: '已删除的密钥',
  previous: '较新',
  next: '较早',
  page: (n) => `第 ${n} 页`,
  pagesLabel: 'API 请求分页',
};

export const requestLogMessages: Record<MerchantLang, RequestLogMessages> = { en, zh };
