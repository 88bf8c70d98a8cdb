'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { Lang } from '../pay/[token]/language';

const PageLangContext = createContext<Lang>('en');

/** The language of a console's page for the parts the consoles share (error lines, confirmations). */
export function PageLangProvider({ lang, children }: { lang: Lang; children: ReactNode }) {
  return <PageLangContext.Provider value={lang}>{children}</PageLangContext.Provider>;
}

export function usePageLang(): Lang {
  return useContext(PageLangContext);
}
