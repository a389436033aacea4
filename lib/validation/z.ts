import { z } from 'zod';

// The app's Content-Security-Policy has no 'unsafe-eval'. On its first object parse zod probes `new Function` to
// compile a faster parser, and the browser reports that refusal as a CSP violation; form-sized input needs no
// compiled parser. Browser code imports `z` from here, never from 'zod' directly.
z.config({ jitless: true });

export { z };
