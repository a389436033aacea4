'use client';

/** "Foto 2 de 5": the gallery's counter and the full-screen viewer's title. */
export const counterText = (index: number, total: number) => `Foto ${index + 1} de ${total}`;

/**
 * Anterior / Próxima. At either end it stays focusable and says it is unavailable (aria-disabled) instead of
 * `disabled`, which would drop the keyboard focus to the page's start.
 */
export function StepButton({
  direction,
  index,
  total,
  onStep,
}: {
  direction: -1 | 1;
  index: number;
  total: number;
  onStep: (index: number) => void;
}) {
  const next = index + direction;
  const unavailable = next < 0 || next >= total;
  return (
    <button
      type="button"
      className="button button--secondary photo-gallery__step"
      aria-disabled={unavailable}
      // The full name for a screen reader; the short visible word fits beside the counter on a phone.
      aria-label={direction < 0 ? 'Foto anterior' : 'Próxima foto'}
      onClick={() => {
        if (!unavailable) onStep(next);
      }}
    >
      {direction < 0 ? (
        <>
          <span aria-hidden="true">‹ </span>
          <span className="photo-gallery__step-word">Anterior</span>
        </>
      ) : (
        <>
          <span className="photo-gallery__step-word">Próxima</span>
          <span aria-hidden="true"> ›</span>
        </>
      )}
    </button>
  );
}
