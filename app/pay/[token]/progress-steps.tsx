'use client';

import { useMessages } from './messages-context';
import { stepStates, type Screen, type StepState } from './screen-of';

const markers: Record<StepState, string | null> = { done: '✓', stopped: '✕', current: null, todo: null };

export function ProgressSteps({ screen }: { screen: Screen }) {
  const { t } = useMessages();
  const labels = [t.steps.pay, t.steps.confirming, t.steps.done];
  const stateText: Record<StepState, string | null> = {
    done: t.steps.stateDone,
    current: t.steps.stateCurrent,
    stopped: t.steps.stateStopped,
    todo: null,
  };
  return (
    <ol className="checkout-steps" aria-label={t.steps.label}>
      {stepStates(screen).map((state, index) => (
        <li key={index} className={`checkout-step is-${state}`} aria-current={state === 'current' ? 'step' : undefined}>
          <span className="checkout-step-marker" aria-hidden="true">
            {markers[state] ?? index + 1}
          </span>
          <span className="checkout-step-label">{labels[index]}</span>
          {stateText[state] ? <span className="visually-hidden"> ({stateText[state]})</span> : null}
        </li>
      ))}
    </ol>
  );
}
