/**
 * @jest-environment node
 */
import { ApolloClient, gql, InMemoryCache } from '@apollo/client';
import { useSessionStore } from '../session/store';
import { createLink } from './links';
import { createProgressFetch } from './xhr-fetch';

const UPLOAD = gql`
  mutation Up($files: [Upload!]!) {
    up(files: $files)
  }
`;

describe('upload link', () => {
  it('sends files as a GraphQL multipart request with the preflight and bearer headers, after the auth link', async () => {
    useSessionStore.setState({ token: 'access', refreshToken: 'refresh', initialized: true, hydrated: true });
    let seen: { headers: Headers; body: unknown } | undefined;
    const fetchMock = jest.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      seen = { headers: new Headers(init?.headers), body: init?.body };
      return new Response(JSON.stringify({ data: { up: true } }), { headers: { 'content-type': 'application/json' } });
    });
    const client = new ApolloClient({
      cache: new InMemoryCache(),
      link: createLink({ uri: 'http://api.test/graphql', fetch: fetchMock as typeof fetch }),
    });
    const file = new File(['%PDF-1.7'], 'nota.pdf', { type: 'application/pdf' });
    const result = await client.mutate({ mutation: UPLOAD, variables: { files: [file] } });
    expect(result.data).toEqual({ up: true });
    expect(seen?.headers.get('apollo-require-preflight')).toBe('true');
    expect(seen?.headers.get('authorization')).toBe('Bearer access');
    expect(seen?.headers.has('content-type')).toBe(false);
    const form = seen?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(JSON.parse(String(form.get('map')))).toEqual({ 1: ['variables.files.0'] });
    expect((form.get('1') as File).name).toBe('nota.pdf');
  });

  it('uses XMLHttpRequest only for requests that ask for upload progress', async () => {
    const fallback = jest.fn(async () => new Response('{}'));
    const progress = createProgressFetch(fallback as unknown as typeof fetch);
    await progress('http://api.test/graphql', { method: 'POST', body: '{}' });
    expect(fallback).toHaveBeenCalledTimes(1);

    const sent: unknown[] = [];
    class FakeXhr {
      upload: { onprogress?: (e: { loaded: number; total: number; lengthComputable: boolean }) => void } = {};
      status = 200;
      statusText = 'OK';
      responseText = '{"data":{"up":true}}';
      onload?: () => void;
      open() {}
      setRequestHeader() {}
      getAllResponseHeaders() {
        return 'content-type: application/json\r\n';
      }
      send(body: unknown) {
        sent.push(body);
        this.upload.onprogress?.({ loaded: 5, total: 10, lengthComputable: true });
        this.onload?.();
      }
    }
    Object.assign(globalThis, { XMLHttpRequest: FakeXhr });
    const onUploadProgress = jest.fn();
    const response = await progress('http://api.test/graphql', {
      method: 'POST',
      body: 'x',
      onUploadProgress,
    } as RequestInit);
    expect(await response.json()).toEqual({ data: { up: true } });
    expect(onUploadProgress).toHaveBeenCalledWith({ loaded: 5, total: 10 });
    expect(fallback).toHaveBeenCalledTimes(1);
    delete (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest;
  });
});
