import { loadConfig } from '../config';
import { createFileStorage } from './from-config';
import { LocalDiskStorage } from './local-disk';
import { S3Storage } from './s3';

const env = (vars: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/srv/clube', ...vars });

describe('S3 settings', () => {
  it('keeps files on the local disk while S3_BUCKET is unset', () => {
    const config = env({});
    expect(config.s3).toBeUndefined();
    expect(createFileStorage(config)).toBeInstanceOf(LocalDiskStorage);
  });

  it('uses AWS in us-east-1 with the environment credentials when only S3_BUCKET is set', () => {
    const config = env({ S3_BUCKET: 'clube-arquivos' });
    expect(config.s3).toEqual({
      bucket: 'clube-arquivos',
      region: 'us-east-1',
      endpoint: undefined,
      credentials: undefined,
      prefix: '',
    });
    expect(createFileStorage(config)).toBeInstanceOf(S3Storage);
  });

  it('reads an S3-compatible server, its keys and a prefix without slashes at the ends', () => {
    const config = env({
      S3_BUCKET: 'clube',
      S3_ENDPOINT: 'http://minio.interno:9000',
      S3_REGION: 'sa-east-1',
      S3_ACCESS_KEY_ID: 'chave',
      S3_SECRET_ACCESS_KEY: 'segredo',
      S3_PREFIX: '/producao/arquivos/',
    });
    expect(config.s3).toEqual({
      bucket: 'clube',
      region: 'sa-east-1',
      endpoint: 'http://minio.interno:9000',
      credentials: { accessKeyId: 'chave', secretAccessKey: 'segredo' },
      prefix: 'producao/arquivos',
    });
  });

  it.each([
    [{ S3_BUCKET: 'clube', S3_ACCESS_KEY_ID: 'chave' }, /S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY/],
    [{ S3_BUCKET: 'clube', S3_SECRET_ACCESS_KEY: 'segredo' }, /S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY/],
    [{ S3_ENDPOINT: 'http://minio:9000' }, /S3_BUCKET: defina o bucket/],
    [{ S3_PREFIX: 'clube' }, /S3_BUCKET: defina o bucket/],
    [{ S3_BUCKET: 'clube', S3_PREFIX: 'a/../b' }, /S3_PREFIX/],
    [{ S3_BUCKET: 'clube', S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT/],
  ])('refuses %j with a message naming the setting', (vars, message) => {
    expect(() => env(vars)).toThrow(message);
  });
});
