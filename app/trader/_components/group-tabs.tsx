'use client';

import { useTraderMessages } from './messages-context';

export type Group = 'open' | 'closed';

/** The "In progress / Finished" switch of the trader's order lists. */
export function GroupTabs({ label, group, onChoose }: { label: string; group: Group; onChoose: (next: Group) => void }) {
  const { t } = useTraderMessages();
  return (
    <div className="trader-tabs" role="group" aria-label={label}>
      <button type="button" className="trader-button" aria-pressed={group === 'open'} onClick={() => onChoose('open')}>
        {t.common.inProgress}
      </button>
      <button type="button" className="trader-button" aria-pressed={group === 'closed'} onClick={() => onChoose('closed')}>
        {t.common.finished}
      </button>
    </div>
  );
}
