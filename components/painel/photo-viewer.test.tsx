import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render } from '@testing-library/react';
import { PhotoViewer } from './photo-viewer';

/** Every class a stylesheet styles, by its selectors. */
const stylesheetClasses = (file: string) =>
  new Set([...readFileSync(path.join(process.cwd(), file), 'utf8').matchAll(/\.([a-z][\w-]*)/g)].map((m) => m[1]!));

describe("the painel's photo viewer", () => {
  it("shares no class with the member app's gallery styles, which every page loads, so their sizes cannot override its zoom", () => {
    const { container } = render(<PhotoViewer src="/painel/arquivos/nota-1" alt="Foto da nota #1" />);
    const gallery = stylesheetClasses('app/styles/photo-gallery.css');
    // The shared buttons are the design system's, styled the same everywhere.
    const own = [...container.querySelectorAll('[class]')]
      .flatMap((element) => [...element.classList])
      .filter((name) => !name.startsWith('button'));
    expect(own.length).toBeGreaterThan(0);
    expect(own.filter((name) => gallery.has(name))).toEqual([]);
  });
});
