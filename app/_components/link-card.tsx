import Link from 'next/link';

export function LinkCard({ href, title, description }: { href: string; title: string; description: string }) {
  return (
    <Link href={href} className="card">
      <span className="card-title">{title}</span>
      <span className="card-description">{description}</span>
    </Link>
  );
}
