'use client';
import { useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '@/lib/apollo/errors';
import { formatDateTime } from '@/common/format/dates';
import {
  MStaffWhatsappEndHandover,
  MStaffWhatsappReply,
  QStaffWhatsappConversation,
  WHATSAPP_REPLY_MAX,
  WHATSAPP_STATE_LABELS,
  type StaffWhatsappConversationFieldsFragment,
} from '@/lib/painel/whatsapp';
import { FieldFrame } from '../../ui/field-frame';
import { FormAlert } from '../../ui/form-alert';
import { DoneNotice, useDoneNotice } from '../done-notice';
import { usePainelMutation } from '../use-painel-mutation';
import { usePainelQuery } from '../use-painel-query';

type Conversation = StaffWhatsappConversationFieldsFragment;

/**
 * "WhatsApp": the member's conversation with the club's number, newest last; when the member asked for a person
 * (atendente), atendimento answers here within WhatsApp's 24-hour window and gives the conversation back to the bot.
 */
export function WhatsappSection({ memberId }: { memberId: string }) {
  const query = usePainelQuery(QStaffWhatsappConversation, { variables: { memberId } });
  const conversation = query.data?.staffWhatsappConversation;
  const [reply, setReply] = useState('');
  const [failure, setFailure] = useState<Error | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { done, setDone, status } = useDoneNotice();
  const [send, sending] = usePainelMutation(MStaffWhatsappReply);
  const [end, ending] = usePainelMutation(MStaffWhatsappEndHandover);
  const show = (next: Conversation) => query.update(() => ({ staffWhatsappConversation: next }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    setFailure(null);
    const text = reply.trim();
    setProblem(text === '' ? 'Escreva a resposta.' : null);
    if (text === '') return;
    try {
      show((await send({ memberId, text })).staffWhatsappReply);
      setReply('');
      setDone('Resposta enviada ao membro pelo WhatsApp.');
    } catch (error) {
      setFailure(error as Error);
    }
  };

  const giveBack = async () => {
    setDone(null);
    setFailure(null);
    try {
      show((await end({ memberId })).staffWhatsappEndHandover);
      setDone('Atendimento encerrado: o robô volta a responder o membro.');
    } catch (error) {
      setFailure(error as Error);
    }
  };

  const apiFields = fieldErrors(failure as never);
  return (
    <section aria-labelledby="whatsapp" className="member-page__section">
      <h2 id="whatsapp">WhatsApp</h2>
      <DoneNotice done={done} status={status} />
      <FormAlert
        message={
          (failure && Object.keys(apiFields).length === 0 ? errorMessage(failure as never) : null) ??
          (query.error ? errorMessage(query.error as never) : null)
        }
      />
      {!conversation ? (
        <p aria-busy={query.loading}>{query.loading ? 'Carregando a conversa…' : ''}</p>
      ) : (
        <>
          <p>
            {conversation.handedOverAt
              ? `O membro pediu atendimento em ${formatDateTime(conversation.handedOverAt)}: o robô só responde comandos até o atendimento ser encerrado.`
              : 'O robô responde o membro (ele pede uma pessoa escrevendo "atendente").'}
          </p>
          {conversation.lines.length === 0 ? (
            <p>Nenhuma mensagem nos últimos 90 dias.</p>
          ) : (
            <ol className="whatsapp-conversation" aria-label="Conversa, a mais recente por último">
              {conversation.lines.map((line, index) => (
                <li
                  key={index}
                  className={`whatsapp-conversation__line whatsapp-conversation__line--${line.direction}`}
                >
                  <span className="whatsapp-conversation__who">
                    {line.direction === 'in' ? 'Membro' : 'Clube'} ·{' '}
                    <time dateTime={line.at}>{formatDateTime(line.at)}</time>
                    {line.state ? ` · ${WHATSAPP_STATE_LABELS[line.state] ?? line.state}` : ''}
                  </span>
                  <span className="whatsapp-conversation__text">{line.text}</span>
                </li>
              ))}
            </ol>
          )}
          {conversation.canReplyUntil ? (
            <form onSubmit={(event) => void submit(event)} aria-label="Responder pelo WhatsApp" noValidate>
              <FieldFrame
                label="Resposta ao membro"
                hint={`Até ${formatDateTime(conversation.canReplyUntil)} (24 horas depois da última mensagem dele). Fica na auditoria.`}
                error={problem ?? apiFields['text']}
              >
                {(control) => (
                  <textarea
                    className="field__input"
                    rows={3}
                    maxLength={WHATSAPP_REPLY_MAX}
                    value={reply}
                    onChange={(event) => setReply(event.target.value)}
                    {...control}
                  />
                )}
              </FieldFrame>
              <div className="member-page__actions">
                <button type="submit" className="button button--primary" disabled={sending.loading}>
                  {sending.loading ? 'Enviando…' : 'Enviar resposta'}
                </button>
                {conversation.handedOverAt && (
                  <button type="button" className="button" disabled={ending.loading} onClick={() => void giveBack()}>
                    Encerrar atendimento
                  </button>
                )}
              </div>
            </form>
          ) : (
            <p className="muted">
              A última mensagem do membro tem mais de 24 horas (ou não há nenhuma): o WhatsApp só deixa responder depois
              que ele escrever de novo.
            </p>
          )}
        </>
      )}
    </section>
  );
}
