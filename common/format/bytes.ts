import { lazyFormat } from './lazy-format';

const SIZE = lazyFormat(() => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }));

/** A file's or a store's size as a member reads it: "820 KB", "1,4 MB". */
export const formatBytes = (bytes: number): string =>
  bytes >= 1024 * 1024
    ? `${SIZE().format(bytes / (1024 * 1024))} MB`
    : `${SIZE().format(Math.max(1, bytes / 1024))} KB`;
