import { randomUUID } from 'node:crypto';

export interface TestFile {
  name: string;
  content: Buffer;
  type?: string;
}

/** A GraphQL multipart request (jaydenseric spec) as app.inject takes it. */
export function multipart(query: string, variables: Record<string, unknown>, filePaths: string[], files: TestFile[]) {
  const boundary = `----clube${randomUUID()}`;
  const parts: Buffer[] = [];
  const field = (name: string, value: string) =>
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  field('operations', JSON.stringify({ query, variables }));
  field('map', JSON.stringify(Object.fromEntries(filePaths.map((p, i) => [String(i + 1), [p]]))));
  files.forEach((file, i) => {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${i + 1}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  });
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
