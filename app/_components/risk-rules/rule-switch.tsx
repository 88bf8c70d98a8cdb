'use client';

import { useId } from 'react';
import { ConfirmButton } from '../console/confirm-dialog';
import type { RiskRuleView } from './condition-text';
import type { RiskRuleMessages } from './risk-rule-messages';
import type { RiskConsole } from './use-risk-rules-api';

/**
 * A rule's on/off switch. The operator confirms every switch (docs/operator-guide.md, "Safe admin
 * actions"). A merchant switches a rule on only once its back-test is on the page, and confirms
 * switching on a blocking rule, whose consequence repeats what it would have refused; a rule that
 * holds or allows, and switching off, act at once.
 */
export function RuleSwitch({
  consoleName,
  rule,
  backTestText,
  pending,
  t,
  onSwitch,
}: {
  consoleName: RiskConsole;
  rule: RiskRuleView;
  /** The rule's back-test as shown on the page, or null before it ran. */
  backTestText: string | null;
  pending: boolean;
  t: RiskRuleMessages;
  onSwitch: (enabled: boolean) => void;
}) {
  const hintId = useId();
  const turnOn = !rule.enabled;
  const label = turnOn ? t.switchOn : t.switchOff;
  const merchant = consoleName === 'merchant';
  if (merchant && turnOn && backTestText === null) {
    return (
      <>
        <button type="button" className="button" disabled aria-describedby={hintId}>
          {label}
        </button>
        <span id={hintId} className="console-hint">
          {t.backTestFirst}
        </span>
      </>
    );
  }
  if (merchant && !(turnOn && rule.action === 'block')) {
    return (
      <button type="button" className="button" disabled={pending} onClick={() => onSwitch(turnOn)}>
        {label}
      </button>
    );
  }
  const consequence = turnOn ? (merchant && backTestText !== null ? t.switchOnBlockConsequence(backTestText) : t.switchOnConsequence) : t.switchOffConsequence;
  return (
    <ConfirmButton
      className={turnOn ? 'button is-danger' : 'button'}
      disabled={pending}
      title={turnOn ? t.switchOnTitle(rule.name) : t.switchOffTitle(rule.name)}
      consequence={consequence}
      confirmLabel={label}
      onConfirm={() => onSwitch(turnOn)}
    >
      {label}
    </ConfirmButton>
  );
}
