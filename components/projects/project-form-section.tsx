import type { ReactNode } from 'react';

/** One titled part of the project form; its heading names it for screen readers. */
export function ProjectFormSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="project-form__section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
