import type { Metadata, Viewport } from 'next';

/**
 * What every root layout states (docs/architecture.md, "Page families"): the site, the checkout and
 * each console are separate root layouts, and each exports these.
 */
export const rootMetadata: Metadata = {
  title: {
    template: '%s · Corridor',
    default: 'Corridor: open-source fiat/crypto payment gateway',
  },
  description:
    'Corridor is a self-hosted, open-source gateway: merchants pay out CNY to bank cards and accept CNY pay-ins settled in USDT, traders provide the liquidity, operators arbitrate.',
};

export const rootViewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#ffffff' },
    { media: '(prefers-color-scheme: dark)', color: '#161b22' },
  ],
};
