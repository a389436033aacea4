'use client';
import { useQuery } from '@apollo/client/react';
import Link from 'next/link';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { maskCnpj, maskCpf, maskPhone } from '@/common/format/masks';
import { QProfile, QProfileOptions } from '@/lib/profile/operations';
import { useOffline } from '@/lib/network/use-offline';
import { routes } from '@/common/routes';
import { storeLabel } from '@/lib/stores/store-label';
import { lazyNow } from '../ui/lazy-now';
import { Spinner } from '../ui/spinner';
import { ProfileSection } from './profile-section';
import { WhatsappSwitch } from './whatsapp-switch';

// The photo and the forms (with react-hook-form) load beside the profile query, asked for as soon as the page runs:
// they show when the profile does, without weighing on the page's first load.
const PhotoSection = lazyNow(() => import('./photo-section').then((m) => m.PhotoSection));
const ProfileForm = lazyNow(() => import('./profile-form').then((m) => m.ProfileForm));
// The sections that open closed load right after the page, each as its own chunk: the page works without waiting for
// them, and they are there by the time the member opens one.
const WorkshopForm = lazy(() => import('./workshop-form').then((m) => ({ default: m.WorkshopForm })));
const SurveyForm = lazy(() => import('./survey-form').then((m) => ({ default: m.SurveyForm })));
const ConnectedDevices = lazy(() => import('./connected-devices').then((m) => ({ default: m.ConnectedDevices })));
const DataRightsSection = lazy(() => import('./data-rights-section').then((m) => ({ default: m.DataRightsSection })));
const PartnerLinkSection = lazy(() =>
  import('./partner-link-section').then((m) => ({ default: m.PartnerLinkSection })),
);

/**
 * /perfil: photo, name and CPF on top, then one collapsible section per subject (personal and access data, address,
 * workshop, survey, privacy), each with its own save, so a phone never scrolls through all of them at once.
 */
export function ProfileScreen() {
  const { data, loading, error, refetch } = useQuery(QProfile, { fetchPolicy: 'network-only' });
  const { data: options } = useQuery(QProfileOptions);
  const me = data?.me;
  const offline = useOffline();
  const failed = Boolean(error && !me);
  // Opened without signal: the profile comes by itself once the club answers again.
  const wasOffline = useRef(offline);
  useEffect(() => {
    if (wasOffline.current && !offline && failed) void refetch().catch(() => undefined);
    wasOffline.current = offline;
  }, [failed, offline, refetch]);

  if (!me) {
    return (
      <section className="card" aria-labelledby="page-title">
        <h1 id="page-title">Meu perfil</h1>
        {loading || !error ? (
          <Spinner />
        ) : offline ? (
          <p className="device-copy" role="status">
            Sem conexão: seu perfil precisa do clube para abrir e ser alterado. Ele aparece aqui quando o sinal voltar.
          </p>
        ) : (
          <p className="alert alert--error" role="alert">
            Não foi possível carregar seu perfil. Tente de novo.
          </p>
        )}
      </section>
    );
  }

  const ww = me.userWoodWork;
  // One boundary for the open section's form: the profile shows once its chunk is there too, so the form arriving
  // later never pushes the sections below it down under a finger on its way to one of them.
  return (
    <Suspense
      fallback={
        <section className="card" aria-labelledby="page-title">
          <h1 id="page-title">Meu perfil</h1>
          <Spinner />
        </section>
      }
    >
      <div className="profile">
        <section className="card" aria-labelledby="page-title">
          <h1 id="page-title">Meu perfil</h1>
          <Suspense
            fallback={
              <div className="photo-section" aria-hidden="true">
                <div className="photo-section__avatar">
                  <span className="photo-section__initial">{me.name.slice(0, 1).toUpperCase()}</span>
                </div>
              </div>
            }
          >
            <PhotoSection name={me.name} profileImage={me.profileImage ?? null} />
          </Suspense>
          <dl className="profile__facts">
            <div>
              <dt>Nome</dt>
              <dd>
                {me.name} {me.surName}
              </dd>
            </div>
            <div>
              <dt>CPF</dt>
              <dd>{maskCpf(me.cpf)}</dd>
            </div>
            {me.store && (
              <div>
                <dt>Loja de cadastro</dt>
                <dd>{storeLabel(me.store)}</dd>
              </div>
            )}
          </dl>
        </section>

        <ProfileSection id="dados-pessoais" title="Dados pessoais" defaultOpen>
          <h3 className="profile__section-subtitle">Dados de acesso</h3>
          <dl className="profile__facts">
            <div>
              <dt>E-mail</dt>
              <dd>
                {me.email}
                {me.pendingEmail && (
                  <span className="profile__pending">
                    {' '}
                    Aguardando confirmação: <strong>{me.pendingEmail}</strong>
                  </span>
                )}
              </dd>
              <dd>
                <Link href={routes.changeEmail()}>Alterar e-mail</Link>
              </dd>
            </div>
            <div>
              <dt>Celular</dt>
              <dd>{me.phoneNumber ? maskPhone(me.phoneNumber) : 'Não informado'}</dd>
              <dd>
                <Link href={routes.changePhone()}>Alterar celular</Link>
              </dd>
            </div>
            <div>
              <dt>Senha</dt>
              <dd>••••••••</dd>
              <dd>
                <Link href={routes.changePassword()}>Alterar senha</Link>
              </dd>
            </div>
          </dl>
          <WhatsappSwitch on={me.chatbotInvoiceUploadEnabled} />
          <ProfileForm
            key={me.id}
            user={me}
            part="personal"
            submitLabel="Salvar dados pessoais"
            onSaved={() => undefined}
          />
        </ProfileSection>

        <ProfileSection id="endereco" title="Endereço">
          <Suspense fallback={<Spinner />}>
            <ProfileForm key={me.id} user={me} part="address" submitLabel="Salvar endereço" onSaved={() => undefined} />
          </Suspense>
        </ProfileSection>

        {me.woodWorkRelated && (
          <>
            <ProfileSection id="oficina" title="Oficina">
              <dl className="profile__facts">
                <div>
                  <dt>CNPJ</dt>
                  <dd>{ww?.cnpj ? maskCnpj(ww.cnpj) : 'Não informado'}</dd>
                  <dd>
                    <Link href={routes.changeCnpj()}>{ww?.cnpj ? 'Alterar CNPJ' : 'Informar CNPJ'}</Link>
                  </dd>
                </div>
              </dl>
              <Suspense fallback={<Spinner />}>
                <WorkshopForm workshop={ww ?? null} states={options?.states ?? []} />
              </Suspense>
            </ProfileSection>
            <ProfileSection id="pesquisa" title="Pesquisa">
              <Suspense fallback={<Spinner />}>
                <SurveyForm survey={ww?.woodworkSurvey ?? null} />
              </Suspense>
            </ProfileSection>
          </>
        )}

        {/* A row like the sections around it, opening its own page: the device's permission and push code load there. */}
        <section className="card profile-section">
          <Link className="profile-section__summary profile-link-row" href={routes.notificationSettings()}>
            <h2>Notificações</h2>
          </Link>
        </section>

        <ProfileSection id="aparelhos" title="Aparelhos conectados">
          <Suspense fallback={<Spinner />}>
            <ConnectedDevices />
          </Suspense>
        </ProfileSection>

        <ProfileSection id="parceiro" title="Programa de pontos parceiro">
          <Suspense fallback={<Spinner />}>
            <PartnerLinkSection />
          </Suspense>
        </ProfileSection>

        <ProfileSection id="privacidade" title="Privacidade">
          <Suspense fallback={<Spinner />}>
            <DataRightsSection />
          </Suspense>
        </ProfileSection>
      </div>
    </Suspense>
  );
}
