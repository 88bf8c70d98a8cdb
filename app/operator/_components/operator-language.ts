import type { Metadata } from 'next';
import { langOfRequest } from '../../_components/lang-of-request';
import { operatorMessages, type OperatorLang, type OperatorMessages } from './messages';

/**
 * The operator console's language for this request: the one chosen with the toggle in the nav
 * (the checkout's cookie, kept for /operator), else the browser's. The console's root layout sets
 * `<html lang>` from it (htmlLang of pay/[token]/language.ts).
 */
export async function operatorLangOfRequest(): Promise<OperatorLang> {
  return langOfRequest();
}

/** The console's language and its frame's strings. */
export async function operatorMessagesOfRequest(): Promise<{ lang: OperatorLang; t: OperatorMessages }> {
  const lang = await operatorLangOfRequest();
  return { lang, t: operatorMessages[lang] };
}

/** A page's title in the console's language ("Disputes · Operator console"); console pages are never indexed. */
export async function operatorPageMetadata(title: (lang: OperatorLang) => string): Promise<Metadata> {
  const lang = await operatorLangOfRequest();
  return { title: `${title(lang)} · ${operatorMessages[lang].consoleTitle}`, robots: { index: false } };
}
