import net from 'node:net';
import { DomainError } from '../errors';
import { forbiddenReason } from './private-address';

/**
 * VALIDATION_FAILED for an endpoint URL whose host is an IP address no webhook may reach, for the
 * places that set an endpoint when private destinations are not allowed (docs/security.md). Only
 * literals can be judged this early: a name is judged by the worker when it connects.
 */
export function refusePrivateEndpoint(url: string): void {
  // The URL parser normalises the host first: `http://2130706433/` and `http://0x7f.1/` become 127.0.0.1.
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (!net.isIP(host)) return;
  const reason = forbiddenReason(host);
  if (reason) {
    throw new DomainError('VALIDATION_FAILED', 'The request is not valid.', {
      details: [{ path: 'webhookUrl', message: `must not point to a private address (${reason})` }],
    });
  }
}
