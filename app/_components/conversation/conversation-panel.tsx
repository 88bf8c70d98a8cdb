'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { MAX_PROOF_BYTES, MAX_PROOFS } from '../../../common/proof-limits';
import { MAX_MESSAGE_LENGTH } from '../../../common/conversation-limits';
import type { MessageView, SettlementView } from '../../../server/disputes/conversation.schema';
import type { Lang } from '../../pay/[token]/language';
import { errorText } from '../error-text';
import { conversationTexts } from './conversation-texts';
import './conversation.css';

type Party = MessageView['party'];
type Outcome = SettlementView['outcome'];

/** What a party's page knows of the conversation (server/disputes/party-conversation.ts). */
export interface ConversationData {
  flow: 'payout' | 'payin';
  you: Party;
  canWrite: boolean;
  canPropose: boolean;
  answerable: string | null;
  messages: MessageView[];
  settlements: SettlementView[];
}

/** What the panel asks of its family's transport (tRPC under the trader, merchant, operator or checkout). */
export interface ConversationActions {
  post: (input: { body?: string; images: string[] }) => Promise<unknown>;
  propose?: (input: { outcome: Outcome; splitAmount?: string }) => Promise<unknown>;
  answer?: (input: { agreementId: string; answer: 'accept' | 'decline' | 'withdraw' }) => Promise<unknown>;
  markRead: () => Promise<unknown>;
  loadImage: (fileId: string) => Promise<{ contentType: string; base64: string }>;
  /** Reloads the conversation (and the order, which a settlement may close). */
  refresh: () => Promise<unknown>;
}

/** The file's bytes as base64, for the JSON the pages send (the server checks the image). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function ConversationImage({ fileId, label, loading, load }: { fileId: string; label: string; loading: string; load: ConversationActions['loadImage'] }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    load(fileId).then(
      (image) => live && setSrc(`data:${image.contentType};base64,${image.base64}`),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [fileId, load]);
  return src ? (
    <a href={src} target="_blank" rel="noreferrer" className="conversation-image">
      {/* A data URL the party's own procedure returned: nothing for next/image to optimise. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src={src} alt={label} width={160} />
    </a>
  ) : (
    <span className="conversation-image">{loading}</span>
  );
}

/**
 * A dispute's conversation (docs/operator-guide.md, "Conversation"), the same panel on the trader's
 * dashboard, the merchant's order page, the buyer's checkout and the operator's case: the messages
 * with their images and read marks, a form to write, and the settlements the two sides propose and
 * answer, each behind a confirmation. It marks the conversation read when a message from another
 * party is shown.
 */
export function ConversationPanel({ lang, data, actions, orderNo }: { lang: Lang; data: ConversationData; actions: ConversationActions; orderNo?: string }) {
  const m = conversationTexts[lang];
  const ids = { body: useId(), files: useId(), help: useId(), amount: useId(), outcome: useId() };
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>('split');
  const [amount, setAmount] = useState('');
  const [confirming, setConfirming] = useState<null | { kind: 'propose' } | { kind: 'accept'; agreementId: string }>(null);
  const files = useRef<HTMLInputElement>(null);
  const lastOther = [...data.messages].reverse().find((message) => message.party !== data.you)?.id;
  const { markRead } = actions;

  useEffect(() => {
    if (lastOther) void markRead().catch(() => undefined);
  }, [lastOther, markRead]);

  const who = (party: Party) => (party === data.you ? m.you : m.party[party]);
  const settlementOf = (id: string | null) => data.settlements.find((settlement) => settlement.id === id);
  const describe = (settlement: Pick<SettlementView, 'outcome' | 'splitAmount' | 'proposedBy'>) => m.proposal(who(settlement.proposedBy), m.outcome[settlement.outcome], settlement.splitAmount);

  async function run(action: () => Promise<unknown>, success = '') {
    setProblem('');
    setDone('');
    setBusy(true);
    try {
      await action();
      setDone(success);
      await actions.refresh();
      return true;
    } catch (error) {
      setProblem(errorText(error, lang) ?? '');
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function send() {
    const picked = Array.from(files.current?.files ?? []);
    if (picked.length > MAX_PROOFS) return setProblem(m.tooManyImages);
    if (picked.some((file) => file.size > MAX_PROOF_BYTES)) return setProblem(m.tooLarge);
    if (body.trim() === '' && picked.length === 0) return setProblem(m.emptyMessage);
    const images = await Promise.all(picked.map(base64Of));
    const ok = await run(() => actions.post({ ...(body.trim() ? { body } : {}), images }), m.sent);
    if (ok) {
      setBody('');
      if (files.current) files.current.value = '';
    }
  }

  const pending = data.settlements.find((settlement) => settlement.status === 'open');

  return (
    // Named for its order where a page lists several (the trader's cards): each region's name is its own.
    <section className="conversation" aria-label={orderNo ? m.regionFor(orderNo) : m.region} data-testid="dispute-conversation">
      <h3>{m.region}</h3>
      {data.messages.length === 0 ? <p className="conversation-empty">{m.empty}</p> : null}
      <ol className="conversation-messages">
        {data.messages.map((message) => {
          const settlement = settlementOf(message.agreementId);
          return (
            <li key={message.id} className={message.party === data.you ? 'conversation-message is-own' : 'conversation-message'} data-party={message.party}>
              <div className="conversation-meta">
                <strong>{message.authorName ? `${m.party[message.party]} · ${message.authorName}` : who(message.party)}</strong>{' '}
                <time dateTime={message.createdAt}>{message.createdAt.replace('T', ' ').slice(0, 19)} UTC</time>
              </div>
              {message.body ? <p translate="no">{message.body}</p> : null}
              {settlement ? <p className="conversation-notice">{message.party === settlement.proposedBy && message.createdAt === settlement.createdAt ? describe(settlement) : `${who(message.party)}: ${m.status[settlement.status]}`}</p> : null}
              {message.files.length > 0 ? (
                <div className="conversation-images">
                  {message.files.map((file) => (
                    <ConversationImage key={file.id} fileId={file.id} label={m.image(file.position)} loading={m.loadingImage} load={actions.loadImage} />
                  ))}
                </div>
              ) : null}
              {message.party === data.you ? <div className="conversation-read">{message.readBy.length > 0 ? m.readBy(message.readBy.map((party) => m.party[party])) : m.unread}</div> : null}
            </li>
          );
        })}
      </ol>

      {data.settlements.length > 0 ? (
        <div className="conversation-settlements">
          <h4>{m.settlements}</h4>
          <ul>
            {data.settlements.map((settlement) => (
              <li key={settlement.id} data-testid="settlement">
                {describe(settlement)}: {settlement.status === 'accepted' && settlement.rulingProposalId ? m.fourEyes : m.status[settlement.status]}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {data.answerable && actions.answer ? (
        confirming?.kind === 'accept' ? (
          <div role="alertdialog" aria-label={m.accept} className="conversation-confirm">
            <p>{m.confirmAccept}</p>
            <button type="button" disabled={busy} onClick={() => void run(() => actions.answer!({ agreementId: confirming.agreementId, answer: 'accept' })).then(() => setConfirming(null))}>
              {m.confirm}
            </button>
            <button type="button" onClick={() => setConfirming(null)}>
              {m.cancelConfirm}
            </button>
          </div>
        ) : (
          <div className="conversation-actions">
            <button type="button" disabled={busy} onClick={() => setConfirming({ kind: 'accept', agreementId: data.answerable! })}>
              {m.accept}
            </button>
            <button type="button" disabled={busy} onClick={() => void run(() => actions.answer!({ agreementId: data.answerable!, answer: 'decline' }))}>
              {m.decline}
            </button>
          </div>
        )
      ) : null}
      {pending && pending.proposedBy === data.you && actions.answer ? (
        <button type="button" disabled={busy} onClick={() => void run(() => actions.answer!({ agreementId: pending.id, answer: 'withdraw' }))}>
          {m.withdraw}
        </button>
      ) : null}

      {data.canWrite ? (
        <form
          className="conversation-form"
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <label htmlFor={ids.body}>{m.message}</label>
          <textarea id={ids.body} value={body} maxLength={MAX_MESSAGE_LENGTH} aria-describedby={ids.help} onChange={(event) => setBody(event.target.value)} />
          <label htmlFor={ids.files}>{m.images}</label>
          <input id={ids.files} ref={files} type="file" accept="image/jpeg,image/png,image/webp" multiple aria-describedby={ids.help} />
          <span id={ids.help}>{m.messageHelp}</span>
          <button type="submit" disabled={busy}>
            {busy ? m.sending : m.send}
          </button>
        </form>
      ) : (
        <p>{m.closed}</p>
      )}

      {data.canPropose && actions.propose ? (
        <form
          className="conversation-propose"
          onSubmit={(event) => {
            event.preventDefault();
            setConfirming({ kind: 'propose' });
          }}
        >
          <fieldset>
            <legend>{m.propose}</legend>
            {(['release', 'cancel', 'split'] as const).map((option) => (
              <label key={option}>
                <input type="radio" name={ids.outcome} value={option} checked={outcome === option} onChange={() => setOutcome(option)} /> {m.outcome[option]}: {m.outcomeHelp[data.flow][option]}
              </label>
            ))}
            {outcome === 'split' ? (
              <>
                <label htmlFor={ids.amount}>{m.splitAmount}</label>
                <input id={ids.amount} inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value.trim())} />
              </>
            ) : null}
          </fieldset>
          {confirming?.kind === 'propose' ? (
            <div role="alertdialog" aria-label={m.propose} className="conversation-confirm">
              <p>{m.confirmPropose(`${m.outcome[outcome]}${outcome === 'split' ? ` (${amount} USDT)` : ''}`)}</p>
              <button type="button" disabled={busy} onClick={() => void run(() => actions.propose!({ outcome, ...(outcome === 'split' ? { splitAmount: amount } : {}) })).then(() => setConfirming(null))}>
                {m.confirm}
              </button>
              <button type="button" onClick={() => setConfirming(null)}>
                {m.cancelConfirm}
              </button>
            </div>
          ) : (
            <button type="submit" disabled={busy}>
              {m.proposeSubmit}
            </button>
          )}
        </form>
      ) : null}
      <p role="status" className={problem ? 'conversation-error' : 'conversation-success'}>
        {problem || done}
      </p>
    </section>
  );
}
