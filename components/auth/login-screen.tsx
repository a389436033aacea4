import { IntentLink } from '../ui/intent-link';
import { routes } from '@/common/routes';
import type { LoginVariant } from '@/common/validation/login-identifier';
import { AccountDeletedNotice } from './account-deleted-notice';
import { LoginForm } from './login-form';
import { SessionEndedNotice } from './session-ended-notice';

const OTHER_WAYS: { variant: LoginVariant; href: string; label: string }[] = [
  { variant: 'cpf', href: routes.loginCpf(), label: 'Entrar com CPF' },
  { variant: 'email', href: routes.loginEmail(), label: 'Entrar com e-mail' },
  { variant: 'phone', href: routes.loginPhone(), label: 'Entrar com celular' },
];

/** The login screen; private pages show it at their own URL to a logged-out visitor. */
export function LoginScreen({ variant = 'any' }: { variant?: LoginVariant }) {
  return (
    <section className="card card--narrow" aria-labelledby="login-title">
      <h1 id="login-title">Entrar no clube</h1>
      <AccountDeletedNotice />
      <SessionEndedNotice />
      <p className="muted">Acesse sua conta para acompanhar seus pontos, notas fiscais e promoções.</p>
      <LoginForm variant={variant} />
      <nav aria-label="Outras formas de entrar" className="login__alternatives">
        <ul>
          {OTHER_WAYS.filter((w) => w.variant !== variant).map((w) => (
            <li key={w.href}>
              <IntentLink href={w.href}>{w.label}</IntentLink>
            </li>
          ))}
        </ul>
      </nav>
      <p className="login__signup">
        Ainda não é membro? <IntentLink href={routes.signUp()}>Cadastre-se</IntentLink>
      </p>
    </section>
  );
}
