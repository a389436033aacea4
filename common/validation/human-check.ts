/** Shown when a form is sent before the human verification finished, by the form and by the API alike. */
export const HUMAN_CHECK_MESSAGE = 'Confirme que você não é um robô antes de continuar.';
