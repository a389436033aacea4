import type { ApolloClient } from '@apollo/client';
import { chatSupport, type ChatSupport } from '../chat-support';
import { routes } from '../routes';
import { useSessionStore } from './store';

export interface LogoutDeps {
  client: Pick<ApolloClient, 'clearStore'>;
  navigate: (path: string) => void;
  chat?: ChatSupport;
}

/** Logout (SPEC 4): forget the tokens and cached data, end the chat session (errors only logged), go to login. */
export async function logout({ client, navigate, chat = chatSupport }: LogoutDeps): Promise<void> {
  useSessionStore.getState().clearSession();
  try {
    await chat.endSession();
  } catch (error) {
    console.error('Falha ao encerrar o atendimento por chat', error);
  }
  await client.clearStore();
  navigate(routes.login());
}
