/**
 * What a person does first on a page: a tap or click, a key, typing, a scroll of the wheel. Focus alone is not one:
 * the app moves focus itself when a page opens.
 */
const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'input', 'wheel'] as const;

let interacted = false;

/**
 * Runs `callback` once the person has done something on the page (at once if they already have); returns the function
 * that cancels it. For work only a person's actions need, kept off the page's load.
 */
export function afterFirstInteraction(callback: () => void): () => void {
  if (interacted) {
    callback();
    return () => undefined;
  }
  const options = { capture: true, passive: true } as const;
  const stop = () => {
    for (const type of INTERACTIONS) window.removeEventListener(type, onInteraction, options);
  };
  function onInteraction() {
    interacted = true;
    stop();
    callback();
  }
  for (const type of INTERACTIONS) window.addEventListener(type, onInteraction, options);
  return stop;
}

/** For tests: forget that the person has interacted. */
export function resetInteractionForTests(): void {
  interacted = false;
}
