import Link from 'next/link';

/** A console's answer to an unknown order or case (HTTP 404), inside the console's own frame. */
export function ConsoleNotFound({ title, lead, home, homeLabel }: { title: string; lead: string; home: string; homeLabel: string }) {
  return (
    <div className="prose">
      <p className="eyebrow">404</p>
      <h1>{title}</h1>
      <p className="lead">{lead}</p>
      <p>
        <Link href={home}>{homeLabel}</Link>
      </p>
    </div>
  );
}
