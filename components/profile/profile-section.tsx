import type { ReactNode } from 'react';

/**
 * One subject of /perfil on a native disclosure: the keyboard, screen readers and "find in page" all know how to
 * open it, and the heading inside the summary keeps the page's outline.
 */
export function ProfileSection({
  id,
  title,
  defaultOpen = false,
  children,
}: {
  id: string;
  title: string;
  defaultOpen?: boolean;
  children: ReactNode;
}) {
  return (
    <details className="card profile-section" id={id} open={defaultOpen}>
      <summary className="profile-section__summary">
        <h2>{title}</h2>
      </summary>
      <div className="profile-section__body">{children}</div>
    </details>
  );
}
