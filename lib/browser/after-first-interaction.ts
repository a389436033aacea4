/**
 * What a person does first on a page: a tap or click, a key, typing, a scroll of the wheel. Focus alone is not one:
 * the app moves focus itself when a page opens.
 */
const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'input', 'wheel'] as const;

let interacted = false;

/** The text fields a person types into (not the boxes, buttons and hidden fields a page fills itself). */
const TEXT_FIELDS = 'input:not([type=checkbox]):not([type=radio]):not([type=hidden]):not([type=submit]), textarea';

/**
 * A field of `root` typed into before the page's scripts arrived (a weak signal paints a form seconds before its
 * scripts): a first action no event will tell of any more.
 */
export function typedBeforeScripts(root: ParentNode = document): boolean {
  return Array.from(root.querySelectorAll<HTMLInputElement>(TEXT_FIELDS)).some((field) => field.value !== '');
}

/**
 * Runs `callback` once the person has done something on the page (at once if they already have); returns the function
 * that cancels it. For work only a person's actions need, kept off the page's load.
 */
export function afterFirstInteraction(callback: () => void): () => void {
  if (interacted || typedBeforeScripts()) {
    interacted = true;
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
