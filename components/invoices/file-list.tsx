import { formatBytes as formatSize } from '@/common/format/bytes';

export interface FileListItem {
  id: string;
  name: string;
  size: number;
  label: string;
}

/** The files chosen for one invoice, each with its own progress bar while sending. */
export function FileList({
  files,
  progress,
  onRemove,
}: {
  files: FileListItem[];
  progress: number[] | null;
  onRemove?: ((id: string) => void) | undefined;
}) {
  if (files.length === 0) return null;
  const total = files.reduce((sum, f) => sum + f.size, 0);
  const sent = progress ? files.reduce((sum, f, i) => sum + f.size * (progress[i] ?? 0), 0) : 0;
  return (
    <>
      {progress && (
        <p className="file-list__summary" role="status">
          Enviando: {Math.round((sent / Math.max(1, total)) * 100)}% · faltam {formatSize(Math.max(0, total - sent))}.
          Não feche esta página.
        </p>
      )}
      <ul className="file-list" aria-label="Arquivos escolhidos">
        {files.map((file, index) => {
          const percent = progress ? Math.round((progress[index] ?? 0) * 100) : null;
          return (
            <li key={file.id} className="file-list__item">
              <div className="file-list__row">
                <span className="file-list__name">{file.name}</span>
                <span className="muted">
                  {file.label} · {formatSize(file.size)}
                </span>
                {onRemove && (
                  <button
                    type="button"
                    className="button button--ghost file-list__remove"
                    onClick={() => onRemove(file.id)}
                  >
                    Remover<span className="visually-hidden"> {file.name}</span>
                  </button>
                )}
              </div>
              {percent !== null && (
                <div className="file-list__sending">
                  <progress
                    className="file-list__progress"
                    max={100}
                    value={percent}
                    aria-label={`Envio de ${file.name}`}
                  >
                    {percent}%
                  </progress>
                  <span className="file-list__percent" aria-hidden="true">
                    {percent}%
                  </span>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
