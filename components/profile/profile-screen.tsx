'use client';
import { useQuery } from '@apollo/client/react';
import Link from 'next/link';
import { maskCnpj, maskCpf, maskPhone } from '@/lib/format/masks';
import { QProfile, QProfileOptions } from '@/lib/graphql/profile-operations';
import { routes } from '@/lib/routes';
import { storeLabel } from '@/lib/stores/store-label';
import { Spinner } from '../ui/spinner';
import { ConnectedDevices } from './connected-devices';
import { DataRightsSection } from './data-rights-section';
import { PhotoSection } from './photo-section';
import { ProfileSection } from './profile-section';
import { ProfileForm } from './profile-form';
import { SurveyForm } from './survey-form';
import { WorkshopForm } from './workshop-form';

/**
 * /perfil: photo, name and CPF on top, then one collapsible section per subject (personal and access data, address,
 * workshop, survey, privacy), each with its own save, so a phone never scrolls through all of them at once.
 */
export function ProfileScreen() {
  const { data, loading, error } = useQuery(QProfile, { fetchPolicy: 'network-only' });
  const { data: options } = useQuery(QProfileOptions);
  const me = data?.me;

  if (!me) {
    return (
      <section className="card" aria-labelledby="page-title">
        <h1 id="page-title">Meu perfil</h1>
        {loading || !error ? (
          <Spinner />
        ) : (
          <p className="alert alert--error" role="alert">
            Não foi possível carregar seu perfil. Tente de novo.
          </p>
        )}
      </section>
    );
  }

  const ww = me.userWoodWork;
  return (
    <div className="profile">
      <section className="card" aria-labelledby="page-title">
        <h1 id="page-title">Meu perfil</h1>
        <PhotoSection name={me.name} profileImage={me.profileImage ?? null} />
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
        <ProfileForm
          key={me.id}
          user={me}
          part="personal"
          submitLabel="Salvar dados pessoais"
          onSaved={() => undefined}
        />
      </ProfileSection>

      <ProfileSection id="endereco" title="Endereço">
        <ProfileForm key={me.id} user={me} part="address" submitLabel="Salvar endereço" onSaved={() => undefined} />
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
            <WorkshopForm workshop={ww ?? null} states={options?.states ?? []} />
          </ProfileSection>
          <ProfileSection id="pesquisa" title="Pesquisa">
            <SurveyForm survey={ww?.woodworkSurvey ?? null} />
          </ProfileSection>
        </>
      )}

      <ProfileSection id="aparelhos" title="Aparelhos conectados">
        <ConnectedDevices />
      </ProfileSection>

      <ProfileSection id="privacidade" title="Privacidade">
        <DataRightsSection />
      </ProfileSection>
    </div>
  );
}
