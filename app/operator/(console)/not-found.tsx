import type { Metadata } from 'next';
import { ConsoleNotFound } from '../../_components/console/console-not-found';

export const metadata: Metadata = { title: 'Not found' };

export default function OperatorNotFound() {
  return <ConsoleNotFound title="Not found" lead="There is no order or case at this address." home="/operator" homeLabel="Back to the disputes queue" />;
}
