import type { ReactNode } from 'react';

export function FlowSteps({ title, summary, steps }: { title: string; summary: ReactNode; steps: ReactNode[] }) {
  return (
    <div className="panel">
      <h3>{title}</h3>
      <p>{summary}</p>
      <ol className="steps">
        {steps.map((step, index) => (
          <li key={index}>{step}</li>
        ))}
      </ol>
    </div>
  );
}
