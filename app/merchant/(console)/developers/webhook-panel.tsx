'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ErrorLine } from '../../../operator/_components/error-line';
import { formatTime } from '../../../operator/_components/format';
import { useMerchantMessages } from '../../_components/messages-context';
import { fieldErrorsOf } from './field-errors';
import { developersMessages } from './messages';
import { SecretOnce } from './secret-once';

const OVERLAPS = [0, 3600, 86400, 604800];
const PAGE_SIZE = 10;

/** The webhook endpoint: set, clear (confirmed), rotate the secret with an overlap, send a test; then the delivery log. */
export function WebhookPanel() {
  const trpc = useTRPC();
  const t = developersMessages[useMerchantMessages().lang];
  const queryClient = useQueryClient();
  const endpoint = useQuery(trpc.merchantDevelopers.endpoint.queryOptions({}));
  const [page, setPage] = useState(1);
  const deliveries = useQuery(trpc.merchantDevelopers.deliveries.queryOptions({ page, pageSize: PAGE_SIZE }));
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.merchantDevelopers.endpoint.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.merchantDevelopers.deliveries.queryKey() }),
    ]);
  const set = useMutation(trpc.merchantDevelopers.setEndpoint.mutationOptions({ onSuccess: refresh }));
  const clear = useMutation(trpc.merchantDevelopers.clearEndpoint.mutationOptions({ onSuccess: refresh }));
  const rotate = useMutation(trpc.merchantDevelopers.rotateSecret.mutationOptions({ onSuccess: refresh }));
  const sendTest = useMutation(trpc.merchantDevelopers.sendTest.mutationOptions({ onSuccess: refresh }));
  const resend = useMutation(trpc.merchantDevelopers.resend.mutationOptions({ onSuccess: refresh }));
  const [url, setUrl] = useState('');
  const [overlap, setOverlap] = useState(86400);
  const [confirmClear, setConfirmClear] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const urlError = fieldErrorsOf(set.error).url ?? fieldErrorsOf(set.error).webhookUrl;
  const current = endpoint.data;

  return (
    <section aria-labelledby="webhook-heading">
      <h2 id="webhook-heading">{t.webhook}</h2>
      {endpoint.isPending ? <p aria-busy="true">{t.loading}</p> : null}
      <ErrorLine error={endpoint.error} />
      {current ? (
        <dl className="facts">
          <dt>{t.url}</dt>
          <dd className="mono" data-testid="webhook-url">
            {current.url ?? t.notSet}
          </dd>
          <dt>{t.state}</dt>
          <dd>{current.url === null ? t.notSet : current.enabled ? t.enabled : t.disabled}</dd>
          {current.failingSince ? (
            <>
              <dt>{t.failingSince}</dt>
              <dd>{formatTime(current.failingSince)}</dd>
            </>
          ) : null}
          {current.previousSecretExpiresAt ? (
            <>
              <dt>{t.previousSecretUntil}</dt>
              <dd>{formatTime(current.previousSecretExpiresAt)}</dd>
            </>
          ) : null}
        </dl>
      ) : null}

      <form
        className="console-bar"
        aria-label={t.setEndpoint}
        onSubmit={(event) => {
          event.preventDefault();
          set.mutate({ url: url.trim() }, { onSuccess: () => setNotice(t.savedDone) });
        }}
      >
        <label>
          {t.url}
          <input
            type="url"
            required
            maxLength={2048}
            value={url}
            placeholder="https://"
            aria-invalid={urlError ? true : undefined}
            aria-describedby={urlError ? 'url-error' : undefined}
            onChange={(event) => setUrl(event.target.value)}
          />
        </label>
        <button type="submit" className="button is-primary" disabled={set.isPending}>
          {t.setEndpoint}
        </button>
      </form>
      {urlError ? (
        <p id="url-error" role="alert" className="console-error">
          {t.url} {urlError}
        </p>
      ) : (
        <ErrorLine error={set.error} />
      )}
      {set.data?.secret ? (
        <SecretOnce heading={t.webhookSecretHeading} text={t.webhookSecretOnce} label={t.webhookSecretLabel} secret={set.data.secret} copy={t.copy} copied={t.copied} />
      ) : null}

      {current?.url ? (
        <div className="button-row">
          <button type="button" className="button" disabled={sendTest.isPending} onClick={() => sendTest.mutate({}, { onSuccess: (queued) => setNotice(t.testQueued(queued.eventId)) })}>
            {t.sendTest}
          </button>
          <button type="button" className="button is-danger" onClick={() => setConfirmClear(true)}>
            {t.clearEndpoint}
          </button>
        </div>
      ) : null}
      <ErrorLine error={sendTest.error} />
      {confirmClear && current?.url ? (
        <div role="alertdialog" aria-labelledby="clear-text" className="console-form">
          <p id="clear-text">{t.confirmClear(current.url)}</p>
          <div className="button-row">
            <button
              type="button"
              className="button is-danger"
              disabled={clear.isPending}
              onClick={() =>
                clear.mutate(
                  {},
                  {
                    onSuccess: () => {
                      setConfirmClear(false);
                      setNotice(t.clearedDone);
                    },
                  },
                )
              }
            >
              {t.confirmClearButton}
            </button>
            <button type="button" className="button" onClick={() => setConfirmClear(false)}>
              {t.cancel}
            </button>
          </div>
          <ErrorLine error={clear.error} />
        </div>
      ) : null}
      {notice ? (
        <p role="status" className="console-ok">
          {notice}
        </p>
      ) : null}

      {current?.secretSet ? (
        <form
          className="console-bar"
          aria-label={t.rotate}
          onSubmit={(event) => {
            event.preventDefault();
            rotate.mutate({ overlapSeconds: overlap });
          }}
        >
          <label>
            {t.overlap}
            <select value={overlap} onChange={(event) => setOverlap(Number(event.target.value))}>
              {OVERLAPS.map((seconds) => (
                <option key={seconds} value={seconds}>
                  {t.overlaps[seconds]}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button" disabled={rotate.isPending}>
            {t.rotateButton}
          </button>
        </form>
      ) : null}
      <ErrorLine error={rotate.error} />
      {rotate.data ? (
        <SecretOnce heading={t.webhookSecretHeading} text={t.webhookSecretOnce} label={t.webhookSecretLabel} secret={rotate.data.secret} copy={t.copy} copied={t.copied} />
      ) : null}

      <h3 id="deliveries-heading">{t.deliveries}</h3>
      <div className="button-row">
        <button type="button" className="button" onClick={() => refresh()}>
          {t.refresh}
        </button>
      </div>
      <ErrorLine error={deliveries.error ?? resend.error} />
      {deliveries.data && deliveries.data.items.length === 0 ? <p className="console-empty">{t.noDeliveries}</p> : null}
      {deliveries.data && deliveries.data.items.length > 0 ? (
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="deliveries-heading">
          <table aria-labelledby="deliveries-heading" data-testid="delivery-log">
            <thead>
              <tr>
                <th scope="col">{t.event}</th>
                <th scope="col">{t.status}</th>
                <th scope="col">{t.attempts}</th>
                <th scope="col">{t.when}</th>
                <th scope="col">
                  <span className="visually-hidden">{t.resend}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.data.items.map((delivery) => (
                <tr key={delivery.id}>
                  <td>
                    <span className="mono">{delivery.eventType}</span>
                    <br />
                    <span className="mono">{delivery.eventId}</span>
                  </td>
                  <td>
                    <span className={delivery.status === 'failed' ? 'tag is-warning' : 'tag'}>{t.deliveryStatus[delivery.status] ?? delivery.status}</span>
                  </td>
                  <td>
                    {delivery.attemptLog.length === 0 ? (
                      delivery.attempts
                    ) : (
                      <ol className="attempt-log">
                        {delivery.attemptLog.map((attempt) => (
                          <li key={attempt.attempt}>
                            {t.attempt} {attempt.attempt}: {t.statusCode} <span className="mono">{attempt.statusCode ?? t.noAnswer}</span>, {t.latency} {attempt.latencyMs} ms
                            {attempt.response || attempt.error ? (
                              <>
                                <br />
                                <span className="mono">{(attempt.response ?? attempt.error ?? '').slice(0, 120)}</span>
                              </>
                            ) : null}
                          </li>
                        ))}
                      </ol>
                    )}
                  </td>
                  <td>{formatTime(delivery.createdAt)}</td>
                  <td>
                    <button
                      type="button"
                      className="button"
                      aria-label={t.resendOf(delivery.eventId)}
                      disabled={resend.isPending}
                      onClick={() => resend.mutate({ deliveryId: delivery.id }, { onSuccess: () => setNotice(t.resentDone(delivery.eventId)) })}
                    >
                      {t.resend}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {deliveries.data && (page > 1 || deliveries.data.items.length === PAGE_SIZE) ? (
        <nav className="button-row" aria-label={t.deliveries}>
          <button type="button" className="button" disabled={page === 1} onClick={() => setPage(page - 1)}>
            {t.previous}
          </button>
          <span>{t.page(page)}</span>
          <button type="button" className="button" disabled={deliveries.data.items.length < PAGE_SIZE} onClick={() => setPage(page + 1)}>
            {t.next}
          </button>
        </nav>
      ) : null}
    </section>
  );
}
