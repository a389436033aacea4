import { config } from 'zod';

// The app's Content-Security-Policy has no 'unsafe-eval'. On its first object parse zod probes `new Function` to
// compile a faster parser, and the browser reports that refusal as a CSP violation; form-sized input needs no
// compiled parser. Imported once, for this effect, by the client root (components/providers/app-providers.tsx).
// Only `config` is imported so the rest of zod stays tree-shaken per page.
config({ jitless: true });
