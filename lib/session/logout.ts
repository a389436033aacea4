import type { ApolloClient } from '@apollo/client';
import { chatSupport, type ChatSupport } from '../chat-support';
import { DEVICE_SESSION_HEADER, peekDeviceSessionId } from '../device-session/session-id';
import { MLogout } from './operations';
import { routes } from '@/common/routes';
import { useSessionStore } from './store';

export interface LogoutDeps {
  client: Pick<ApolloClient, 'clearStore' | 'mutate'>;
  navigate: (path: string) => void;
  chat?: ChatSupport;
}

/**
 * Logout (docs/product.md#45-logout): end this session on the API (best effort: a weak signal must not keep the member
 * logged in), forget the tokens and cached data, end the chat session (errors only logged), go to login.
 */
export async function logout({ client, navigate, chat = chatSupport }: LogoutDeps): Promise<void> {
  const { token, refreshToken } = useSessionStore.getState();
  // Clearing the session ends the device session too (docs/session-security.md#ending-a-session); the logout itself
  // still belongs to the one ending.
  const deviceSessionId = peekDeviceSessionId();
  // This device stops receiving the member's notifications: loaded only now, and never waited for.
  const pushHeaders: Record<string, string> = deviceSessionId ? { [DEVICE_SESSION_HEADER]: deviceSessionId } : {};
  if (token) pushHeaders.authorization = `Bearer ${token}`;
  import('../pwa/push-subscription')
    .then(({ endOnLogout }) => endOnLogout(client, pushHeaders))
    .catch((error: unknown) => console.warn('Falha ao cancelar as notificações deste aparelho', error));
  useSessionStore.getState().clearSession();
  if (refreshToken) {
    const context = deviceSessionId ? { headers: { [DEVICE_SESSION_HEADER]: deviceSessionId } } : undefined;
    client.mutate({ mutation: MLogout, variables: { refreshToken }, context }).catch((error: unknown) => {
      console.warn('Falha ao encerrar a sessão no servidor', error);
    });
  }
  try {
    await chat.endSession();
  } catch (error) {
    console.error('Falha ao encerrar o atendimento por chat', error);
  }
  await client.clearStore();
  navigate(routes.login());
}
