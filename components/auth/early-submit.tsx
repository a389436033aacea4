/**
 * What the login form does when it is sent before the page's scripts have arrived (a weak signal paints the form
 * seconds before React takes it over): this inline script, parsed with the form, keeps the browser from sending it
 * natively (which would put it on the wire without the human check and leave the page) and marks it as sent; the form
 * sends it itself once its script runs (`takeEarlySubmit`). Until then the button shows the send is taken.
 */
const SCRIPT =
  "(function(){var f=document.currentScript.parentElement;f.addEventListener('submit',function(e){" +
  "if(f.hasAttribute('data-ready'))return;e.preventDefault();f.setAttribute('data-early','sent')})})()";

/**
 * Rendered as the form's first child, so it runs before the button is parsed: on a slow line the HTML arrives in
 * pieces, and a button painted before the script would send natively. A form rendered in the browser (not from the
 * HTML) never runs it.
 */
export function EarlySubmit() {
  return <script dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}

/**
 * Called once the form's own script runs: from then on the form sends itself. True when the member sent it before
 * (the caller sends it now, with what was typed).
 */
export function takeEarlySubmit(form: HTMLFormElement): boolean {
  form.setAttribute('data-ready', '');
  const sent = form.getAttribute('data-early') === 'sent';
  form.removeAttribute('data-early');
  return sent;
}
